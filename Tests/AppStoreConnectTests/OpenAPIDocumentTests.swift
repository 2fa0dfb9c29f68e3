import Foundation
import Testing

@testable import FakeAppStoreConnect

/// The fake checks requests and its own answers against App Store Connect's OpenAPI document, as
/// the live service checks requests.
@Suite struct OpenAPIDocumentTests {
    let document = OpenAPIDocument.appStoreConnect

    @Test func theVendoredDocumentIsTheVersionTheFakeFollows() {
        #expect(document.version == "4.5.1")
    }

    /// The patch says exactly what it changes: an `add` over a member that exists, or a pointer
    /// that leads nowhere, is refused.
    @Test func aPatchThatDoesNotFitTheDocumentIsRefused() throws {
        let base: [String: Any] = ["a": ["b": [1, 3]]]
        let patched = try JSONPatch.apply(Data(#"[{"op": "add", "path": "/a/b/1", "value": 2}]"#.utf8), to: base)
        #expect(((patched as? [String: Any])?["a"] as? [String: Any])?["b"] as? [Int] == [1, 2, 3])
        for patch in [
            #"[{"op": "add", "path": "/a/b", "value": 2}]"#, #"[{"op": "replace", "path": "/a/c", "value": 2}]"#,
            #"[{"op": "add", "path": "/x/y", "value": 2}]"#, #"[{"op": "add", "path": "/a/b/3", "value": 2}]"#,
        ] {
            #expect(throws: JSONPatch.Failure.self, "\(patch)") { try JSONPatch.apply(Data(patch.utf8), to: base) }
        }
    }

    @Test func everyRouteOfTheFakeIsAnOperationOfTheDocument() {
        #expect(Router.appStoreConnect.routes.count > 50)
        for route in Router.appStoreConnect.routes {
            #expect(document.has(route.method, route.template), "\(route.method) \(route.template)")
        }
    }

    @Test(arguments: [
        ("bogus", "1", "PARAMETER_ERROR.ILLEGAL", "The parameter 'bogus' can not be used with this request"),
        ("fields[subscriptionOfferCodes]", "name,bogus", "PARAMETER_ERROR.INVALID", "'bogus' is not a valid field name"),
        ("include", "subscription,bogus", "PARAMETER_ERROR.INVALID", "'bogus' is not a valid relationship name"),
        ("limit[prices]", "51", "PARAMETER_ERROR.INVALID", "The parameter 'limit[prices]' exceeds the maximum allowed value of 50."),
    ])
    func aQueryTheDocumentDoesNotDeclareIsRefused(name: String, value: String, code: String, detail: String) throws {
        #expect(throws: Never.self) {
            try document.checkQuery(
                [("fields[subscriptionOfferCodes]", "name,offerMode"), ("include", "subscription,prices"), ("limit[prices]", "50")], "GET",
                "/v1/subscriptionOfferCodes/{id}")
        }
        do throws(APIError) {
            try document.checkQuery([(name, value)], "GET", "/v1/subscriptionOfferCodes/{id}")
            Issue.record("accepted \(name)=\(value)")
        } catch {
            #expect(error.status == 400)
            #expect(error.entries.map(\.code) == [code])
            #expect(error.entries.map(\.detail) == [detail])
        }
    }

    @Test func aCursorIsTakenWhereTheOperationPages() throws {
        #expect(throws: Never.self) {
            try document.checkQuery([("cursor", "MTA"), ("limit", "200")], "GET", "/v1/apps/{id}/subscriptionGroups")
        }
        #expect(throws: APIError.self) { try document.checkQuery([("cursor", "MTA")], "GET", "/v1/subscriptionOfferCodes/{id}") }
    }

    @Test(arguments: [
        (
            #""offerMode":"FREE_TRIAL","bogus":1"#, "ENTITY_ERROR.ATTRIBUTE.UNKNOWN", "/data/attributes/bogus"
        ),
        (#""offerMode":"FREE""#, "ENTITY_ERROR.ATTRIBUTE.INVALID", "/data/attributes/offerMode"),
        (#""offerMode":"FREE_TRIAL","autoRenewEnabled":"yes""#, "ENTITY_ERROR.ATTRIBUTE.INVALID", "/data/attributes/autoRenewEnabled"),
    ])
    func aBodyTheDocumentDoesNotDescribeIsRefused(attributes: String, code: String, pointer: String) throws {
        func body(_ attributes: String, relationships: String = #""prices":{"data":[]}"#) throws -> JSON {
            try #require(
                JSON.parse(
                    Data(
                        #"""
                        {"data":{"type":"subscriptionOfferCodes","attributes":{"name":"Press","customerEligibilities":["NEW"],
                        "offerEligibility":"STACK_WITH_INTRO_OFFERS","duration":"ONE_MONTH","numberOfPeriods":1,\#(attributes)},
                        "relationships":{"subscription":{"data":{"type":"subscriptions","id":"1"}},\#(relationships)}}}
                        """#.utf8)))
        }
        let valid = try body(#""offerMode":"FREE_TRIAL""#)
        let invalid = try body(attributes)
        let withoutPrices = try body(#""offerMode":"FREE_TRIAL""#, relationships: #""bogus":{"data":[]}"#)
        #expect(throws: Never.self) { try document.checkBody(valid, "POST", "/v1/subscriptionOfferCodes") }
        do throws(APIError) {
            try document.checkBody(invalid, "POST", "/v1/subscriptionOfferCodes")
            Issue.record("accepted \(attributes)")
        } catch {
            #expect(error.status == 409)
            #expect(error.entries.map(\.code) == [code])
            #expect(error.entries.map { entry in if case .pointer(let pointer)? = entry.source { pointer } else { "" } } == [pointer])
        }
        do throws(APIError) {
            try document.checkBody(withoutPrices, "POST", "/v1/subscriptionOfferCodes")
            Issue.record("accepted a body without prices")
        } catch {
            #expect(
                error.entries.map(\.code) == ["ENTITY_ERROR.RELATIONSHIP.REQUIRED", "ENTITY_ERROR.RELATIONSHIP.UNKNOWN"])
            #expect(error.entries.first?.detail == "You must provide a value for the relationship 'prices' with this request")
        }
    }

    @Test func theFakesAnswersAreCheckedToo() throws {
        let answer = try #require(
            JSON.parse(
                Data(
                    #"""
                    {"data":{"type":"territories","id":"USA","attributes":{"currency":"USD"},"links":{"self":"https://x/v1/territories/USA"}},
                    "links":{"self":"https://x/v1/territories/USA"}}
                    """#.utf8)))
        let list = JSON.object(["data": .array([answer.object!["data"]!]), "links": answer.object!["links"]!])
        #expect(document.answerProblems(list, status: 200, "GET", "/v1/territories") == [])
        var strayed = list
        if case .object(var root) = strayed, case .array(var items) = root["data"]!, case .object(var item) = items[0] {
            item["attributes"] = ["currency": "USD", "bogus": true]
            items[0] = .object(item)
            root["data"] = .array(items)
            strayed = .object(root)
        }
        #expect(
            document.answerProblems(strayed, status: 200, "GET", "/v1/territories") == [
                "/data/0/attributes/bogus is not in the document's schema"
            ])
    }
}
