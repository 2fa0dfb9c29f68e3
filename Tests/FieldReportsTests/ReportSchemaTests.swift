import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import FieldReports

/// `schemas/report.schema.json` and ``ReportField``'s rules say the same: names, required fields,
/// lengths, patterns, vocabularies, counts. Each pattern means the same to ``TextRule`` as to a
/// regular-expression engine.
@Suite struct ReportSchemaTests {
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/schemas/report.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// `value` as a schema object, its `$ref` followed (siblings of `$ref` kept).
    static func resolve(_ value: Any?, in schema: [String: Any]) throws -> [String: Any] {
        var object = try #require(value as? [String: Any])
        if let reference = object["$ref"] as? String {
            let definition = try #require(reference.hasPrefix("#/$defs/") ? String(reference.dropFirst(8)) : nil)
            let target = try #require((schema["$defs"] as? [String: Any])?[definition] as? [String: Any], "no \(reference)")
            object.merge(target) { own, _ in own }
        }
        return object
    }

    /// The property `name` of `object`, resolved.
    static func property(_ name: String, of object: [String: Any], in schema: [String: Any]) throws -> [String: Any] {
        try resolve((object["properties"] as? [String: Any])?[name], in: schema)
    }

    /// `property` states `rule`: the type (a string, or also null when optional), lengths and pattern.
    static func expect(_ property: [String: Any], states rule: TextRule, optional: Bool, _ name: String) {
        let type: Any? = property["type"]
        if optional {
            #expect(type as? [String] == ["string", "null"], "\(name): type")
        } else {
            #expect(type as? String == "string", "\(name): type")
        }
        #expect(property["minLength"] as? Int == rule.length.lowerBound, "\(name): minLength")
        #expect(property["maxLength"] as? Int == rule.length.upperBound, "\(name): maxLength")
        #expect(property["pattern"] as? String == rule.pattern, "\(name): pattern")
    }

    @Test func theSchemaStatesEveryFieldsRule() throws {
        let schema = try Self.schema()
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(Set(properties.keys) == Set(ReportField.allCases.map(\.rawValue)))
        #expect(schema["required"] as? [String] == ReportField.allCases.filter(\.isRequired).map(\.rawValue))
        #expect(schema["additionalProperties"] as? Bool == true, "unknown fields are ignored, so the contract can grow")
        for field in ReportField.allCases {
            let property = try Self.property(field.rawValue, of: schema, in: schema)
            switch field.rule {
            case .text(let rule):
                Self.expect(property, states: rule, optional: !field.isRequired, field.rawValue)
            case .vocabulary(let words):
                #expect(property["type"] as? String == "string")
                #expect(property["enum"] as? [String] == words, "\(field.rawValue): enum")
            case .ids(let count, let each):
                #expect(property["type"] as? String == "array")
                #expect(property["minItems"] as? Int == count.lowerBound && property["maxItems"] as? Int == count.upperBound)
                Self.expect(try Self.resolve(property["items"], in: schema), states: each, optional: false, "requested's items")
            case .missingProducts(let count):
                #expect(property["type"] as? String == "array")
                #expect(property["minItems"] as? Int == count.lowerBound && property["maxItems"] as? Int == count.upperBound)
                let items = try Self.resolve(property["items"], in: schema)
                #expect(Set((items["properties"] as? [String: Any] ?? [:]).keys) == Set(MissingField.allCases.map(\.rawValue)))
                #expect(items["required"] as? [String] == MissingField.allCases.filter(\.isRequired).map(\.rawValue))
                #expect(items["additionalProperties"] as? Bool == true)
                for missingField in MissingField.allCases {
                    let property = try Self.property(missingField.rawValue, of: items, in: schema)
                    Self.expect(property, states: missingField.rule, optional: !missingField.isRequired, "missing." + missingField.rawValue)
                }
            }
        }
        let sdk = try Self.property("sdk", of: schema, in: schema)
        #expect(sdk["examples"] as? [String] == ReportRules.knownSDKs)
        let missing = try Self.resolve(try Self.property("missing", of: schema, in: schema)["items"], in: schema)
        #expect(try Self.property("status", of: missing, in: schema)["examples"] as? [String] == ReportRules.knownStatuses)
        #expect((schema["description"] as? String)?.contains(ReportProblem.grouped(ReportRules.maximumBodyBytes) + " bytes") == true)
    }

    /// Every text rule against ICU's reading of its pattern (NSRegularExpression) on every ASCII
    /// character, some longer strings, and the timestamps. Samples end in no line break, where ICU's
    /// `$` differs from ECMA-262's.
    @Test func eachPatternMeansTheSameToTheRuleAsToARegularExpression() throws {
        let rules = [
            ReportRules.reportID, ReportRules.bundleID, ReportRules.appVersion, ReportRules.storefront, ReportRules.list, ReportRules.sdk,
            ReportRules.productID, ReportRules.status, ReportRules.listETag, ReportRules.sentAt,
        ]
        var samples =
            (0..<128).map { String(UnicodeScalar(UInt8($0))) } + [
                "é", "ab", "a b", "A-Z_09", "com.example.app", "a/b.json", "x~", "\u{7F}a",
            ]
        samples += [
            "2026-11-27T09:30:00Z", "2026-11-27T09:30:00.1Z", "2026-11-27T09:30:00.123456789+01:00", "2026-11-27T09:30:00-05:30",
            "2026-11-27T09:30:00.1234567890Z", "2026-11-27T09:30:00", "2026-11-27 09:30:00Z", "2026-11-27T09:30Z", "2026-11-27T09:30:00z",
            "2026-11-27T09:30:00.Z", "2026-11-27T09:30:00+0100", "2026-11-27T09:30:00+01:00x", "26-11-27T09:30:00Z",
        ]
        for rule in rules {
            let expression = try NSRegularExpression(pattern: rule.pattern)
            for sample in samples where !sample.hasSuffix("\n") && !sample.hasSuffix("\r") {
                let range = NSRange(sample.startIndex..., in: sample)
                let matchesExpression = expression.firstMatch(in: sample, range: range) != nil
                let matchesRule = Array(sample.utf8).withUnsafeBufferPointer { rule.matches($0) } && !sample.isEmpty
                #expect(matchesRule == matchesExpression, "\(rule.pattern) on \(sample.debugDescription)")
            }
        }
    }

    @Test func everyStorefrontHasItsAlpha2() {
        #expect(Set(AppStoreStorefronts.alpha2.keys) == AppStoreStorefronts.codes)
        #expect(Set(AppStoreStorefronts.alpha2.values).count == AppStoreStorefronts.codes.count)
        #expect(AppStoreStorefronts.alpha2.values.allSatisfy { $0.count == 2 && $0.allSatisfy(\.isUppercase) })
        // Where Play's table names the same country, the two tables agree.
        for (storefront, region) in AppStoreStorefronts.alpha2 where PlayRegions.sharedCurrencyRegion(forStorefront: storefront) != nil {
            #expect(PlayRegions.sharedCurrencyRegion(forStorefront: storefront) == region, "\(storefront)")
        }
    }
}
