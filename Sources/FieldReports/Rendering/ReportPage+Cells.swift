/// The parts of the page's rows and headings that keep them readable on any screen: an id broken
/// only between its parts, the times of a row, its versions cut to the newest.
extension ReportPage {
    /// Versions shown in a row at most: the newest; the finding's section lists them all.
    static let rowVersions = 3

    /// `2.9, 3.0, 3.1`, or the newest ``rowVersions`` after how many come before them (`4 more, 3.0, 3.1, 3.2`).
    static func versions(_ versions: [String]) -> String {
        guard versions.count > rowVersions else { return versions.joined(separator: ", ") }
        return (["\(versions.count - rowVersions) more"] + versions.suffix(rowVersions)).joined(separator: ", ")
    }

    /// Characters of an id a row keeps on one line: most ids, which then never break (a `<wbr>`
    /// breaks even where `white-space: nowrap` says not to); a longer one breaks between its parts.
    static let wholeInRow = 40

    /// `text` escaped (``html(_:)``), with a line-break opportunity (`<wbr>`) after each `.` and
    /// `_` when it is longer than `length` characters: a product id breaks between its parts, never
    /// inside one (`.` and `_` are no break opportunities of their own).
    static func breakable(_ text: String, over length: Int = 0) -> String {
        let escaped = html(text)
        guard text.count > length else { return escaped }
        var out = ""
        out.reserveCapacity(escaped.utf8.count)
        for (index, character) in zip(escaped.indices, escaped) {
            out.append(character)
            if character == "." || character == "_", escaped.index(after: index) < escaped.endIndex { out += "<wbr>" }
        }
        return out
    }

    /// `2026-11-27 14:03` of a row (the column says UTC), the day never broken: the time goes under
    /// it where the column is narrow.
    static func time(_ seconds: Int64) -> String {
        let parts = ReportTime.minute(seconds, zone: false).split(separator: " ")
        return "<span class=\"day\">\(parts[0])</span> \(parts[1])"
    }
}
