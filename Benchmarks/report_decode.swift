// The report decoder on its own (Benchmarks/report-decode.sh builds it, in release mode, with the
// decoder's sources and the JSON parser's): CPU time per decode of a realistic report (a StoreKit 2
// app, 20 ids requested, 2 missing) against IAPCatalog's general JSONValueReader reading the same
// bytes into values (no field checks, no report), and the time each hostile body takes to be refused.
// Usage: report-decode [ITERATIONS=100000]

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let requested = (1...20).map { #""com.example.fieldreports.item\#($0)""# }.joined(separator: ",")
let body = Array(
    (#"{"report_id":"0b8e5a4c-7d1f-4e2a-9c3b-5f6a7b8c9d0e","bundle_id":"com.example.fieldreports","app_version":"2.4.1 (381)","#
        + #""os":"iOS","os_version":"18.2","store":"app_store","environment":"production","storefront":"USA","#
        + #""list":"products_v2.json","sdk":"storekit2","requested":["# + requested + #"],"#
        + #""missing":[{"id":"com.example.fieldreports.item7"},{"id":"com.example.fieldreports.item13","status":"notAvailableInStorefront"}],"#
        + #""list_etag":"\"5d41402abc4b2a76b9719d911017c592\"","sent_at":"2026-11-27T09:30:00Z"}"#).utf8)
let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 100_000
let decoder = ReportDecoder()

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

/// The best of five runs of `iterations` calls, in µs of CPU time per call.
func measure(_ name: String, _ call: () -> Int) {
    var best = Double.infinity
    var checksum = 0
    for _ in 0..<5 {
        let start = cpuSeconds()
        for _ in 0..<iterations { checksum &+= call() }
        best = min(best, cpuSeconds() - start)
    }
    print("\(name): \(rounded(best / Double(iterations) * 1e6)) µs per call (best of 5 × \(iterations), CPU time; checksum \(checksum))")
}

print("report: \(body.count) bytes")
let report = try! decoder.decode(body, gzip: false)
precondition(report.requested.count == 20 && report.missing.count == 2)
measure("ReportDecoder.decode") { (try? decoder.decode(body, gzip: false))?.requested.count ?? 0 }
measure("JSONValueReader.read (depth 8)") {
    guard case .object(let members) = try? JSONValueReader.read(body, limits: DocumentLimits(maximumDepth: 8)) else { return 0 }
    return members.count
}

/// CPU time to refuse `bytes`, averaged over 100 calls.
func hostile(_ name: String, _ bytes: [UInt8], gzip: Bool) {
    var status = 0
    let start = cpuSeconds()
    for _ in 0..<100 {
        do throws(ReportProblem) { _ = try decoder.decode(bytes, gzip: gzip) } catch { status = error.status }
    }
    print("\(name) (\(bytes.count) bytes): \(status) in \(rounded((cpuSeconds() - start) / 100 * 1e3)) ms")
}
var bomb = [UInt8](repeating: 0, count: 1_000_000)
let file = fopen(CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "bomb.gz", "rb")!
bomb.removeSubrange(fread(&bomb, 1, bomb.count, file)...)
hostile("a gzip bomb of 10 MB of zeros", bomb, gzip: true)
hostile("500,000 '['", [UInt8](repeating: UInt8(ascii: "["), count: 500_000), gzip: false)
hostile(
    "a 500,000-character app_version",
    Array(#"{"report_id":"a","app_version":""#.utf8) + [UInt8](repeating: UInt8(ascii: "9"), count: 500_000) + Array(#""}"#.utf8),
    gzip: false)
