import Foundation
import IAPCatTestSupport
import Testing

@testable import FieldReports

/// Bodies → reports, and every way a body can break the contract → the exact problem document.
@Suite struct ReportDecoderTests {
    typealias Body = ReportExamples.Body

    @Test func aRealisticReportDecodesToItsValues() throws {
        let report = try ReportExamples.decode(Body.realistic.bytes).get()
        #expect(report.reportID == "0b8e5a4c-7d1f-4e2a-9c3b-5f6a7b8c9d0e")
        #expect(report.bundleID == "com.example.fieldreports")
        #expect(report.appVersion == "2.4.1 (381)")
        #expect(report.os == "iOS" && report.osVersion == "18.2")
        #expect(report.store == .appStore && report.environment == .production)
        #expect(report.storefront == "USA" && report.list == "products_v2.json" && report.sdk == "storekit2")
        #expect(report.requested == (1...20).map { "com.example.fieldreports.item\($0)" })
        #expect(
            report.missing == [
                MissingProduct(id: "com.example.fieldreports.item7"),
                MissingProduct(id: "com.example.fieldreports.item13", status: "notAvailableInStorefront"),
            ])
        #expect(report.listETag == "\"5d41402abc4b2a76b9719d911017c592\"")
        #expect(report.sentAt == "2026-11-27T09:30:00Z")
    }

    @Test func optionalFieldsMayBeAbsentOrNull() throws {
        let absent = try ReportExamples.decode(Body.minimal.bytes).get()
        #expect(absent.sdk == nil && absent.listETag == nil && absent.sentAt == nil && absent.missing == [])
        let nulls = Body.minimal.setting("sdk", "null").setting("list_etag", "null").setting("sent_at", "null")
            .setting("requested", #"["a"]"#).setting("missing", #"[{"id":"a","status":null}]"#)
        let decoded = try ReportExamples.decode(nulls.bytes).get()
        #expect(decoded.sdk == nil && decoded.listETag == nil && decoded.sentAt == nil)
        #expect(decoded.missing == [MissingProduct(id: "a", status: nil)])
    }

    @Test func unknownFieldsAreReadAndIgnored() throws {
        let plain = try ReportExamples.decode(Body.realistic.bytes).get()
        let grown = Body.realistic.setting("device_class", #"{"a":[1,-2.5e3,true,false,null,{"b":"\u00e9\ud83d\ude00"}]}"#)
            .setting("future", #""x""#).setting("future", #""twice is fine for a field iapcat ignores""#)
            .setting(
                "missing",
                #"[{"id":"com.example.fieldreports.item7","reason":{"deep":[[]]}},{"id":"com.example.fieldreports.item13","status":"notAvailableInStorefront"}]"#
            )
        var body = grown.text
        body.insert(contentsOf: #""future":1,"#, at: body.index(after: body.startIndex))
        #expect(try ReportExamples.decode(Array(body.utf8)).get() == plain)
    }

    @Test func openValuesAreAccepted() throws {
        let report = try ReportExamples.decode(Body.minimal.setting("sdk", #""billing10""#).bytes).get()
        #expect(report.sdk == "billing10")
        let status = Body.minimal.setting("requested", #"["a"]"#).setting("missing", #"[{"id":"a","status":"someFutureKind"}]"#)
        #expect(try ReportExamples.decode(status.bytes).get().missing == [MissingProduct(id: "a", status: "someFutureKind")])
    }

    @Test func escapesAreResolvedInKeysAndValues() throws {
        let body = Body.minimal.setting("report_id", #""r\u0031\u005f""#).setting("requested", #"["a\/b \"c\""]"#)
        var text = body.text
        text = text.replacingOccurrences(of: "\"app_version\"", with: #""app\u005fversion""#)
        let report = try ReportExamples.decode(Array(text.utf8)).get()
        #expect(report.reportID == "r1_")
        #expect(report.appVersion == "1.0")
        #expect(report.requested == ["a/b \"c\""])
    }

    @Test func whitespaceAndAByteOrderMarkAreTolerated() throws {
        let text = "\u{FEFF} \n\t" + Body.minimal.text.replacingOccurrences(of: ",", with: " ,\r\n ") + " \n"
        #expect(try ReportExamples.decode(Array(text.utf8)).get() == ReportExamples.decode(Body.minimal.bytes).get())
    }

    // MARK: Each field's rules

    /// (what the body does, the `detail`, the `field`).
    static let violations: [(body: Body, detail: String, field: String)] = {
        let minimal = Body.minimal
        let requestedA = minimal.setting("requested", #"["a"]"#)
        return [
            (minimal.removing("report_id"), "report_id is required.", "/report_id"),
            (minimal.setting("report_id", #""""#), "report_id must be 1 to 64 characters long.", "/report_id"),
            (
                minimal.setting("report_id", "\"\(String(repeating: "a", count: 65))\""), "report_id must be 1 to 64 characters long.",
                "/report_id"
            ),
            (minimal.setting("report_id", #""a b""#), "report_id may hold only letters, digits, _ and -.", "/report_id"),
            (minimal.setting("report_id", "42"), "report_id must be a string, not a number.", "/report_id"),
            (minimal.setting("report_id", "null"), "report_id must be a string, not null.", "/report_id"),
            (minimal.removing("bundle_id"), "bundle_id is required.", "/bundle_id"),
            (minimal.setting("bundle_id", #""com.example app""#), "bundle_id may hold only letters, digits, ., _ and -.", "/bundle_id"),
            (minimal.setting("bundle_id", "[]"), "bundle_id must be a string, not an array.", "/bundle_id"),
            (minimal.removing("app_version"), "app_version is required.", "/app_version"),
            (minimal.setting("app_version", #""1.0\n""#), "app_version may hold only printable ASCII (space to ~).", "/app_version"),
            (minimal.setting("app_version", #""1.0 é""#), "app_version may hold only printable ASCII (space to ~).", "/app_version"),
            (
                minimal.setting("app_version", "\"\(String(repeating: "9", count: 65))\""), "app_version must be 1 to 64 characters long.",
                "/app_version"
            ),
            (minimal.removing("os"), "os is required.", "/os"),
            (minimal.setting("os", "\"\(String(repeating: "x", count: 33))\""), "os must be 1 to 32 characters long.", "/os"),
            (minimal.setting("os", "true"), "os must be a string, not a boolean.", "/os"),
            (minimal.removing("os_version"), "os_version is required.", "/os_version"),
            (minimal.setting("os_version", #""18\u0000""#), "os_version may hold only printable ASCII (space to ~).", "/os_version"),
            (minimal.removing("store"), "store is required.", "/store"),
            (minimal.setting("store", #""itunes""#), "store must be one of app_store, google_play.", "/store"),
            (minimal.setting("store", #""App_Store""#), "store must be one of app_store, google_play.", "/store"),
            (minimal.removing("environment"), "environment is required.", "/environment"),
            (minimal.setting("environment", #""prod""#), "environment must be one of production, sandbox, xcode, unknown.", "/environment"),
            (minimal.removing("storefront"), "storefront is required.", "/storefront"),
            (minimal.setting("storefront", #""U""#), "storefront must be 2 or 3 characters long.", "/storefront"),
            (minimal.setting("storefront", #""USAA""#), "storefront must be 2 or 3 characters long.", "/storefront"),
            (minimal.setting("storefront", #""U1""#), "storefront may hold only letters.", "/storefront"),
            (minimal.setting("storefront", "840"), "storefront must be a string, not a number.", "/storefront"),
            (minimal.removing("list"), "list is required.", "/list"),
            (minimal.setting("list", #""products v2.json""#), "list may hold only letters, digits, ., _, / and -.", "/list"),
            (minimal.setting("sdk", #""StoreKit2""#), "sdk may hold only lower-case letters, digits and _.", "/sdk"),
            (minimal.setting("sdk", "2"), "sdk must be a string, not a number.", "/sdk"),
            (minimal.removing("requested"), "requested is required.", "/requested"),
            (minimal.setting("requested", "[]"), "requested must hold 1 to 1,000 ids.", "/requested"),
            (
                minimal.setting("requested", "[" + Array(repeating: #""a""#, count: 1_001).joined(separator: ",") + "]"),
                "requested must hold 1 to 1,000 ids.", "/requested"
            ),
            (minimal.setting("requested", #""a""#), "requested must be an array, not a string.", "/requested"),
            (minimal.setting("requested", #"["a",7]"#), "requested[1] must be a string, not a number.", "/requested/1"),
            (minimal.setting("requested", #"["a",""]"#), "requested[1] must be 1 to 128 characters long.", "/requested/1"),
            (minimal.setting("requested", "[\"\u{7F}\"]"), "requested[0] may hold only printable ASCII (space to ~).", "/requested/0"),
            (minimal.removing("missing"), "missing is required.", "/missing"),
            (minimal.setting("missing", "{}"), "missing must be an array, not an object.", "/missing"),
            (requestedA.setting("missing", #"["a"]"#), "missing[0] must be an object, not a string.", "/missing/0"),
            (requestedA.setting("missing", #"[{"id":"a"},{"status":"3"}]"#), "missing[1].id is required.", "/missing/1/id"),
            (requestedA.setting("missing", #"[{"id":"a"},{"id":"b"}]"#), "missing[1].id is not one of requested.", "/missing/1/id"),
            (requestedA.setting("missing", #"[{"id":"a","id":"a"}]"#), "missing[0].id appears more than once.", "/missing/0/id"),
            (
                requestedA.setting("missing", #"[{"id":"a","status":3}]"#), "missing[0].status must be a string, not a number.",
                "/missing/0/status"
            ),
            (
                requestedA.setting("missing", #"[{"id":"a","status":"not found"}]"#),
                "missing[0].status may hold only letters, digits, ., _ and -.", "/missing/0/status"
            ),
            (
                requestedA.setting("missing", "[" + Array(repeating: #"{"id":"a"}"#, count: 1_001).joined(separator: ",") + "]"),
                "missing must hold at most 1,000 objects.", "/missing"
            ),
            (minimal.setting("list_etag", #""""#), "list_etag must be 1 to 128 characters long.", "/list_etag"),
            (minimal.setting("sent_at", #""2026-11-27""#), "sent_at must be an RFC 3339 date-time.", "/sent_at"),
            (minimal.setting("sent_at", #""2026-11-27T09:30:00.1234567890Z""#), "sent_at must be an RFC 3339 date-time.", "/sent_at"),
            (minimal.setting("sent_at", #""2026-11-27 09:30:00Z""#), "sent_at must be an RFC 3339 date-time.", "/sent_at"),
            (minimal.setting("sent_at", "1795771800"), "sent_at must be a string, not a number.", "/sent_at"),
            (Body(members: minimal.members + [("report_id", #""b""#)]), "report_id appears more than once.", "/report_id"),
        ]
    }()

    @Test(arguments: violations.indices)
    func aFieldThatBreaksItsRuleIsNamedInTheProblem(_ index: Int) {
        let (body, detail, field) = Self.violations[index]
        #expect(ReportExamples.problem(body.bytes) == ReportExamples.invalid(detail, field: field), "\(body.text.prefix(300))")
    }

    @Test func aDuplicatedKeyIsFoundEvenWhenSpelledWithEscapes() {
        let body = Body.minimal.text.dropLast() + #","report\u005fid":"b"}"#
        #expect(
            ReportExamples.problem(Array(body.utf8)) == ReportExamples.invalid("report_id appears more than once.", field: "/report_id"))
    }

    @Test func theFirstProblemInTheBodyIsTheOneNamed() {
        // Both report_id and os break their rules; report_id comes first. Absent fields come after.
        let body = Body.minimal.setting("report_id", "1").setting("os", "2").removing("store")
        #expect(
            ReportExamples.problem(body.bytes) == ReportExamples.invalid("report_id must be a string, not a number.", field: "/report_id"))
        let absent = Body.minimal.removing("store").removing("bundle_id")
        #expect(ReportExamples.problem(absent.bytes) == ReportExamples.invalid("bundle_id is required.", field: "/bundle_id"))
    }

    // MARK: Bodies that are not reports

    @Test func aBodyThatIsNotJSONIsRefusedWithWhereItBreaks() {
        let cases: [(String, Int)] = [
            ("", 0), ("{", 1), (#"{"report_id":"a",}"#, 17), (#"{"report_id":'a'}"#, 13), (#"{"x":01}"#, 6), (#"{"x":1.}"#, 7),
            (#"{"x":"\ud800"}"#, 6), (#"{"x":"\q"}"#, 6), ("{\"x\":\"a\nb\"}", 7), (#"{"x":tru}"#, 5), (#"{} {}"#, 3),
            (#"{"x":[1,]}"#, 8), ("{\"x\":1 /* c */}", 7),
        ]
        for (text, offset) in cases {
            let expected = ReportExamples.invalid("The body is not JSON (RFC 8259): the first error is at byte \(offset).")
            #expect(ReportExamples.problem(Array(text.utf8)) == expected, "\(text)")
        }
    }

    @Test func aBodyThatIsNotAnObjectIsRefused() {
        #expect(ReportExamples.problem(Array("[]".utf8)) == ReportExamples.invalid("The body must be a JSON object, not an array."))
        #expect(ReportExamples.problem(Array(#""report""#.utf8)) == ReportExamples.invalid("The body must be a JSON object, not a string."))
        #expect(ReportExamples.problem(Array("null".utf8)) == ReportExamples.invalid("The body must be a JSON object, not null."))
    }

    @Test func invalidUTF8IsRefusedNamingTheFieldWhenItIsOne() {
        var known = Array(Body.minimal.setting("app_version", #""1.0 X""#).bytes)
        known[known.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
        #expect(ReportExamples.problem(known) == ReportExamples.invalid("app_version is not valid UTF-8.", field: "/app_version"))
        // Overlong, surrogate, past U+10FFFF, cut short: each in an unknown field, where no field is named.
        for sequence: [UInt8] in [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]] {
            let body = Array(#"{"note":""#.utf8) + sequence + Array(#""}"#.utf8)
            #expect(ReportExamples.problem(body) == ReportExamples.invalid("The body is not valid UTF-8: the first error is at byte 9."))
        }
        var key = Array(#"{"nXte":1}"#.utf8)
        key[3] = 0xFE
        #expect(ReportExamples.problem(key) == ReportExamples.invalid("The body is not valid UTF-8: the first error is at byte 3."))
    }

    @Test func deepNestingIsRefusedPastEightLevels() {
        let tooDeep = ReportExamples.invalid("The body nests arrays and objects more than 8 deep.")
        // The report is level 1: seven arrays inside it reach level 8, eight reach 9.
        let eight = Body.minimal.setting("x", String(repeating: "[", count: 7) + String(repeating: "]", count: 7))
        #expect(ReportExamples.problem(eight.bytes) == nil)
        let nine = Body.minimal.setting("x", String(repeating: "[", count: 8) + String(repeating: "]", count: 8))
        #expect(ReportExamples.problem(nine.bytes) == tooDeep)
        let objects = Body.minimal.setting("x", String(repeating: #"{"a":"#, count: 8) + "1" + String(repeating: "}", count: 8))
        #expect(ReportExamples.problem(objects.bytes) == tooDeep)
        // A hostile body: 500,000 brackets, refused after the ninth, in bounded time and stack. (The
        // CPU-time bounds here are generous, for a debug build on a loaded machine: a release build
        // refuses this body in microseconds, the huge string below in 0.6 ms, the bomb in 2.5 ms.)
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 500_000)
        let elapsed = ThreadCPUTime.measure { #expect(ReportExamples.problem(hostile) == tooDeep) }
        #expect(elapsed < .seconds(2))
    }

    @Test func aHugeStringIsRefusedNamingTheField() {
        let huge = String(repeating: "9", count: 500_000)
        let elapsed = ThreadCPUTime.measure {
            #expect(
                ReportExamples.problem(Body.minimal.setting("app_version", "\"\(huge)\"").bytes)
                    == ReportExamples.invalid("app_version must be 1 to 64 characters long.", field: "/app_version"))
        }
        #expect(elapsed < .seconds(2))
    }

    @Test func aReportAtEveryMaximumFitsUnderTheCap() throws {
        func text(_ count: Int, _ seed: Int = 0) -> String {
            "\"" + String(String(seed).reversed()) + String(repeating: "x", count: count - String(seed).count) + "\""
        }
        let ids = (0..<1_000).map { text(128, $0) }
        var body = ReportExamples.Body.minimal
        for (key, length) in [
            ("report_id", 64), ("app_version", 64), ("os", 32), ("os_version", 32), ("list", 128), ("sdk", 32), ("list_etag", 128),
        ] {
            body = body.setting(key, text(length))
        }
        body = body.setting("bundle_id", "\"" + String(repeating: "b", count: 255) + "\"").setting("storefront", #""USA""#)
            .setting("environment", #""production""#).setting("sent_at", #""2026-11-27T09:30:00.123456789+01:00""#)
            .setting("requested", "[" + ids.joined(separator: ",") + "]")
            .setting("missing", "[" + ids.map { #"{"id":\#($0),"status":\#(text(64))}"# }.joined(separator: ",") + "]")
        #expect(body.bytes.count > 340_000 && body.bytes.count < ReportRules.maximumBodyBytes)
        let report = try ReportExamples.decode(body.bytes).get()
        #expect(report.requested.count == 1_000 && report.missing.count == 1_000)
    }

    @Test func aBodyPastTheCapIsRefusedWith413() {
        let expected =
            #"{"type":"https://iapcat.dev/problems/content-too-large","title":"The report is too large","status":413,"#
            + #""detail":"The report is larger than 524,288 bytes after decompression."}"#
        let padding = String(repeating: " ", count: ReportRules.maximumBodyBytes)
        #expect(ReportExamples.problem(Array((Body.minimal.text + padding).utf8)) == expected)
        #expect(ReportExamples.problem(Array(padding.utf8)) != expected)  // exactly the cap is read (and is not JSON)
    }

    // MARK: gzip

    @Test func aGzipBodyDecodesAsTheSameReport() throws {
        let gzipped = try ReportExamples.gzip(Body.realistic.bytes)
        #expect(try ReportExamples.decode(gzipped, gzip: true).get() == ReportExamples.decode(Body.realistic.bytes).get())
    }

    @Test func aGzipBombIsRefusedWith413InBoundedTimeAndMemory() throws {
        let bomb = try ReportExamples.gzip([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 20_000)
        var problem: ReportProblem?
        let elapsed = ThreadCPUTime.measure {
            if case .failure(let failure) = ReportExamples.decode(bomb, gzip: true) { problem = failure }
        }
        #expect(problem == .tooLarge)
        #expect(elapsed < .seconds(2))
        // Memory: the inflation stops one byte past the cap.
        #expect(throws: BoundedGunzip.Failure.tooLarge) { try BoundedGunzip.inflate(bomb, limit: 1_000) }
        let exact = try ReportExamples.gzip([UInt8](repeating: 0, count: 1_000))
        #expect(try BoundedGunzip.inflate(exact, limit: 1_000).count == 1_000)
        #expect(throws: BoundedGunzip.Failure.tooLarge) { try BoundedGunzip.inflate(exact, limit: 999) }
    }

    @Test func aBodyThatIsNotGzipAsItSaysIsRefused() throws {
        let notGzip = ReportExamples.invalid("The body is not gzip (RFC 1952), as Content-Encoding says.")
        #expect(ReportExamples.problem(Body.minimal.bytes, gzip: true) == notGzip)
        #expect(ReportExamples.problem([], gzip: true) == notGzip)
        let gzipped = try ReportExamples.gzip(Body.minimal.bytes)
        #expect(ReportExamples.problem(Array(gzipped.dropLast(5)), gzip: true) == notGzip)  // cut short
        #expect(ReportExamples.problem(gzipped + [0], gzip: true) == notGzip)  // something after it
        var damaged = gzipped
        damaged[damaged.count - 6] ^= 0xFF  // the CRC
        #expect(ReportExamples.problem(damaged, gzip: true) == notGzip)
    }

    // MARK: The fixtures

    @Test func theExampleReportsDecode() throws {
        let storeKit = try ReportExamples.decode(ReportExamples.fixture("storekit2.json")).get()
        #expect(
            storeKit
                == FieldReport(
                    reportID: "6f1c0d2e-4b7a-4c55-9a51-2f4be0c3a9d1", bundleID: "com.example.fieldreports", appVersion: "2.4.1 (381)",
                    os: "iOS", osVersion: "18.2", store: .appStore, environment: .production, storefront: "CAN", list: "products_v2.json",
                    sdk: "storekit2",
                    requested: [
                        "com.example.fieldreports.coins100", "com.example.fieldreports.pro.monthly", "com.example.fieldreports.pro.yearly",
                    ],
                    missing: [MissingProduct(id: "com.example.fieldreports.pro.yearly")],
                    listETag: "\"5d41402abc4b2a76b9719d911017c592\"", sentAt: "2026-11-27T09:30:00Z"))
        let play = try ReportExamples.decode(ReportExamples.fixture("billing8.json")).get()
        #expect(
            play
                == FieldReport(
                    reportID: "c2f7a9e8-1d3b-4e6f-8a0b-9c7d5e3f1a2b", bundleID: "com.example.fieldreports.android", appVersion: "2.4.1",
                    os: "Android", osVersion: "15", store: .googlePlay, environment: .unknown, storefront: "DE", list: "products_v2.json",
                    sdk: "billing8", requested: ["coins100", "pro"], missing: [MissingProduct(id: "pro", status: "4")],
                    listETag: "\"5d41402abc4b2a76b9719d911017c592\"", sentAt: "2026-11-27T10:30:00.125+01:00"))
    }
}
