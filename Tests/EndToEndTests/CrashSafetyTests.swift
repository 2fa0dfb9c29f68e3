import Foundation
import IAPCatTestSupport
import Testing

/// iapcat killed (SIGKILL) at many moments while it writes: the output is always the whole old
/// file or the whole new one, never a part, and the next run removes whatever hidden staging the
/// killed one left.
@Suite struct CrashSafetyTests {
    /// A catalog of `count` approved products (every tenth a draft, so that the production and
    /// sandbox lists differ) in a fresh directory.
    static func makeWorkspace(products count: Int) throws -> String {
        let directory = NSTemporaryDirectory() + "iapcat-crash-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var yaml = "format_version: 1\napp: { bundle_id: com.example.crash, apple_id: '1234567890', sku: CRASH }\nproducts:\n"
        for number in 0..<count {
            yaml += """
                  - id: com.example.crash.item\(number)
                    type: consumable
                    reference_name: Item \(number)
                    status: \(number % 10 == 0 ? "draft" : "approved")
                    price: { tier: \(number % 80 + 1) }
                    localizations:
                      en-US: { display_name: Item \(number), description: A thing you can buy }

                """
        }
        try yaml.write(toFile: directory + "/catalog.yaml", atomically: true, encoding: .utf8)
        return directory
    }

    /// Starts iapcat, kills it after `delay` seconds — or as soon as `moment` holds, when given —
    /// if it still runs, and says whether it was killed before it finished.
    /// The process is watched from a thread of its own (``offThePool(_:)``), which polls `moment`
    /// every 0.2 ms to kill at the right instant.
    static func runAndKill(
        _ arguments: [String], in directory: String, after delay: Double, when moment: (@Sendable () -> Bool)? = nil,
        strategy: OutputStrategy
    ) async throws -> Bool {
        try await ProcessSlots.run {
            try await offThePool { try runAndKillWaiting(arguments, in: directory, after: delay, when: moment, strategy: strategy) }
        }
    }

    private static func runAndKillWaiting(
        _ arguments: [String], in directory: String, after delay: Double, when moment: (@Sendable () -> Bool)?,
        strategy: OutputStrategy
    ) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: IAPCat.executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(strategy.environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let exit = try ProcessExit.launch(process)
        if let moment {
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && !moment() && Date() < deadline { usleep(200) }
        } else {
            usleep(UInt32(delay * 1_000_000))
        }
        let killed = process.isRunning && kill(process.processIdentifier, SIGKILL) == 0
        exit.wait()
        return killed && process.terminationReason == .uncaughtSignal
    }

    /// Hidden entries in `directory` (staging folders and temporary files).
    static func hiddenEntries(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }.sorted()
    }

    /// Runs `arguments(variant)` to completion for each of two variants and returns the two
    /// versions of `output` they write, which must differ.
    static func twoVersions(
        of output: String, in directory: String, _ arguments: (String) -> [String], variants: (String, String),
        strategy: OutputStrategy
    ) async throws -> (first: Data, second: Data) {
        #expect(try await IAPCat.run(arguments(variants.0), in: directory, environment: strategy.environment).status == 0)
        let first = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + output))
        #expect(try await IAPCat.run(arguments(variants.1), in: directory, environment: strategy.environment).status == 0)
        let second = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + output))
        #expect(first != second)
        return (first, second)
    }

    /// Under both strategies: swapped in one step (Linux RENAME_EXCHANGE, macOS RENAME_SWAP), or
    /// where the system cannot swap, the old package moved aside for the moment of two renames; a
    /// run killed in that moment leaves the old package whole under its hidden name, and the next
    /// run puts it back.
    @Test(arguments: OutputStrategy.allCases) func aKilledBulkXMLRunLeavesTheOldPackageWhole(strategy: OutputStrategy) async throws {
        let directory = try Self.makeWorkspace(products: 1_000)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = { (provider: String) in ["bulk-xml", "--catalog", "catalog.yaml", "-o", "App.itmsp", "--provider", provider] }
        let metadata = directory + "/App.itmsp/metadata.xml"
        let (new, old) = try await Self.twoVersions(
            of: "App.itmsp/metadata.xml", in: directory, arguments, variants: ("New", "Old"), strategy: strategy)

        var killedMidway = 0
        var sawStaging = false
        let staging: @Sendable () -> Bool = {
            (try? Self.hiddenEntries(directory))?.contains { $0.hasPrefix(".App.itmsp.partial-") } == true
        }
        for step in 0..<24 {
            // Every third run is killed the moment its staging folder appears; the others at a
            // moment 10 ms further along each time.
            let killed = try await Self.runAndKill(
                arguments(step.isMultiple(of: 2) ? "New" : "Old"), in: directory, after: Double(step) * 0.01,
                when: step.isMultiple(of: 3) ? staging : nil, strategy: strategy)
            if killed { killedMidway += 1 }
            var package = directory + "/App.itmsp"
            if strategy == .portable, !FileManager.default.fileExists(atPath: package),
                let retired = try Self.hiddenEntries(directory).first(where: { $0.hasSuffix(".old") })
            {
                package = directory + "/" + retired
            }
            let content = try Data(contentsOf: URL(fileURLWithPath: package + "/metadata.xml"))
            #expect(content == old || content == new, "after a kill at \(step * 10) ms the package is neither the old nor the new one")
            #expect(try FileManager.default.contentsOfDirectory(atPath: package).sorted() == ["metadata.xml"])
            let visible = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
            #expect(visible == (package.hasSuffix("/App.itmsp") ? ["App.itmsp", "catalog.yaml"] : ["catalog.yaml"]))
            let hidden = try Self.hiddenEntries(directory)
            #expect(hidden.allSatisfy { $0.hasPrefix(".App.itmsp.partial-") }, "\(hidden)")
            if !hidden.isEmpty { sawStaging = true }
        }
        #expect(killedMidway > 0)
        #expect(sawStaging, "no kill landed while a package was being staged")
        // The next run removes what killed runs left.
        #expect(try await IAPCat.run(arguments("New"), in: directory, environment: strategy.environment).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: metadata)) == new)
        #expect(try Self.hiddenEntries(directory) == [])
    }

    /// Under both strategies: an unnamed file (Linux) or a hidden temporary (macOS, and Linux file
    /// systems without O_TMPFILE) renamed over the list.
    @Test(arguments: OutputStrategy.allCases) func aKilledExportLeavesTheOldListWhole(strategy: OutputStrategy) async throws {
        let directory = try Self.makeWorkspace(products: 3_000)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = { (environment: String) in
            ["export", "--catalog", "catalog.yaml", "--format", "v2", "--environment", environment, "-o", "products_v2.json"]
        }
        let list = directory + "/products_v2.json"
        let (sandbox, production) = try await Self.twoVersions(
            of: "products_v2.json", in: directory, arguments, variants: ("sandbox", "production"), strategy: strategy)

        var killedMidway = 0
        for step in 0..<16 {
            if try await Self.runAndKill(
                arguments(step.isMultiple(of: 2) ? "sandbox" : "production"), in: directory, after: Double(step) * 0.015, strategy: strategy
            ) {
                killedMidway += 1
            }
            let content = try Data(contentsOf: URL(fileURLWithPath: list))
            #expect(
                content == sandbox || content == production, "after a kill at \(step * 15) ms the list is neither the old nor the new one")
            let visible = try FileManager.default.contentsOfDirectory(atPath: directory).filter { !$0.hasPrefix(".") }.sorted()
            #expect(visible == ["catalog.yaml", "products_v2.json"])
            // A kill can leave a hidden temporary (natively only in the instant between naming the
            // unnamed file and the rename); never a visible part.
            #expect(try Self.hiddenEntries(directory).allSatisfy { $0.hasPrefix(".products_v2.json.tmp-") })
        }
        #expect(killedMidway > 0)
        #expect(try await IAPCat.run(arguments("sandbox"), in: directory, environment: strategy.environment).status == 0)
        #expect(try Self.hiddenEntries(directory) == [])
    }
}
