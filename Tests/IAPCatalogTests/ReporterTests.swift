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

    @Test func countsAreSaidInTheRightNumber() {
        #expect(Plural.count(1, "subscription group") == "1 subscription group")
        #expect(Plural.count(0, "character") == "0 characters")
        #expect(Plural.count(2, "character") == "2 characters")
        #expect(Plural.count(1, "territory", "territories") == "1 territory")
        #expect(Plural.count(3, "territory", "territories") == "3 territories")
        #expect(Plural.word(1, "differs", "differ") == "differs" && Plural.word(2, "differs", "differ") == "differ")
        let one = LintResult(diagnostics: [Self.result.diagnostics[0]], files: ["a.yaml"])
        #expect(TextReporter.summary(one).hasSuffix(" in 1 file"))
    }

    /// The counts by rule: the most frequent first, ties by rule id; none for fewer than two diagnostics.
    @Test func countsByRuleComeBeforeTheSummary() {
        let twice = Diagnostic(.malformedEntry, "again", at: SourceLocation(file: "b.json", line: 1, column: 1))
        let result = LintResult(diagnostics: Self.result.diagnostics + [twice], files: ["a.yaml"])
        let lines = TextReporter(countsByRule: true).report(result).split(separator: "\n")
        #expect(
            lines.suffix(2) == [
                "by rule: 2 malformed_entry, 1 length_advisory, 1 unknown_key, 1 unknown_product_id, 1 unlisted_product, 1 xml_entities",
                "5 errors, 1 warning, 1 note in 1 file",
            ])
        let single = LintResult(diagnostics: [twice], files: ["b.json"])
        #expect(!TextReporter(countsByRule: true).report(single).contains("by rule"))
        #expect(!TextReporter().report(result).contains("by rule"))
    }

    @Test func colourGoesAroundWhatIapcatWroteAndInputsStayEscaped() {
        let hostile = Diagnostic(
            .unknownProductID, "'a\u{1B}[2Jb\u{9B}c' is not in the catalog",
            at: SourceLocation(file: "x\u{1B}]0;t\u{7}.json", line: 2, column: 3))
        #expect(
            TextReporter(style: .ansi).report(LintResult(diagnostics: [hostile], files: ["a"]))
                == "\u{1B}[1mx\\u{1b}]0;t\\u{7}.json:2:3:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m 'a\\u{1b}[2Jb\\u{9b}c' is not in the catalog "
                + "\u{1B}[2m[unknown_product_id]\u{1B}[0m\n1 error, 0 warnings, 0 notes in 1 file\n")
        let note = Diagnostic(.unlistedProduct, "n", at: SourceLocation(file: "f"))
        #expect(
            TextReporter(style: .ansi).lines([note])
                == "\u{1B}[1mf:\u{1B}[0m \u{1B}[36mnote:\u{1B}[0m n \u{1B}[2m[unlisted_product]\u{1B}[0m\n")
        let warning = Diagnostic(.lengthAdvisory, "w", at: SourceLocation(file: "f"))
        #expect(TextReporter(style: .ansi).lines([warning]).contains(" \u{1B}[1;33mwarning:\u{1B}[0m w "))
    }

    @Test func gitHubEscapingFollowsTheActionsToolkit() {
        #expect(GitHubActionsReporter.escapeData("50% a\r\nb: c, d") == "50%25 a%0D%0Ab: c, d")
        #expect(GitHubActionsReporter.escapeProperty("50% a\r\nb: c, d") == "50%25 a%0D%0Ab%3A c%2C d")
        // Any other control character is text, so no input can reach the terminal of a log viewer.
        #expect(GitHubActionsReporter.escapeData("a\u{1B}[31mb\u{9B}c\u{2028}") == "a\\u{1B}[31mb\\u{9B}c\\u{2028}")
    }

    /// A right-to-left override (and every other bidirectional control) from an input, in each format's own escape:
    /// text `\u{202e}`, JSON `\u202e`, GitHub annotations and SARIF messages (which GitHub shows) `\u{202E}`, SARIF
    /// paths percent-encoded. None carries the character raw, to reorder what a reader sees.
    @Test func bidiControlsAreEscapedInEveryFormat() {
        let result = LintResult(
            diagnostics: [
                Diagnostic(
                    .unknownProductID, "'coins\u{202E}gnp.exe' is not in the catalog\u{2066}",
                    at: SourceLocation(file: "a\u{200F}b.json", line: 1, column: 2))
            ], files: ["a\u{200F}b.json"])
        #expect(
            TextReporter().lines(result.diagnostics)
                == #"a\u{200f}b.json:1:2: error: 'coins\u{202e}gnp.exe' is not in the catalog\u{2066} [unknown_product_id]"# + "\n")
        #expect(
            GitHubActionsReporter().report(result)
                == #"::error file=a\u{200F}b.json,line=1,col=2,title=iapcat unknown_product_id::'coins\u{202E}gnp.exe' is not in "#
                + #"the catalog\u{2066}"# + "\n")
        #expect(
            JSONReporter().report(result) == #"""
                [
                  {
                    "file": "a\u200fb.json",
                    "line": 1,
                    "column": 2,
                    "severity": "error",
                    "rule": "unknown_product_id",
                    "message": "'coins\u202egnp.exe' is not in the catalog\u2066"
                  }
                ]

                """#)
        let sarif = SARIFReporter().report(result)
        #expect(sarif.contains(#""text": "'coins\\u{202E}gnp.exe' is not in the catalog\\u{2066}""#))
        #expect(sarif.contains(#""uri": "a%E2%80%8Fb.json""#))
        for output in [TextReporter().report(result), GitHubActionsReporter().report(result), JSONReporter().report(result), sarif] {
            #expect(!output.unicodeScalars.contains { [0x200F, 0x202E, 0x2066].contains($0.value) })
        }
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
