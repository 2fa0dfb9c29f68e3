// libFuzzer entry point for iapcat's readers: the executable target IAPCatalogFuzz, which exists only
// when Package.swift is evaluated with IAPCAT_FUZZ=1 (Fuzz/run.sh builds it with
// `swift build -c release`; it and IAPCatalog are compiled with -sanitize=fuzzer,address).
// IAPCAT_FUZZ_TARGET picks the reader:
//   catalog   YAML catalog loader + validator (CatalogLoader, CatalogValidator)
//   plist     product-ID plist reader (XML and binary)
//   json      v1/v2 JSON list reader
//   storekit  .storekit reader, then import and drift lint of what it read
//   bulkxml   bulk-upload metadata.xml importer
//   api       App Store Connect answers (JSON:API documents and error documents, NUL-separated: the
//             first answers the first request, …) read into the remote state, then planned
//             against the example catalog and pulled into a catalog, which must read back
//   play      Google Play answers (NUL-separated: one-time products, subscriptions, offers pages)
//             read, planned against a small catalog, turned into apply's bodies and pulled
//   report    a `POST /v1/reports` body (gzip when it starts with gzip's magic bytes) through the
//             report decoder and, when it decodes, the normalizer; a refusal must be a problem
//             document of printable ASCII JSON, a record must keep its invariants
//   pagequery the reports page's query string (`/reports?…`); a filter it reads must be written
//             back as a query that reads as the same filter
//   plan      a saved plan file (`asc plan --out`, `play plan --out`) through the strict JSON
//             reader; a plan it reads must be written back as bytes that read as the same plan
//   postgres  a postgres:// URL, a NUL, then a pass file in libpq's format: the URL reader and,
//             when it reads, the pass file's lookup for that URL's host, port, database and user
// Every input must come back as a result or diagnostics: a crash, a leak, a timeout or running
// out of memory is a finding.

import Dispatch

@testable import AppStoreConnect
@testable import FieldReports
@testable import GooglePlay
@testable import IAPCatalog

#if canImport(Glibc)
    import Glibc
#endif

private enum FuzzTarget: String {
    case catalog, plist, json, storekit, bulkxml, api, play, report, pagequery, plan, postgres

    static let selected: FuzzTarget = {
        guard let name = getenv("IAPCAT_FUZZ_TARGET").map({ String(cString: $0) }), let target = FuzzTarget(rawValue: name) else {
            let message = "set IAPCAT_FUZZ_TARGET to catalog, plist, json, storekit, bulkxml, api, play, report, pagequery, plan or postgres\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(2)
        }
        return target
    }()

    func run(_ bytes: [UInt8]) {
        switch self {
        case .catalog:
            // Both parsing paths (one thread, two threads) must agree. The two-thread path starts a
            // thread per input, so only every eighth input length takes it (speed matters here).
            if bytes.count % 8 == 0 { checkParsingPathsAgree(bytes) }
            let result = CatalogLoader().load(bytes, file: "fuzz.yaml")
            if let catalog = result.catalog {
                _ = CatalogValidator(fileExists: { _ in false }).validate(catalog, file: "fuzz.yaml")
            }
        case .plist:
            _ = PlistReader().read(bytes, file: "fuzz.plist")
        case .json:
            _ = ProductListJSONReader().read(bytes, file: "fuzz.json")
        case .storekit:
            let read = StoreKitReader().read(bytes, file: "fuzz.storekit")
            if let configuration = read.configuration {
                _ = StoreKitImporter().makeCatalog(configuration)
                _ = StoreKitDriftChecker(catalog: Self.storeKitCatalog).check(configuration, environment: .sandbox)
            }
        case .bulkxml:
            _ = BulkXMLImporter().read(bytes, file: "metadata.xml")
        case .api:
            runAPI(bytes)
        case .play:
            runPlay(bytes)
        case .report:
            runReport(bytes)
        case .pagequery:
            runPageQuery(bytes)
        case .plan:
            runPlan(bytes)
        case .postgres:
            runPostgres(bytes)
        }
    }

    /// A page query: what reads must write back as itself.
    private func runPageQuery(_ bytes: [UInt8]) {
        let query = Substring(decoding: bytes, as: UTF8.self)
        guard case .success(let filter) = ReportPageQuery.parse(query, defaultDays: 30) else { return }
        let written = ReportPageQuery.string(filter, defaultDays: 30)
        precondition(written.hasPrefix("?"), "a written query without its ?")
        let reread = ReportPageQuery.parse(written.dropFirst(), defaultDays: 30)
        guard case .success(let again) = reread else { preconditionFailure("a written query does not read: \(written)") }
        precondition(again == filter, "a written query reads as another filter: \(written)")
    }

    /// A saved plan file: what reads must write back as bytes that read back and write as the
    /// same bytes, and check against its own rows without a difference. (Not the same values: a
    /// whole `0.0` is written `0` and read back as a whole number, the same row as apply compares
    /// rows.)
    private func runPlan(_ bytes: [UInt8]) {
        guard let plan = try? SavedPlan.read(bytes, file: "plan.json") else { return }
        let written = plan.bytes()
        guard let again = try? SavedPlan.read(written, file: "plan.json") else { preconditionFailure("a written plan does not read") }
        precondition(again.bytes() == written, "a written plan reads as another plan")
        do {
            try again.check(rows: plan.rows, steps: plan.steps, storeName: "fuzz")
        } catch {
            preconditionFailure("a plan read back differs from its own rows: \(error)")
        }
    }

    /// A postgres:// URL and a pass file (NUL between them), through the URL reader and the pass
    /// file's lookup; a URL's password must never be in its redacted form.
    private func runPostgres(_ bytes: [UInt8]) {
        let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let text = String(decoding: parts[0], as: UTF8.self)
        let redacted = PostgresURL.redact(text)
        guard let url = try? PostgresURL(text) else { return }
        if let password = url.password, password.utf8.count >= 12, !text.replacingOccurrences(of: password, with: "").isEmpty {
            precondition(!redacted.contains(":" + password + "@"), "a password in a redacted URL")
        }
        let passFile = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
        _ = PostgresPassFile.password(in: passFile, host: url.host, port: url.port, database: url.database, user: url.user)
    }

    /// A report body through the decoder and the normalizer (whose per-day bounds fill up over a
    /// run, so both sides of each bound are taken).
    private func runReport(_ bytes: [UInt8]) {
        do throws(ReportProblem) {
            let report = try ReportDecoder().decode(bytes, gzip: bytes.starts(with: [0x1F, 0x8B]))
            precondition(ReportRules.requestedCount.contains(report.requested.count), "requested out of bounds")
            precondition(report.missing.allSatisfy { report.requested.contains($0.id) }, "a missing id that was not requested")
            let record = try Self.reportNormalizer.normalize(report, facts: Self.reportFacts, receivedAt: 1_795_771_800)
            precondition(Set(record.missing.map(\.id)).count == record.missing.count, "an id twice in a record")
            precondition(record.missing.count <= Set(report.requested).count, "more missing than requested")
        } catch {
            let body = error.body
            precondition(body.allSatisfy { (0x20...0x7E).contains($0) }, "a problem document that is not printable ASCII")
            guard case .object(let members) = try? JSONValueReader.read(body) else { preconditionFailure("a problem document that is not JSON") }
            precondition(members.map(\.key).prefix(4) == ["type", "title", "status", "detail"], "a problem document's members")
        }
    }

    private static let reportNormalizer = ReportNormalizer()

    /// The app and ids of Fuzz/seeds/report.
    private static let reportFacts = CatalogFacts(
        appIDs: [.appStore: "com.example.fieldreports", .googlePlay: "com.example.fieldreports.android"],
        productIDs: [
            .appStore: ["com.example.fieldreports.coins100", "com.example.fieldreports.pro.monthly", "com.example.fieldreports.pro.yearly"],
            .googlePlay: ["coins100", "pro"],
        ],
        servedLists: ["products_v1.json", "products_v2.json", "product_ids.plist", "sandbox/products_v1.json", "sandbox/products_v2.json"])

    /// Google Play's answers in `bytes` (NUL-separated: the one-time products, subscriptions and
    /// offers pages) through the reader, the planner, apply's bodies and the pull; a pulled catalog
    /// must be one iapcat reads back.
    private func runPlay(_ bytes: [UInt8]) {
        let answers = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        let transport = ScriptedPlayAnswers(answers: answers)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var state: PlayRemoteState?
        Task.detached {
            state = try? await PlayRemoteReader(api: transport).read()
            done.signal()
        }
        done.wait()
        guard let state else { return }
        let plan = PlayPlanner(regionsVersion: "2022/02").plan(Self.playCatalog, against: state)
        let applier = PlayApplier(api: transport, remote: state, packageName: "com.example.fuzz")
        for step in plan.steps { _ = applier.request(for: step, version: plan.regionsVersion) }
        let pulled = PlayCatalogBuilder().build(state, packageName: "com.example.fuzz", base: Self.playCatalog)
        let text = Array(CatalogYAMLWriter().render(pulled.catalog).utf8)
        let reread = CatalogLoader().load(text, file: "pulled.yaml")
        precondition(reread.catalog != nil, "a pulled catalog does not read back: \(reread.diagnostics.first.map(\.message) ?? "")")
    }

    /// A catalog with a one-time product and a subscription on Google Play, ids the seeds use.
    private static let playCatalog: Catalog = {
        let text = """
            format_version: 1
            app: { bundle_id: com.example.fuzz, google_play: { package_name: com.example.fuzz } }
            products:
              - id: gems
                type: consumable
                stores: [google_play]
                google_play:
                  listings: { en-US: { title: Gems, description: Shiny } }
                  purchase_options: [{ id: buy, regions: { US: "0.99", GB: "0.89" }, new_regions: { usd: "0.99", eur: "0.99" } }]
              - id: vip
                type: auto-renewable
                stores: [google_play]
                google_play:
                  listings: { en-US: { title: VIP, description: Everything } }
                  base_plans:
                    - id: monthly
                      period: P1M
                      regions: { US: "4.99" }
                      offers: [{ id: trial, phases: [{ mode: free-trial, duration: P1W }] }]
            """
        return CatalogLoader().load(Array(text.utf8), file: "fuzz.yaml").catalog!
    }()

    /// The answers in `bytes` through the reader, the planner and the pull; a pulled catalog must
    /// be one iapcat reads back.
    private func runAPI(_ bytes: [UInt8]) {
        let answers = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
        for answer in answers { _ = APIErrorObject.parse(answer) }
        let transport = ScriptedAnswers(answers: answers)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var state: ConnectRemoteState?
        Task.detached {
            state = try? await ConnectRemoteReader(api: transport).read(appID: "1")
            done.signal()
        }
        done.wait()
        guard let state else { return }
        _ = ConnectPlanner(today: "2026-01-01").plan(DesiredState(catalog: Self.storeKitCatalog), against: state)
        let pulled = ConnectCatalogBuilder(today: "2026-01-01").build(state, app: AppInfo(bundleID: "com.example.fuzz", appleID: "1"))
        let text = Array(CatalogYAMLWriter().render(pulled.catalog).utf8)
        let reread = CatalogLoader().load(text, file: "pulled.yaml")
        precondition(reread.catalog != nil, "a pulled catalog does not read back: \(reread.diagnostics.first.map(\.message) ?? "")")
    }

    /// A catalog with one product of each kind a `.storekit` file holds, ids a fuzzer finds in the seeds.
    private static let storeKitCatalog: Catalog = {
        var subscription = Product(id: "subscription.pro", type: .autoRenewable, referenceName: "Pro")
        subscription.subscription = SubscriptionTerms(group: "services", duration: .oneMonth, rank: 1, freeTrialDuration: .oneWeek)
        subscription.localizations = [Localization(locale: "en-US", displayName: "Pro", description: "Everything")]
        subscription.price = Price(tier: 5)
        return Catalog(
            app: AppInfo(bundleID: "com.example.fuzz"),
            subscriptionGroups: [SubscriptionGroup(id: "services", referenceName: "Software Services")],
            products: [
                Product(id: "consumable.fuel.octane87", type: .consumable, referenceName: "Fuel87", price: Price(tier: 1)),
                Product(id: "nonRenewing.standard", type: .nonRenewing, referenceName: "Standard"), subscription,
            ])
    }()

    private func checkParsingPathsAgree(_ bytes: [UInt8]) {
        var pipelined = YAMLParser()
        pipelined.pipelineThreshold = 0
        let inline = Result { () throws(DocumentSyntaxError) in try YAMLParser().parse(bytes) }
        let threaded = Result { () throws(DocumentSyntaxError) in try pipelined.parse(bytes) }
        switch (inline, threaded) {
        case (.failure(let one), .failure(let two)): precondition(one == two, "the two parsing paths disagree: \(one) / \(two)")
        case (.success(let one), .success(let two)): precondition(one.findings == two.findings, "the two parsing paths disagree")
        default: preconditionFailure("one parsing path failed, the other did not")
        }
    }
}

/// Answers each request with the next of `answers` (a JSON:API document or anything else), then
/// with an empty list; uploads succeed.
private final class ScriptedAnswers: ConnectTransport, @unchecked Sendable {
    private var answers: [[UInt8]]
    private var next = 0
    private let lock = PthreadMutex()

    init(answers: [[UInt8]]) { self.answers = answers }

    func send(_ request: ConnectRequest) async throws(ConnectAPIError) -> APIDocument {
        let answer: [UInt8]? = lock.locked {
            defer { next += 1 }
            return next < answers.count ? answers[next] : nil
        }
        guard let answer else { return APIDocument() }
        guard let document = APIDocument.parse(answer) else {
            throw .response(request: request.summary, status: 400, errors: APIErrorObject.parse(answer))
        }
        return document
    }

    func upload(_ operation: UploadOperation, bytes: ArraySlice<UInt8>) async throws(ConnectAPIError) {}
}

/// Answers each Play request with the next of `answers` (a JSON object, or an error), then with
/// an empty object.
private final class ScriptedPlayAnswers: PlayTransport, @unchecked Sendable {
    private var answers: [[UInt8]]
    private var next = 0
    private let lock = PthreadMutex()

    init(answers: [[UInt8]]) { self.answers = answers }

    func send(_ request: PlayRequest) async throws(PlayAPIError) -> JSONValue {
        let answer: [UInt8]? = lock.locked {
            defer { next += 1 }
            return next < answers.count ? answers[next] : nil
        }
        guard let answer else { return .object([]) }
        guard let value = try? JSONValueReader.read(answer), case .object = value else {
            throw .answer(request: request.summary, status: 400, bytes: answer)
        }
        return value
    }
}

/// A mutex on pthreads (Foundation is not linked into the fuzzing binary).
private final class PthreadMutex: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.selected.run(bytes)
    return 0
}

/// libFuzzer's driver (`int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*)(const uint8_t *, size_t))`).
@_extern(c, "LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// SwiftPM links an executable target's entry point as `main`, so the target has one instead of
/// libFuzzer's own `main`, and hands over to libFuzzer's driver, which parses the libFuzzer options.
@main enum FuzzMain {
    static func main() {
        _ = FuzzTarget.selected  // exits with a message, before fuzzing, when IAPCAT_FUZZ_TARGET is not set
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    }
}
