import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// Every rule must be pinned by at least one test expectation or golden file that shows its
/// diagnostic (`[rule_id]` in text form, `"rule_id"` in JSON).
@Suite struct RuleCoverageTests {
    @Test func everyRuleAppearsInATestExpectation() throws {
        let testsDirectory = packageRoot + "/Tests"
        var corpus = ""
        let enumerator = FileManager.default.enumerator(atPath: testsDirectory)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") || path.contains("golden/") else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: testsDirectory + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            guard !path.hasSuffix("RuleCoverageTests.swift") else { continue }
            corpus += try String(contentsOfFile: testsDirectory + "/" + path, encoding: .utf8)
        }
        let untested = RuleID.allCases.filter { !corpus.contains("[\($0.rawValue)]") && !corpus.contains("\"rule\": \"\($0.rawValue)\"") }
        #expect(untested.isEmpty, "rules without a test that shows their diagnostic: \(untested.map(\.rawValue))")
    }
}
