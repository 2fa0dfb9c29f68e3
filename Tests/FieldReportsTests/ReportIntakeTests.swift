import IAPCatTestSupport
import NIOConcurrencyHelpers
import Testing

@testable import FieldReports

/// `POST /v1/reports` without a socket: the request's headers and body → status, headers, bytes.
@Suite struct ReportIntakeTests {
    /// Takes records until it holds `capacity`.
    final class Sink: ReportSink {
        let capacity: Int
        let records = NIOLockedValueBox<[ReportRecord]>([])

        init(capacity: Int = .max) { self.capacity = capacity }

        func offer(_ record: ReportRecord) -> Bool {
            records.withLockedValue { records in
                guard records.count < capacity else { return false }
                records.append(record)
                return true
            }
        }
    }

    static func handle(
        _ body: [UInt8], contentType: String? = "application/json", encoding: String? = nil, sink: Sink = Sink()
    ) -> ReportOutcome {
        ReportIntake(sink: sink).handle(
            ReportRequest(contentType: contentType, contentEncoding: encoding, body: body, receivedAt: ReportExamples.now),
            facts: ReportExamples.facts)
    }

    static let body = ReportExamples.Body.minimal.bytes

    static func problemOutcome(_ status: Int, _ type: String, _ title: String, _ detail: String, extra: [ReportOutcome.Header] = [])
        -> ReportOutcome
    {
        let body = #"{"type":"https://iapcat.dev/problems/\#(type)","title":"\#(title)","status":\#(status),"detail":"\#(detail)"}"#
        return ReportOutcome(
            status: status, headers: [ReportOutcome.Header("Content-Type", "application/problem+json")] + extra, body: Array(body.utf8))
    }

    @Test func aValidReportIsAcceptedWith202AndOffered() throws {
        let sink = Sink()
        let outcome = Self.handle(ReportExamples.Body.realistic.bytes, sink: sink)
        #expect(outcome.status == 202)
        #expect(outcome.headers == [ReportOutcome.Header("Content-Type", "application/json")])
        #expect(String(decoding: outcome.body, as: UTF8.self) == #"{"status":"accepted"}"#)
        let records = sink.records.withLockedValue { $0 }
        #expect(records.count == 1)
        #expect(records.first?.reportID == "0b8e5a4c-7d1f-4e2a-9c3b-5f6a7b8c9d0e")
        #expect(records.first?.missing.count == 2)
    }

    @Test func aGzipReportIsAccepted() throws {
        let sink = Sink()
        #expect(Self.handle(try ReportExamples.gzip(Self.body), encoding: "gzip", sink: sink) == .accepted)
        #expect(sink.records.withLockedValue { $0.count } == 1)
    }

    @Test(arguments: [
        "application/json", "Application/JSON", "application/json; charset=utf-8", "application/json;charset=UTF-8",
        "application/json; charset=\"utf-8\"", " application/json ; version=1",
    ])
    func jsonIsAcceptedWithAnyCaseAndParameters(_ contentType: String) {
        #expect(Self.handle(Self.body, contentType: contentType) == .accepted)
    }

    @Test(arguments: [
        nil, "", "text/plain", "application/jsonx", "application/x-www-form-urlencoded", "application/json; charset=iso-8859-1", "*/*",
    ])
    func otherMediaTypesAreRefusedWith415(_ contentType: String?) {
        let sink = Sink()
        #expect(
            Self.handle(Self.body, contentType: contentType, sink: sink)
                == Self.problemOutcome(
                    415, "unsupported-media-type", "The report must be application/json",
                    "Content-Type must be application/json (charset, if given, utf-8)."))
        #expect(sink.records.withLockedValue { $0.isEmpty })
    }

    @Test(arguments: [nil, "identity", "IDENTITY", ""])
    func anUnencodedBodyIsAccepted(_ encoding: String?) {
        #expect(Self.handle(Self.body, encoding: encoding) == .accepted)
    }

    @Test(arguments: ["gzip", " GZip ", "x-gzip"])
    func gzipIsAcceptedByItsNames(_ encoding: String) throws {
        #expect(Self.handle(try ReportExamples.gzip(Self.body), encoding: encoding) == .accepted)
    }

    @Test(arguments: ["br", "deflate", "zstd", "gzip, gzip", "gzip;q=1"])
    func otherEncodingsAreRefusedWith415SayingWhichAreTaken(_ encoding: String) {
        #expect(
            Self.handle(Self.body, encoding: encoding)
                == Self.problemOutcome(
                    415, "unsupported-content-encoding", "The report must be sent as it is or gzip-encoded",
                    "Content-Encoding must be gzip or identity, or be absent.", extra: [ReportOutcome.Header("Accept-Encoding", "gzip")]))
    }

    @Test func aGzipBombIsRefusedWith413() throws {
        let bomb = try ReportExamples.gzip([UInt8](repeating: 0, count: 10_000_000))
        var outcome: ReportOutcome?
        let elapsed = ThreadCPUTime.measure { outcome = Self.handle(bomb, encoding: "gzip") }
        #expect(
            outcome
                == Self.problemOutcome(
                    413, "content-too-large", "The report is too large", "The report is larger than 524,288 bytes after decompression."))
        #expect(elapsed < .seconds(2))
    }

    @Test func anInvalidReportIsRefusedWith400AndNotOffered() {
        let sink = Sink()
        let outcome = Self.handle(ReportExamples.Body.minimal.setting("store", #""itunes""#).bytes, sink: sink)
        #expect(outcome.status == 400)
        #expect(outcome.headers == [ReportOutcome.Header("Content-Type", "application/problem+json")])
        #expect(
            String(decoding: outcome.body, as: UTF8.self)
                == ReportExamples.invalid("store must be one of app_store, google_play.", field: "/store"))
        let wrongApp = Self.handle(ReportExamples.Body.minimal.setting("bundle_id", #""com.example.other""#).bytes, sink: sink)
        #expect(
            String(decoding: wrongApp.body, as: UTF8.self)
                == ReportExamples.invalid("bundle_id is not the app this server's catalog is for on the App Store.", field: "/bundle_id"))
        #expect(sink.records.withLockedValue { $0.isEmpty })
    }

    @Test func aFullSinkIsAnswered503WithRetryAfter() {
        let sink = Sink(capacity: 1)
        #expect(Self.handle(Self.body, sink: sink) == .accepted)
        #expect(
            Self.handle(Self.body, sink: sink)
                == Self.problemOutcome(
                    503, "storage-unavailable", "Reports cannot be stored right now",
                    "The report queue is full; send the report again later.",
                    extra: [ReportOutcome.Header("Retry-After", "5")]))
    }

    @Test func aProblemDocumentEscapesWhatItSays() {
        let problem = ReportProblem(.invalidReport, detail: "a \"quoted\" \\ line\nbreak\u{7F}", field: "/a~1b")
        #expect(
            String(decoding: problem.body, as: UTF8.self)
                == #"{"type":"https://iapcat.dev/problems/invalid-report","title":"The report is not valid","status":400,"#
                + #""detail":"a \"quoted\" \\ line\u000abreak\u007f","field":"/a~1b"}"#)
        #expect(ReportPointer([.key("a/b~c"), .index(3)]).description == "/a~1b~0c/3")
        #expect(ReportPointer([.key("missing"), .index(3), .key("id")]).label == "missing[3].id")
    }

    @Test func everyProblemKindHasItsStatusAndType() {
        #expect(ReportProblem.Kind.allCases.map(\.status) == [400, 405, 411, 413, 415, 415, 429, 503])
        #expect(
            ReportProblem.Kind.allCases.map(\.type) == [
                "https://iapcat.dev/problems/invalid-report", "https://iapcat.dev/problems/method-not-allowed",
                "https://iapcat.dev/problems/length-required", "https://iapcat.dev/problems/content-too-large",
                "https://iapcat.dev/problems/unsupported-media-type", "https://iapcat.dev/problems/unsupported-content-encoding",
                "https://iapcat.dev/problems/rate-limited", "https://iapcat.dev/problems/storage-unavailable",
            ])
        let limited = ReportOutcome(ReportProblem(.rateLimited, detail: "Too many reports from this client."), retryAfterSeconds: 60)
        #expect(limited.status == 429 && limited.headers.last == ReportOutcome.Header("Retry-After", "60"))
    }
}
