/// A catalog written the way people write them — comments own-line and inline, blank lines, an
/// anchor merged into some products, flow and block maps, quoted and plain strings — drawn from a
/// seed, with the places of the values a test may change (``Site``): for generated tests of the
/// catalog editor and of a refresh against a store.
public struct AnnotatedCatalog: Sendable {
    /// A value a test may change: where it stands, what it is, and a value of the same length
    /// (so a line changed by hand and a line the editor changed are the same bytes).
    public struct Site: Sendable, Hashable {
        public enum Field: String, Sendable { case referenceName, usaPrice, displayName, description }
        /// The product's index in `products`.
        public var product: Int
        public var field: Field
        /// The 1-based line, and the byte range of the value on it (quotes excluded).
        public var line: Int
        public var columns: Range<Int>
        public var old: String
        public var new: String
    }

    public var text: String
    public var sites: [Site]

    /// The same seed gives the same catalog in every run (a linear congruential generator: no
    /// standard-library algorithm whose draws may change between Swift versions).
    public init(seed: UInt64, appleID: String = "1234567890") {
        var state = seed
        func draw(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var lines = [
            "# Catalog of a test app.", "format_version: 1", "", "app:", "  bundle_id: com.example.cosmicquest    # ours",
            "  apple_id: \"\(appleID)\"", "  default_locale: en-US", "", "x-defaults:", "  sale: &sale", "    status: approved",
            "    cleared_for_sale: true", "", "products:",
        ]
        var sites: [Site] = []
        func site(_ product: Int, _ field: Site.Field, _ value: String, _ new: String, in line: String) -> String {
            let range = line.range(of: value)!
            let lower = line.utf8.distance(from: line.startIndex, to: range.lowerBound)
            sites.append(
                Site(product: product, field: field, line: lines.count + 1, columns: lower..<lower + value.utf8.count, old: value, new: new)
            )
            return line
        }
        for index in 0..<(2 + draw(5)) {
            if draw(2) == 0 { lines.append("  # Product \(index).") }
            lines.append("  - id: com.example.cosmicquest.p\(index)" + (draw(2) == 0 ? "   # inline" : ""))
            lines.append("    type: non-consumable")
            let name = "Name \(index)"
            lines.append(
                site(
                    index, .referenceName, name, "Nome \(index)",
                    in: draw(2) == 0 ? "    reference_name: \(name)" : "    reference_name: \"\(name)\""))
            lines.append(draw(2) == 0 ? "    <<: *sale" : "    status: approved")
            lines.append("    family_sharing: \(draw(2) == 0)")
            let price = "\(index).99"
            if draw(2) == 0 {
                lines.append(
                    site(index, .usaPrice, price, "\(index).49", in: "    price: { storefronts: { USA: \"\(price)\" } }   # dollars"))
            } else {
                lines += ["    price:", "      storefronts:"]
                lines.append(site(index, .usaPrice, price, "\(index).49", in: "        USA: '\(price)'"))
            }
            lines.append("    localizations:")
            let display = "Item \(index)", description = "Thing number \(index)"
            if draw(2) == 0 {
                let line = "      en-US: { display_name: \(display), description: \(description) }"
                lines.append(site(index, .displayName, display, "Itam \(index)", in: line))
                sites.append(
                    Site(
                        product: index, field: .description, line: lines.count,
                        columns: line.utf8.count - 2 - description.utf8.count..<line.utf8.count - 2, old: description,
                        new: "Thing nomber \(index)"))
            } else {
                lines.append("      en-US:")
                lines.append(site(index, .displayName, display, "Itam \(index)", in: "        display_name: \(display)"))
                lines.append("        # what it is")
                lines.append(site(index, .description, description, "Thing nomber \(index)", in: "        description: \(description)"))
            }
            lines.append("")
        }
        text = lines.joined(separator: "\n")
        self.sites = sites
    }

    /// The text with each of `sites` holding its new value.
    public func changing(_ sites: some Sequence<Site>) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
        for site in sites {
            lines[site.line - 1].replaceSubrange(site.columns, with: Array(site.new.utf8))
        }
        return lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }

    /// A subset of the sites drawn from `seed`: each with probability one in `oneIn`.
    public func someSites(seed: UInt64, oneIn: Int = 4) -> [Site] {
        var state = seed ^ 0x9E37_79B9_7F4A_7C15
        return sites.filter { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % UInt64(oneIn) == 0
        }
    }
}
