import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds bulk-upload packages (`NAME.itmsp/` with `metadata.xml` and the review screenshots)
/// from a validated catalog. Each package is assembled in a temporary folder beside its target,
/// validated against schemas/bulk-iap.xsd, and only then renamed into place: a failure at any
/// step leaves the previous package as it was and no partial one behind.
public struct BulkXMLPackager {
    /// Apple's limit of `<in_app_purchase>` elements per upload.
    public static let maximumPerUpload = 1_000

    /// How the packages are built: overrides, which products go in, and how many per package.
    public struct Options: Sendable {
        /// Overrides `app.provider`.
        public var provider: String?
        /// Overrides `app.team_id`.
        public var teamID: String?
        /// Write `read_only_info` (status, apple-id): for archives and round trips, not uploads.
        public var includesStatus = false
        /// Only these products (nil: every product that is not removed).
        public var only: [String]?
        /// A previous package's metadata.xml: only products whose package entry differs from it.
        public var changedSince: (bytes: [UInt8], file: String)?
        /// The most products in one package (default: Apple's 1,000); more are split into numbered packages.
        public var maximumPerPackage = BulkXMLPackager.maximumPerUpload
        /// Review screenshots may lie outside the catalog's folder (`--allow-outside-paths`).
        public var allowsOutsidePaths = false
        /// An existing package folder may be replaced even when it holds files iapcat did not
        /// write there (`--force`); otherwise those are named and nothing is written.
        public var replacesForeignFiles = false

        /// Creates the default options: every product not removed, no overrides, no status, 1,000 per package.
        public init() {}
    }

    /// Why no package was written.
    public enum Failure: Error, Sendable {
        /// The catalog cannot become a package; nothing was written.
        case diagnostics([Diagnostic])
        /// The previous metadata.xml for `changedSince` could not be read.
        case unreadablePrevious([Diagnostic])
        /// The generated metadata.xml broke the schema: a defect in iapcat, reported as such.
        case schemaViolations(package: String, [(message: String, line: Int)])
        case output(OutputError)
    }

    /// The validated catalog the packages are built from.
    public let catalog: Catalog
    /// The catalog file, for diagnostics and to resolve screenshot paths.
    public let catalogFile: String
    /// What goes into the packages and how they are split.
    public var options: Options

    /// Creates a packager for `catalog`, read from `catalogFile`, with `options` (the defaults unless given).
    public init(catalog: Catalog, catalogFile: String, options: Options = Options()) {
        self.catalog = catalog
        self.catalogFile = catalogFile
        self.options = options
    }

    /// The products that go into the packages, in package order (each group's subscriptions
    /// together, where its first one stands).
    public func selectedProducts() throws(Failure) -> [Product] {
        var products = catalog.products.filter { $0.status != .removed && $0.isSold(on: .appStore) }
        if let only = options.only {
            let known = Set(products.map(\.id))
            let unknown = only.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw .diagnostics(
                    unknown.map {
                        Diagnostic(
                            .unknownProductID, "--only names '\($0)', which is not a product of the catalog (or is removed)",
                            at: SourceLocation(file: catalogFile))
                    })
            }
            let wanted = Set(only)
            products = products.filter { wanted.contains($0.id) }
        }
        if let previous = options.changedSince {
            products = try changed(products, since: previous)
        }
        return Self.packageOrder(products)
    }

    /// Writes the packages; returns their paths. `output` is `NAME.itmsp`; when more than
    /// ``Options/maximumPerPackage`` products go out, the packages are `NAME-1.itmsp`, `NAME-2.itmsp`, ….
    public func write(to output: String, progress: (String) -> Void = { _ in }) throws(Failure) -> [String] {
        let products = try selectedProducts()
        var check = BulkUploadCheck(catalog: catalog, file: catalogFile)
        check.check(products: products, provider: options.provider ?? catalog.app.provider)
        let screenshots = try packagedScreenshots(products)
        guard check.diagnostics.diagnostics.isEmpty else { throw .diagnostics(check.diagnostics.diagnostics.sorted()) }
        let chunks = stride(from: 0, to: max(products.count, 1), by: options.maximumPerPackage).map {
            Array(products[$0..<min($0 + options.maximumPerPackage, products.count)])
        }
        let paths = chunks.indices.map { chunks.count == 1 ? output : Self.numbered(output, $0 + 1) }
        // Every target is checked before any is written, so a refusal leaves all of them as they were
        // (folders missing above them are created first, as for every output).
        do throws(OutputError) {
            for path in paths {
                try MissingFolders.createAbove(path)
                try PackageDirectory.checkReplaceable(path, force: options.replacesForeignFiles)
            }
        } catch {
            throw .output(error)
        }
        let rendered = renderAndCheck(chunks, screenshots: screenshots, paths: paths)
        for (index, chunk) in chunks.enumerated() {
            progress("package \(index + 1) of \(chunks.count): \(chunk.count) in-app purchases → \(paths[index])")
            guard rendered[index].violations.isEmpty else { throw .schemaViolations(package: paths[index], rendered[index].violations) }
            try writePackage(rendered[index].xml, products: chunk, screenshots: screenshots, to: paths[index])
        }
        return paths
    }

    // MARK: Steps

    func writer() -> BulkXMLWriter {
        BulkXMLWriter(
            provider: options.provider ?? catalog.app.provider ?? "", teamID: options.teamID ?? catalog.app.teamID,
            includesStatus: options.includesStatus)
    }

    /// Each product's screenshot with its size, MD5 and a bare file name unique in the package.
    private func packagedScreenshots(_ products: [Product]) throws(Failure) -> [String: PackagedScreenshot] {
        let directory = FilePaths.directory(of: catalogFile)
        var result: [String: PackagedScreenshot] = [:]
        var sourceByName: [String: String] = [:]
        var problems: [Diagnostic] = []
        for product in products {
            guard let review = product.appStore.review, let screenshot = review.screenshot else { continue }
            let source: String
            switch ReferencedPath.resolve(screenshot, in: directory, allowingOutside: options.allowsOutsidePaths) {
            case .success(let path): source = path
            case .failure(let escape):
                problems.append(
                    Diagnostic(
                        .pathOutsideFolder,
                        escape.message("review screenshot '\(screenshot)' of '\(product.id)'"),
                        at: SourceLocation(file: catalogFile, review.positions.screenshot ?? .start)))
                continue
            }
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(source)
            } catch {
                problems.append(
                    Diagnostic(
                        .screenshotNotFound, "review screenshot of '\(product.id)': \(error)",
                        at: SourceLocation(file: catalogFile, review.positions.screenshot ?? .start)))
                continue
            }
            var name = FilePaths.fileName(of: screenshot)
            if let other = sourceByName[name], other != source { name = product.id + "-" + name }
            sourceByName[name] = source
            result[product.id] = PackagedScreenshot(sourcePath: source, fileName: name, size: bytes.count, md5: MD5.hex(bytes))
        }
        guard problems.isEmpty else { throw .diagnostics(problems) }
        return result
    }

    /// A package's metadata.xml and what `schemas/bulk-iap.xsd` finds wrong with it.
    private struct RenderedPackage: Sendable {
        var xml: [UInt8] = []
        var violations: [(message: String, line: Int)] = []
    }

    /// Renders every package and checks it against the schema, on all cores: packages are
    /// independent, and the check (re-reading and validating the XML) is most of the work.
    private func renderAndCheck(
        _ chunks: [[Product]], screenshots: [String: PackagedScreenshot], paths: [String]
    ) -> [RenderedPackage] {
        let schema = BulkXMLSchema.shared  // compiled (and libxml2 initialised) before the threads start
        let writer = writer(), app = catalog.app, groups = catalog.subscriptionGroups
        nonisolated(unsafe) var results = [RenderedPackage](repeating: RenderedPackage(), count: chunks.count)
        results.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: chunks.count) { index in
                let xml = writer.render(app: app, groups: groups, products: chunks[index], screenshots: screenshots)
                // Each thread writes only its own slot.
                slots[index] = RenderedPackage(xml: xml, violations: schema.violations(in: xml, file: paths[index] + "/metadata.xml"))
            }
        }
        return results
    }

    private func writePackage(
        _ xml: [UInt8], products: [Product], screenshots: [String: PackagedScreenshot], to path: String
    ) throws(Failure) {
        let staging = try PackageDirectory.makeStaging(beside: path)
        do throws(OutputError) {
            try PackageDirectory.writeFile(xml, to: staging + "/metadata.xml")
            var copied: Set<String> = []
            for product in products {
                guard let screenshot = screenshots[product.id], copied.insert(screenshot.fileName).inserted else { continue }
                let bytes: [UInt8]
                do { bytes = try InputFile.read(screenshot.sourcePath) } catch {
                    throw OutputError(path: screenshot.sourcePath, reason: error.reason)
                }
                try PackageDirectory.writeFile(bytes, to: staging + "/" + screenshot.fileName)
            }
            try PackageDirectory.install(staging, at: path)
        } catch {
            PackageDirectory.remove(staging)
            throw .output(error)
        }
    }

    /// Products in the order the writer emits them: a group's subscriptions follow its first.
    static func packageOrder(_ products: [Product]) -> [Product] {
        var ordered: [Product] = []
        var placed: Set<String> = []
        for product in products {
            guard let group = product.subscription?.group else {
                ordered.append(product)
                continue
            }
            guard placed.insert(group).inserted else { continue }
            ordered += products.filter { $0.subscription?.group == group }
        }
        return ordered
    }

    static func numbered(_ output: String, _ number: Int) -> String {
        let suffix = ".itmsp"
        let stem = output.hasSuffix(suffix) ? String(output.dropLast(suffix.count)) : output
        return "\(stem)-\(number)\(suffix)"
    }

    /// The products whose package entry differs from the one in `previous`, or that it lacks; a
    /// changed group name or localization counts for every subscription of the group. Screenshots
    /// compare by size and checksum, not file name.
    private func changed(_ products: [Product], since previous: (bytes: [UInt8], file: String)) throws(Failure) -> [Product] {
        let imported = BulkXMLImporter().read(previous.bytes, file: previous.file)
        guard let old = imported.catalog else {
            throw .unreadablePrevious(imported.diagnostics.filter { $0.severity == .error })
        }
        let screenshots = (try? packagedScreenshots(products)) ?? [:]
        let oldProducts = Dictionary(old.products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let oldGroups = Dictionary(old.subscriptionGroups.map { ($0.referenceName ?? $0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return products.filter { product in
            guard let before = oldProducts[product.id] else { return true }
            if let groupID = product.subscription?.group, let group = catalog.subscriptionGroups.first(where: { $0.id == groupID }) {
                guard let oldGroup = oldGroups[group.referenceName ?? group.id], Self.sameLocales(oldGroup, group) else { return true }
            }
            return comparableEntry(product, screenshots[product.id]) != comparableEntry(before, imported.screenshots[product.id])
        }
    }

    /// A product's package entry with what the XML does not carry, or carries elsewhere, left out.
    private func comparableEntry(_ product: Product, _ screenshot: PackagedScreenshot?) -> [UInt8] {
        var product = product
        product.status = .draft
        product.subscription?.group = ""
        var shot = screenshot
        shot?.fileName = "screenshot"
        shot?.sourcePath = ""
        let group = SubscriptionGroup(id: "", referenceName: "group")
        return writer().render(
            app: AppInfo(bundleID: nil), groups: [group], products: [product], screenshots: shot.map { [product.id: $0] } ?? [:])
    }

    private static func sameLocales(_ a: SubscriptionGroup, _ b: SubscriptionGroup) -> Bool {
        a.localizations.map { [$0.locale, $0.name ?? "", $0.appName ?? ""] }
            == b.localizations.map { [$0.locale, $0.name ?? "", $0.appName ?? ""] }
    }
}
