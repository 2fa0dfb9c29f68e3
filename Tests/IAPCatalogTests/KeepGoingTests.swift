import Testing

@testable import IAPCatalog

/// A structural mistake is reported and the rest still checked, with a hint where iapcat can tell
/// what was meant.
@Suite struct KeepGoingTests {
    @Test func aProductWithoutATypeIsCheckedAsTheTypeItMostLikelyMeans() {
        let yaml = catalogYAML(
            products: """
                  - id: com.example.untyped
                    reference_name: Untyped
                    hosted_content: maybe
                    localizations: { en-US: { display_name: Untyped } }
                  - id: com.example.sub
                    type: subscription
                    reference_name: Sub
                    localizations: { en-US: { display_name: Sub } }
                    client_data: [1]

                """)
        #expect(
            lintCatalog(yaml) == [
                "11:5: error: product 'com.example.untyped' is missing required field 'type'; the rest of product 'com.example.untyped' is checked as non-consumable [missing_field]",
                "13:21: error: expected hosted_content to be true or false, found 'maybe' [invalid_value]",
                "16:11: error: expected type to be one of consumable, non-consumable, auto-renewable, non-renewing, free-subscription, found 'subscription'; the rest of product 'com.example.sub' is checked as non-renewing; did you mean 'auto-renewable' or 'non-renewing'? [invalid_value]",
                "19:18: error: expected client_data to be a mapping, found a list [invalid_value]",
            ])
    }

    @Test func aSubscriptionWithADurationInWordsStillHasItsOffersChecked() {
        let yaml = catalogYAML(
            products: """
                  - id: com.example.monthly
                    type: auto-renewable
                    reference_name: Monthly
                    localizations: { en-US: { display_name: Monthly } }
                    subscription:
                      group: premium
                      duration: monthly
                      introductory_offer: { mode: free-trial, duration: 2 weeks, periods: 1 }

                """,
            groups: "  - id: premium\n    reference_name: Premium\n    localizations: { en-US: { name: Premium } }\n")
        let diagnostics = lintCatalog(yaml)
        #expect(
            diagnostics.contains(
                "17:17: error: expected the subscription duration to be one of P1W, P1M, P2M, P3M, P6M, P1Y, found 'monthly'; did you mean 'P1M'? [invalid_value]"
            ))
        #expect(
            diagnostics.contains(
                "18:57: error: expected the offer duration to be one of P3D, P1W, P2W, P1M, P2M, P3M, P6M, P1Y, found '2 weeks'; did you mean 'P2W'? [invalid_value]"
            ))
    }

    @Test func wordsForDurationsMeanTheirPeriod() {
        let cases: [(String, [SubscriptionPeriod])] = [
            ("1 month", [.oneMonth]), ("1 Month", [.oneMonth]), ("1month", [.oneMonth]), ("monthly", [.oneMonth]),
            ("7 days", [.oneWeek]), ("1 week", [.oneWeek]), ("2 weeks", [.twoWeeks]), ("3 days", [.threeDays]),
            ("12 months", [.oneYear]), ("P12M", [.oneYear]), ("1y", [.oneYear]), ("yearly", [.oneYear]), ("quarterly", [.threeMonths]),
            ("5 months", []), ("month", []), ("forever", []), ("99999 days", []), ("", []),
        ]
        for (words, periods) in cases { #expect(SubscriptionPeriod.meant(by: words) == periods, "\(words)") }
    }

    @Test func wordsForTypesMeanTheirTypes() {
        #expect(ProductType.meant(by: "subscription") == [.autoRenewable, .nonRenewing])
        #expect(ProductType.meant(by: "Auto_Renewable") == [.autoRenewable])
        #expect(ProductType.meant(by: "NonConsumable") == [.nonConsumable])
        #expect(ProductType.meant(by: "consumable") == [])
        #expect(ProductType.meant(by: "coins") == [])
    }

    @Test func aHintNamesWhatAWordMeansBeforeTheClosestSpelling() {
        let names = ProductType.allCases.map(\.rawValue)
        let meant = { (word: String) in ProductType.meant(by: word).map(\.rawValue) }
        #expect(Suggestion.hint(for: "subscription", in: names, meant: meant) == "did you mean 'auto-renewable' or 'non-renewing'?")
        #expect(Suggestion.hint(for: "consumabel", in: names, meant: meant) == "did you mean 'consumable'?")
        #expect(Suggestion.hint(for: "coins", in: names, meant: meant) == nil)
        #expect(Suggestion.alternatives(["a", "b", "c"]) == "'a', 'b' or 'c'")
    }

    @Test func anUnknownRuleIdNamesTheClosestRule() throws {
        #expect(try RuleID.named("unknown_key") == .unknownKey)
        #expect(throws: UnknownRuleError(name: "unkown_key")) { try RuleID.named("unkown_key") }
        #expect(
            UnknownRuleError(name: "unkown_key").description
                == "no rule 'unkown_key'; did you mean 'unknown_key'? (`iapcat rules` lists them)")
        #expect(UnknownRuleError(name: "zzz\u{1B}").description == "no rule 'zzz\\u{1B}' (`iapcat rules` lists them)")
    }

    @Test func aHintIsItsOwnMemberInJSONAndFollowsTheMessageElsewhere() {
        let diagnostic = Diagnostic(
            .unknownKey, "unknown key 'prise' in a product", at: SourceLocation(file: "c.yaml", line: 3, column: 5),
            hint: "did you mean 'price'?")
        let result = LintResult(diagnostics: [diagnostic], files: ["c.yaml"])
        #expect(
            TextReporter().report(result)
                == "c.yaml:3:5: error: unknown key 'prise' in a product; did you mean 'price'? [unknown_key]\n1 error, 0 warnings, 0 notes in 1 file\n"
        )
        #expect(
            JSONReporter().report(result) == """
                [
                  {
                    "file": "c.yaml",
                    "line": 3,
                    "column": 5,
                    "severity": "error",
                    "rule": "unknown_key",
                    "message": "unknown key 'prise' in a product",
                    "hint": "did you mean 'price'?"
                  }
                ]

                """)
        #expect(SARIFReporter().report(result).contains(#""text": "unknown key 'prise' in a product; did you mean 'price'?""#))
    }
}
