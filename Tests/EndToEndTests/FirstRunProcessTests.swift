import Foundation
import IAPCatTestSupport
import Testing

/// What only the process shows of a first run: lint's help, as wide as the process's terminal. The
/// rest of a first run's tests run in process (IAPCatCLITests' FirstRunTests).
@Suite struct FirstRunProcessTests {
    @Test func helpNamesTheRulesCommandInsteadOfListingEveryRuleTwice() async throws {
        let help = try await IAPCat.run(["lint", "--help"])
        #expect(help.status == 0)
        #expect(!help.stdout.contains("unknown_product_id"))
        #expect(help.stdout.contains("  --disable <rule>        Turn off a rule (repeatable); `iapcat rules` lists\n"))
    }
}
