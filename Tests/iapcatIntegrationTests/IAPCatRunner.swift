import Foundation
import Testing

/// Runs the built `iapcat` binary and captures what it prints.
struct IAPCatRun: Sendable {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum IAPCat {
    /// The package root (three levels above this file).
    static let packageRoot: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    /// `iapcat` beside the test bundle, where SwiftPM builds it for the test target.
    static let executable: String = {
        let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent().path
        for candidate in [Bundle.main.bundleURL.path, bundleDirectory] {
            let path = candidate + "/iapcat"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return packageRoot + "/.build/debug/iapcat"
    }()

    static func fixture(_ name: String) -> String { "Tests/iapcatIntegrationTests/Fixtures/" + name }

    /// Runs `iapcat arguments…` in `directory` (default: the package root). With
    /// `addressSpaceKiB`, the process runs under that `ulimit -v`; with `timeout`, it is killed
    /// (status 137) when it runs longer.
    static func run(
        _ arguments: [String], in directory: String? = nil, addressSpaceKiB: Int? = nil, timeout: Double? = nil
    ) throws -> IAPCatRun {
        let process = Process()
        if let addressSpaceKiB {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(addressSpaceKiB) && exec \"$0\" \"$@\"", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory ?? packageRoot)
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let timeout {
            let pid = process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { if process.isRunning { kill(pid, SIGKILL) } }
        }
        // Drain stdout on another thread while reading stderr here, so neither pipe can fill up
        // and stall the child.
        let collected = OutputBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            collected.data = output.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return IAPCatRun(
            status: process.terminationStatus,
            stdout: String(decoding: collected.data, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Compares with `Fixtures/golden/name`; `IAPCAT_RECORD_GOLDENS=1` rewrites it instead.
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = packageRoot + "/" + fixture("golden/" + name)
        if ProcessInfo.processInfo.environment["IAPCAT_RECORD_GOLDENS"] != nil {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            actual == (try String(contentsOfFile: path, encoding: .utf8)), "differs from golden \(name)", sourceLocation: sourceLocation)
    }
}

private final class OutputBox: @unchecked Sendable {
    var data = Data()
}
