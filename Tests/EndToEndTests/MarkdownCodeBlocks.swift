/// A fenced code block of a Markdown page (CommonMark fences: three or more backticks or tildes).
struct MarkdownCodeBlock {
    /// The line of the opening fence, from 1.
    let line: Int
    /// The info string's first word, lowercased (`sh`, `yaml`, …; empty when none).
    let language: String
    /// The text between the fences, each line ending in a newline.
    let text: String
    /// The line before the opening fence (empty for the first line).
    var lineBefore = ""

    /// The fenced code blocks of `markdown` whose language is one of `languages`. A block closes at
    /// a fence of the same character, at least as long, indented at most three spaces, with nothing
    /// after it.
    static func blocks(in markdown: String, languages: Set<String>) -> [MarkdownCodeBlock] {
        var blocks: [MarkdownCodeBlock] = []
        var open: (fence: Substring, language: String, line: Int)?
        var body: [Substring] = []
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let fence = open {
                if let close = line.wholeMatch(of: #/ {0,3}(`{3,}|~{3,})\s*/#), close.output.1.first == fence.fence.first,
                    close.output.1.count >= fence.fence.count
                {
                    if languages.contains(fence.language) {
                        blocks.append(
                            MarkdownCodeBlock(
                                line: fence.line, language: fence.language, text: body.map { $0 + "\n" }.joined(),
                                lineBefore: fence.line > 1 ? String(lines[fence.line - 2]) : ""))
                    }
                    open = nil
                } else {
                    body.append(line)
                }
            } else if let start = line.wholeMatch(of: #/ {0,3}(`{3,}|~{3,})\s*([^\s`]*).*/#) {
                open = (start.output.1, start.output.2.lowercased(), index + 1)
                body = []
            }
        }
        return blocks
    }
}
