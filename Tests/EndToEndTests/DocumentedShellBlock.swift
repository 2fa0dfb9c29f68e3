import Foundation
import IAPCatTestSupport

/// A shell block of README.md or a page under docs/, as the documentation test runs it.
struct DocumentedShellBlock: CustomStringConvertible {
    /// A command the documentation test leaves out, and why: every line of `page` containing
    /// `containing` (with its continuation lines).
    struct LeftOut {
        let page: String
        let containing: String
        let why: String
    }

    /// `page:line` of the opening fence.
    let origin: String
    let page: String
    /// The block's text as the page shows it.
    let text: String
    /// What the block is, by the HTML comment right before its fence.
    var kind = Kind.commands

    enum Kind: Equatable {
        /// Shell commands (`sh`, `bash`, `shell`, `console`), run in order; the block must exit 0.
        case commands
        /// `<!-- output of: COMMAND -->`: every line of the sample is a line of what COMMAND prints, in order.
        case output(of: String)
        /// `<!-- file: PATH -->`: the block is the content of PATH, written before the blocks after it run.
        case file(String)
    }

    var description: String { origin }

    /// The shell blocks (`sh`, `bash`, `shell`, `console`) and the samples of output of README.md
    /// and every page under docs/, in the order of the pages and their lines.
    static func all() throws -> [DocumentedShellBlock] {
        let pages =
            try ["README.md"]
            + FileManager.default.contentsOfDirectory(atPath: IAPCat.packageRoot + "/docs").filter { $0.hasSuffix(".md") }.sorted()
            .map { "docs/" + $0 }
        return try pages.flatMap { page in
            let markdown = try String(contentsOfFile: IAPCat.packageRoot + "/" + page, encoding: .utf8)
            return MarkdownCodeBlock.blocks(in: markdown, languages: ["sh", "bash", "shell", "console", "", "text", "yaml", "json"])
                .compactMap { block in
                    let origin = "\(page):\(block.line)"
                    if let comment = block.lineBefore.wholeMatch(of: #/\s*<!-- output of: (.+) -->\s*/#) {
                        return DocumentedShellBlock(
                            origin: origin, page: page, text: block.text, kind: .output(of: String(comment.output.1)))
                    }
                    if let comment = block.lineBefore.wholeMatch(of: #/\s*<!-- file: (\S+) -->\s*/#) {
                        return DocumentedShellBlock(origin: origin, page: page, text: block.text, kind: .file(String(comment.output.1)))
                    }
                    guard ["sh", "bash", "shell", "console"].contains(block.language) else { return nil }
                    return DocumentedShellBlock(origin: origin, page: page, text: block.text)
                }
        }
    }

    /// Whether `output` holds every non-empty line of this sample, in order (trailing spaces aside).
    func isSample(of output: String) -> Bool {
        var printed = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }[...]
        for line in text.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) where !line.isEmpty {
            guard let index = printed.firstIndex(of: line) else { return false }
            printed = printed[(index + 1)...]
        }
        return true
    }

    /// The block's logical lines: a line ending in `\` continues on the next.
    var logicalLines: [String] {
        var lines: [String] = []
        var pending = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasSuffix("\\") {
                pending += line + "\n"
            } else {
                lines.append(pending + line)
                pending = ""
            }
        }
        if !pending.isEmpty { lines.append(pending) }
        return lines
    }

    /// The script that runs the block under `bash -euo pipefail`: lines left out become comments;
    /// `iapcat serve` runs in the background on `port` (for the page's 8080) until the block ends,
    /// and the next line runs once it listens.
    func script(leavingOut leftOut: [LeftOut], port: Int) -> String {
        var script = """
            set -euo pipefail
            doc_servers=()
            doc_stop_servers() { for pid in ${doc_servers[@]+"${doc_servers[@]}"}; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; }
            trap doc_stop_servers EXIT
            doc_wait_for_port() {
              for _ in $(seq 400); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.05; done
              echo "doc test: nothing listens on port $1" >&2; return 1
            }

            """
        for line in logicalLines {
            let command = line.replacingOccurrences(of: "8080", with: String(port))
            if let reason = leftOut.first(where: { $0.page == page && line.contains($0.containing) }) {
                script += "# not run by the documentation test (\(reason.why)):\n"
                script += command.split(separator: "\n").map { "# " + $0 + "\n" }.joined()
            } else if command.hasPrefix("iapcat serve ") {
                // A page may start it in the background itself (`iapcat serve … &`, then `kill -HUP $!`).
                let server = command.hasSuffix(" &") ? String(command.dropLast(2)) : command
                script += "\(server) & doc_servers+=($!); doc_wait_for_port \(port)\n"
            } else {
                script += command + "\n"
            }
        }
        return script
    }
}
