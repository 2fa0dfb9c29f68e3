/// Text from inputs written into Markdown (a plan's or a report's pull-request comment) so that
/// GitHub shows it as it is: never as HTML, a link, emphasis, a table cell or math.
package enum MarkdownText {
    /// `text` as literal Markdown: control characters (line breaks among them) and bidirectional controls written as the
    /// `text` format writes them (``ServerText/printable(_:)``: `\u{1B}`, `\u{A}`, `\u{202E}`), then each character
    /// Markdown or GitHub could read as syntax backslash-escaped (so no HTML, link, emphasis, table cell or math; the
    /// escape's own backslash too, so `\u{1B}` shows as written), and nothing GitHub's autolinks (GFM's "Autolinks
    /// (extension)") could take for a link:
    ///
    /// - `https://`, `http://`, `ftp://`: the `:` of every `://` is escaped (`https\://`). GitHub recognises a URL when
    ///   the parser reaches that `:` as text; an escaped one is read as the escape, never as a URL's start.
    /// - `www.`: the `.` after `www` is escaped (`www\.`), in any case: GitHub matches `www.` in the Markdown itself.
    /// - `a@evil.example` (and `mailto:`, `xmpp:`, and `@user` mentions): an empty HTML comment after every `@`
    ///   (`a@<!-- -->evil.example`). GitHub finds e-mail addresses in the text once escapes and entities are read and the
    ///   pieces of text joined, so neither `\@` nor `&#64;` keeps one from being linked; a comment is not text, so the
    ///   address is cut in two, and GitHub shows nothing for it.
    ///
    /// Each renders as the character it escapes: the reader sees, and copies, the text as it was.
    package static func escaped(_ text: String) -> String {
        let scalars = Array(ServerText.printable(text).unicodeScalars)
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if escapedPunctuation.contains(scalar) || startsURL(scalars, at: index) || endsWWW(scalars, at: index) { out.append("\\") }
            out.append(scalar)
            if scalar == "@" { out.append(contentsOf: emptyComment) }
        }
        return String(out)
    }

    /// Whether the `:` at `index` is that of a `://`.
    private static func startsURL(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        scalars[index] == ":" && index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
    }

    /// Whether the `.` at `index` follows `www` (in any case).
    private static func endsWWW(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        scalars[index] == "." && index >= 3 && scalars[(index - 3)..<index].allSatisfy { $0 == "w" || $0 == "W" }
    }

    private static let emptyComment = "<!-- -->".unicodeScalars

    /// `text` in a code span whose backtick fence is longer than any run of backticks in it, so none can close it;
    /// control characters and bidirectional controls written as the `text` format writes them (a code span shows a
    /// backslash as it is). GitHub links nothing inside a code span — no URL, `www.`, address or mention — so the text
    /// needs nothing more.
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
