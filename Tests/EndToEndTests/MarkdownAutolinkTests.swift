import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

/// The Markdown iapcat writes for pull requests and issues, rendered by cmark-gfm — GitHub's own
/// renderer, with GitHub's extensions (autolink, table, strikethrough, tagfilter) and raw HTML let
/// through as GitHub lets it through before sanitizing: text from a store, a catalog or a report
/// that looks like a URL, a `www.` name, an e-mail address or a mention becomes no link, and reads
/// as it was written. (The exact bytes are `MarkdownTextTests`'.)
@Suite(.enabled(if: ExternalTool.cmarkGFM.isInstalled, ExternalTool.cmarkGFM.skipReason))
struct MarkdownAutolinkTests {
    /// `markdown` as GitHub's renderer makes it HTML.
    static func render(_ markdown: String) async throws -> String {
        let directory = try IAPCat.temporaryDirectory("markdown")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try markdown.write(toFile: directory + "/in.md", atomically: true, encoding: .utf8)
        let extensions = ["autolink", "table", "strikethrough", "tagfilter"].flatMap { ["--extension", $0] }
        let run = try await ChildProcess.run(ExternalTool.cmarkGFM.path!, extensions + ["--unsafe", "in.md"], in: directory, timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout
    }

    /// Text as HTML shows it (what cmark-gfm escapes in text), less the empty comments GitHub does not show.
    static func shown(_ html: String) -> String {
        html.replacingOccurrences(of: "<!-- -->", with: "").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static let linkLike = [
        "https://evil.example/reset-password", "http://evil.example", "ftp://evil.example/x", "HTTPS://EVIL.example",
        "www.evil.example", "(www.evil.example)", "*www.evil.example*", "_www.evil.example_", "~www.evil.example~",
        "a@evil.example", "mailto:a.b+c@evil.example", "xmpp:a@evil.example/x", "@octocat",
        "reset at https://evil.example?a=1&b=2, www.evil.example or a@evil.example.",
    ]

    @Test(arguments: MarkdownAutolinkTests.linkLike)
    func escapedTextIsNoLinkAndReadsAsWritten(text: String) async throws {
        // As a control: the text itself is a link to GitHub (all but a mention, GitHub's own).
        if text != "@octocat" { #expect(try await Self.render(text + "\n").contains("<a href=")) }
        let html = try await Self.render(MarkdownText.escaped(text) + "\n")
        #expect(!html.contains("<a"), "\(html)")
        #expect(Self.shown(html) == "<p>" + text + "</p>\n")
    }

    /// `iapcat asc show plan.json --format markdown` (the pull-request comment) of a plan whose step and warning carry
    /// them, and the reports' Markdown (`ReportRenderingTests`' golden, a hostile id): no link anywhere.
    @Test func thePlansAndTheReportsMarkdownHoldNoLink() async throws {
        let directory = try IAPCat.temporaryDirectory("markdown-plan")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let hostile = "reset at https://evil.example/reset, www.evil.example or a@evil.example"
        let plan = """
            {
              "format": "iapcat-plan", "format_version": 1, "tool": "iapcat 0.1.0", "created": "2026-11-27T10:00:00Z",
              "store": "asc", "command": "apply", "app": "1234567890",
              "catalog": {"path": "catalog.yaml", "sha256": "ab12"}, "scope": null,
              "depends_on": {"products": ["com.example.coins"], "groups": []}, "rows": [],
              "changes": [{"resource": "com.example.coins", "kind": "in-app purchase", "action": "update",
                "impact": "change", "summary": "update in-app purchase com.example.coins: name \\"\(hostile)\\""}],
              "not_done": [], "warnings": [{"resource": "www.evil.example", "message": "\(hostile)"}], "errors": [],
              "estimated_requests": 2
            }
            """
        try plan.write(toFile: directory + "/plan.json", atomically: true, encoding: .utf8)
        let shown = try await IAPCat.run(["asc", "show", "plan.json", "--format", "markdown"], in: directory)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(#"name "reset at https\://evil.example/reset, www\.evil.example or a@<!-- -->evil.example""#))
        let html = try await Self.render(shown.stdout)
        #expect(!html.contains("<a"), "\(html)")
        #expect(Self.shown(html).contains("update in-app purchase com.example.coins: name \"\(hostile)\""))

        let reports = try String(contentsOfFile: packageRoot + "/Tests/FieldReportsTests/Fixtures/golden/reports.md", encoding: .utf8)
        #expect(reports.contains("https\\://evil.example/reset a@<!-- -->evil.example www\\.evil.example"))
        let page = try await Self.render(reports)
        #expect(!page.contains("<a"), "\(page)")
        #expect(Self.shown(page).contains("https://evil.example/reset a@evil.example www.evil.example"))
    }
}
