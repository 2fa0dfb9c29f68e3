import Testing

@testable import IAPCatalog

@Suite struct ReporterTests {
    /// Diagnostics that exercise every location form and every character reporters must escape.
    static let result = LintResult(
        diagnostics: [
            Diagnostic(
                .unknownKey, "unknown key 'prise' in a product; did you mean 'price'?",
                at: SourceLocation(file: "catalogs/catalog.yaml", line: 12, column: 5)),
            Diagnostic(
                .lengthAdvisory, "the de-DE display name is 37 characters; the documented limit is 30",
                at: SourceLocation(file: "catalogs/catalog.yaml", line: 40, column: 30)),
            Diagnostic(
                .unlistedProduct, "no list names 'com.example.a'", at: SourceLocation(file: "catalogs/catalog.yaml", line: 7, column: 11)),
            Diagnostic(
                .malformedEntry, "expected an identifier string, found a number",
                at: SourceLocation(file: "App/Ids, v2: old.plist", index: 3)),
            Diagnostic(
                .unknownProductID, "100% wrong: 'a\nb' is not in the catalog",
                at: SourceLocation(file: "lists/products_v1.json", line: 2, column: 3)),
            Diagnostic(.xmlEntities, "the plist declares an XML entity", at: SourceLocation(file: "lists/ids.plist")),
        ].sorted(),
        files: ["catalogs/catalog.yaml", "lists/products_v1.json", "App/Ids, v2: old.plist", "lists/ids.plist"])

    @Test(arguments: ReportFormat.allCases)
    func reportsMatchTheirGoldenFiles(format: ReportFormat) throws {
        try expectGolden(format.reporter.report(Self.result), "report.\(format.rawValue)")
    }

    @Test func aCleanRunSaysSoInOneLine() {
        #expect(TextReporter().report(LintResult(diagnostics: [], files: ["a.yaml"])) == "0 errors, 0 warnings, 0 notes in 1 file\n")
        #expect(JSONReporter().report(LintResult(diagnostics: [], files: [])) == "[]\n")
        #expect(GitHubActionsReporter().report(LintResult(diagnostics: [], files: [])) == "")
    }

    @Test func gitHubEscapingFollowsTheActionsToolkit() {
        #expect(GitHubActionsReporter.escapeData("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d")
        #expect(GitHubActionsReporter.escapeProperty("50% a\r\nb: c, d") == "50%25 a%0D%0Ab%3A c%2C d")
    }

    @Test func sarifURIsArePercentEncodedRelativeReferences() {
        #expect(SARIFReporter.uri("App/Ids, v2: old.plist") == "App/Ids%2C%20v2%3A%20old.plist")
        #expect(SARIFReporter.uri("Münzen.yaml") == "M%C3%BCnzen.yaml")
    }

    @Test func theRuleTableListsEveryRule() {
        let markdown = RuleTable.markdown()
        for rule in RuleID.allCases {
            #expect(markdown.contains("| `\(rule.rawValue)` |"))
        }
        #expect(markdown.split(separator: "\n").count == RuleID.allCases.count + 2)
    }
}
