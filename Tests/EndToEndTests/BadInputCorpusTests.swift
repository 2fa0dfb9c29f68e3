import Foundation
import IAPCatTestSupport
import Testing

/// The corpus of hostile and broken inputs (`Fixtures/bad-inputs`, plus a few made at run time:
/// 100,000-deep nesting, a 50 MB string, a 1 GB file, a FIFO, a directory, a missing file). Each
/// is given to the real binary the way a user would — a catalog to `lint --catalog`, a list or a
/// `.storekit` file to `lint` beside a valid catalog, a package to `import-xml` — under a 2 GiB
/// address-space limit and a CPU-time limit, and its exit status and every line it prints must
/// match `golden/bad-inputs.txt`. The wall clock is only a hang guard (a loaded 2-core machine can
/// stretch a one-second run many times over); a FIFO or a blocking read would meet it.
@Suite struct BadInputCorpusTests {
    static let corpus = IAPCat.packageRoot + "/" + IAPCat.fixture("bad-inputs")
    /// CPU seconds any one input may take (the slowest, a 100,000-deep nesting, takes well under one).
    static let cpuSeconds = 20
    /// Wall-clock seconds after which a run is taken for hung.
    static let hangGuard = 300.0

    /// Inputs made at run time: too big to commit, or not files at all.
    static func makeGeneratedInputs(in directory: String) throws {
        func write(_ name: String, _ text: String) throws {
            try text.write(toFile: directory + "/" + name, atomically: false, encoding: .utf8)
        }
        try write("catalog-nesting-100000.yaml", "format_version: 1\nx-deep: " + String(repeating: "[", count: 100_000) + "\n")
        try write("list-nesting-100000.json", String(repeating: "[", count: 100_000))
        try write("storekit-nesting-100000.storekit", "{\"products\" : " + String(repeating: "[", count: 100_000))
        // A 50 MB display name, read in full; its product is not in the catalog, so no message
        // quotes it (a drift message would: the golden file stays small).
        try write(
            "storekit-huge-string.storekit",
            "{\n  \"products\" : [\n    {\n      \"localizations\" : [ { \"displayName\" : \"" + String(repeating: "x", count: 50_000_000)
                + "\", \"locale\" : \"en_US\" } ],\n      \"productID\" : \"com.example.gems\",\n      \"type\" : \"Consumable\"\n    }\n  ]\n}\n"
        )
        try write(
            "list-nesting-100000.plist",
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">" + String(repeating: "<array>", count: 100_000) + "\n")
        for name in ["catalog-1GB.yaml", "list-1GB.json"] {
            #expect(FileManager.default.createFile(atPath: directory + "/" + name, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: directory + "/" + name))
            try handle.truncate(atOffset: 1 << 30)  // sparse: a gigabyte that takes no disk
            try handle.close()
        }
        #expect(mkfifo(directory + "/catalog-fifo.yaml", 0o644) == 0)
        #expect(mkfifo(directory + "/list-fifo.plist", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: directory + "/catalog-directory.yaml", withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: directory + "/list-directory.json", withIntermediateDirectories: false)
    }

    /// The command line for an input, from its name's prefix.
    static func arguments(for name: String) -> [String] {
        if name.hasPrefix("catalog-") { return ["lint", "--catalog", name] }
        if name.hasPrefix("list-") { return ["lint", "--catalog", "ok-catalog.yaml", "--environment", "production", name] }
        if name.hasPrefix("storekit-") { return ["lint", "--catalog", "ok-catalog.yaml", name] }
        return ["import-xml", name]
    }

    @Test func everyBadInputGetsItsDiagnosticAndExitStatusInBoundedTimeAndMemory() async throws {
        let directory = NSTemporaryDirectory() + "iapcat-bad-inputs-\(getpid())"
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.copyItem(atPath: Self.corpus, toPath: directory)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.makeGeneratedInputs(in: directory)

        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "ok-catalog.yaml" }.sorted()
        #expect(names.count >= 50)
        var report = ""
        for name in names + ["catalog-missing.yaml"] {
            let run = try await IAPCat.run(
                Self.arguments(for: name), in: directory, addressSpaceKiB: 2 << 20, cpuSeconds: Self.cpuSeconds, timeout: Self.hangGuard)
            #expect(!run.signalled, "\(name) was killed by signal \(run.status) (SIGXCPU: over \(Self.cpuSeconds) CPU seconds)")
            report += "== \(name): iapcat \(Self.arguments(for: name).joined(separator: " ")) → exit \(run.status)\n"
            report += run.stdout + run.stderr
        }
        // storekit-private-key.storekit holds a key: no output of any run may repeat it.
        #expect(!report.contains("MIGTAgEA") && !report.contains("SECRET"), "a private key reached the output")
        try IAPCat.expectGolden(report, "bad-inputs.txt")
    }
}
