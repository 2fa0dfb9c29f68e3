/// Text from inputs written into Markdown (a plan's or a report's pull-request comment) so that
/// GitHub shows it as it is: never as HTML, a link, emphasis, a table cell or math.
package enum MarkdownText {
    /// `text` as literal Markdown: control characters (line breaks among them) written as the `text` format writes them
    /// (``ServerText/printable(_:)``: `\u{1B}`, `\u{A}`), then each character Markdown or GitHub could read as syntax
    /// backslash-escaped (so no HTML, link, emphasis, table cell or math; the escape's own backslash too, so `\u{1B}`
    /// shows as written).
    package static func escaped(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in ServerText.printable(text).unicodeScalars {
            if escapedPunctuation.contains(scalar) { out.append("\\") }
            out.append(scalar)
        }
        return String(out)
    }

    /// `text` in a code span whose backtick fence is longer than any run of backticks in it, so none can close it;
    /// control characters written as the `text` format writes them (a code span shows a backslash as it is).
    package static func code(_ text: String) -> String {
        let scalars = Array(ServerText.printable(text).unicodeScalars)
        guard !scalars.isEmpty else { return "` `" }
        var longest = 0
        var run = 0
        for scalar in scalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        // Markdown drops one space at each end when both have one: pad when the content starts or ends with a backtick
        // (it would join the fence) or with spaces at both ends (they would be lost).
        let first = scalars.first!
        let last = scalars.last!
        let pad = first == "`" || last == "`" || (first == " " && last == " " && scalars.contains { $0 != " " })
        var content = String.UnicodeScalarView()
        content.append(contentsOf: scalars)
        return pad ? "\(fence) \(String(content)) \(fence)" : "\(fence)\(String(content))\(fence)"
    }

    private static let escapedPunctuation = Set("\\`*_[]<>#|~&$".unicodeScalars)
}
