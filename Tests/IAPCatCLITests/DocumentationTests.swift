import Foundation
import IAPCatTestSupport
import Testing

/// README.md and docs/ document what the binary does; these tests keep them from drifting apart
/// from it and from each other. Run in process (``CLI``); actionlint's verdict on the documented
/// workflows is in DocumentationProcessTests.
@Suite struct DocumentationTests {
    static let readme = (try? String(contentsOfFile: IAPCat.packageRoot + "/README.md", encoding: .utf8)) ?? ""

    @Test func theReadmeStartsWithTheTwoCommands() {
        let firstScreen = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(30).joined(separator: "\n")
        #expect(firstScreen.contains("scripts/bootstrap && swift run iapcat lint --catalog catalogs/example.yaml"))
        #expect(firstScreen.contains("scripts/bootstrap --tests && swift test"))
    }

    @Test func theReadmeStaysShort() {
        #expect(Self.readme.utf8.count < 10_000, "README.md is \(Self.readme.utf8.count) bytes; reference material belongs in docs/")
    }

    @Test func theCIScriptRunsTheReadmeTestCommand() throws {
        let ci = try String(contentsOfFile: IAPCat.packageRoot + "/.ci/run", encoding: .utf8)
        #expect(ci.split(separator: "\n").last == "scripts/bootstrap --tests && swift test")
    }

    @Test func theRulesPageTableIsWhatIapcatRulesPrints() async throws {
        let run = await CLI.run(["rules", "--format", "markdown"])
        #expect(run.status == 0)
        let page = try String(contentsOfFile: IAPCat.packageRoot + "/docs/rules.md", encoding: .utf8)
        let table = page.split(separator: "\n").filter { $0.hasPrefix("|") }.map { $0 + "\n" }.joined()
        #expect(table == run.stdout, "docs/rules.md's table differs from `iapcat rules --format markdown`; paste the new output")
    }

    @Test func theReadmeLinksEveryPageOfTheDocumentation() throws {
        let linked = Set(try MarkdownFile(path: "README.md").links)
        let pages = try FileManager.default.contentsOfDirectory(atPath: IAPCat.packageRoot + "/docs").filter { $0.hasSuffix(".md") }
        let unlinked = pages.filter { !linked.contains("docs/" + $0) }.sorted()
        #expect(unlinked.isEmpty, "README.md's Documentation list lacks \(unlinked)")
    }

    @Test func everyRelativeLinkInTheDocumentationResolves() throws {
        var broken: [String] = []
        for file in try MarkdownFile.documentation() {
            for link in file.links {
                if let problem = try MarkdownFile.problem(with: link, in: file) { broken.append("\(file.path): \(link): \(problem)") }
            }
        }
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }
}

/// A Markdown file of the documentation: its relative links and the anchors of its headings.
struct MarkdownFile {
    /// The path relative to the package root.
    let path: String
    /// The targets of its inline links (`[text](target)`), outside code, without web addresses.
    let links: [String]
    /// The GitHub anchors of its headings (`#anchor`).
    let anchors: Set<String>

    init(path: String) throws {
        self.path = path
        let text = try String(contentsOfFile: IAPCat.packageRoot + "/" + path, encoding: .utf8)
        var links: [String] = []
        var anchors: Set<String> = []
        var counts: [String: Int] = [:]
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                if fence == nil {
                    fence = marker
                } else if fence == marker {
                    fence = nil
                }
                continue
            }
            if fence != nil { continue }
            let prose = Self.removingCodeSpans(String(line))
            for match in prose.matches(of: #/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/#) {
                let target = String(match.output.1)
                if !target.contains("://"), !target.hasPrefix("mailto:") { links.append(target) }
            }
            if let heading = line.wholeMatch(of: #/#{1,6}\s+(.*?)\s*#*\s*/#) {
                let slug = Self.slug(String(heading.output.1))
                let count = counts[slug, default: 0]
                counts[slug] = count + 1
                anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
            }
        }
        self.links = links
        self.anchors = anchors
    }

    /// README.md and every page under docs/.
    static func documentation() throws -> [MarkdownFile] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: IAPCat.packageRoot + "/docs").filter { $0.hasSuffix(".md") }
            .sorted()
        return try (["README.md"] + pages.map { "docs/" + $0 }).map { try MarkdownFile(path: $0) }
    }

    /// Why `link` in `file` does not resolve, or nil when it names an existing file (and heading).
    static func problem(with link: String, in file: MarkdownFile) throws -> String? {
        let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let target = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let anchor = parts.count > 1 ? String(parts[1]) : nil
        var targetPath = file.path
        if !target.isEmpty {
            let directory = URL(fileURLWithPath: IAPCat.packageRoot + "/" + file.path).deletingLastPathComponent()
            let resolved = directory.appendingPathComponent(target).standardized.path
            guard FileManager.default.fileExists(atPath: resolved) else { return "no such file" }
            guard resolved.hasPrefix(IAPCat.packageRoot + "/") else { return "outside the repository" }
            targetPath = String(resolved.dropFirst(IAPCat.packageRoot.count + 1))
        }
        guard let anchor else { return nil }
        guard targetPath.hasSuffix(".md") else { return "an anchor into a file that is not Markdown" }
        let anchors = targetPath == file.path ? file.anchors : try MarkdownFile(path: targetPath).anchors
        return anchors.contains(anchor) ? nil : "no heading with anchor #\(anchor)"
    }

    /// The line without its code spans (`` `…` ``), which hold text that only looks like links.
    static func removingCodeSpans(_ line: String) -> String {
        var result = ""
        var inCode = false
        for character in line {
            if character == "`" {
                inCode.toggle()
            } else if !inCode {
                result.append(character)
            }
        }
        return result
    }

    /// GitHub's anchor for a heading: the text of its links, lower-cased, letters, digits, `_`
    /// and `-` kept, other punctuation dropped, each space a `-`.
    static func slug(_ heading: String) -> String {
        let text = heading.replacing(#/\[([^\]]*)\]\([^)]*\)/#) { String($0.output.1) }
        var slug = ""
        for character in text.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                slug.append(character)
            }
        }
        return slug
    }
}
