import Foundation
import IAPCatTestSupport
import Testing

@testable import FieldReports

/// docs/field-reports.md shows the contract as the code applies it.
@Suite struct ReportDocumentationTests {
    static func page() throws -> String {
        try String(contentsOfFile: packageRoot + "/docs/field-reports.md", encoding: .utf8)
    }

    @Test func thePageShowsTheExampleReportsAsTheyAre() throws {
        let page = try Self.page()
        for name in ["storekit2.json", "billing8.json"] {
            let example = String(decoding: try ReportExamples.fixture(name), as: UTF8.self)
            #expect(page.contains("```json\n" + example + "```\n"), "docs/field-reports.md lacks \(name) as it is")
        }
    }

    @Test func thePagesProblemDocumentIsTheOneTheDecoderWrites() throws {
        let body = ReportExamples.Body.minimal.setting("requested", #"["a"]"#).setting("missing", #"[{"id":"a"},{"id":"b"}]"#)
        let problem = try #require(ReportExamples.problem(body.bytes))
        #expect(try Self.page().contains("```json\n" + problem + "\n```\n"))
    }

    @Test func thePageHasARowForEveryFieldAndStatesTheLimits() throws {
        let page = try Self.page()
        for field in ReportField.allCases {
            #expect(page.contains("\n| `\(field.rawValue)` | \(field.isRequired ? "yes" : "no") |"), "no row for \(field.rawValue)")
        }
        #expect(page.contains("**524,288 bytes (512 KiB) after\n  decompression**") && ReportRules.maximumBodyBytes == 524_288)
        #expect(page.contains("nest at most \(ReportRules.maximumDepth) deep"))
        let bounds = ReportBounds()
        for (row, bound) in [
            ("product ids the catalog does not know", bounds.unknownIDsPerDay), ("app versions", bounds.appVersionsPerDay),
            ("`status` values other than", bounds.unknownStatusesPerDay), ("storefronts neither", bounds.unknownStorefrontsPerDay),
            ("rows added to the database", bounds.rowsPerDay), ("report ids remembered", bounds.rememberedReportsPerDay),
        ] {
            let line = page.split(separator: "\n").first { $0.hasPrefix("| " + row) }
            #expect(line?.contains(" | \(bound) | ") == true, "\(row): \(bound)")
        }
    }
}
