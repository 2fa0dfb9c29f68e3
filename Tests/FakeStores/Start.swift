import ArgumentParser
import Foundation

extension FakeStores {
    /// Runs `serve` in the background and returns once both fakes listen.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start both fakes in the background; returns once DIR/env.sh is written.")

        @OptionGroup var options: FakeStoresOptions

        func run() throws {
            if let pid = Stop.runningPID(options) {
                throw ValidationError(
                    "the fakes already run in \(options.absoluteDirectory) (pid \(pid)); stop them first: iapcat-fakes stop --dir \(options.dir)"
                )
            }
            try FileManager.default.createDirectory(atPath: options.absoluteDirectory, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: options.envFile)
            guard let executable = Bundle.main.executableURL else { throw ValidationError("cannot find this program's path") }
            FileManager.default.createFile(atPath: options.logFile, contents: nil)
            let log = try FileHandle(forWritingTo: URL(fileURLWithPath: options.logFile))
            let process = Process()
            process.executableURL = executable
            process.arguments =
                ["serve", "--dir", options.absoluteDirectory] + options.ascApps.flatMap { ["--asc-app", $0] }
                + options.playApps.flatMap { ["--play-app", $0] }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = log
            process.standardError = log
            try process.run()

            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: options.envFile) {
                guard process.isRunning, Date() < deadline else {
                    if process.isRunning { process.terminate() }
                    let output = (try? String(contentsOfFile: options.logFile, encoding: .utf8)) ?? ""
                    throw ValidationError("the fakes did not start:\n\(output)")
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            let output = (try? String(contentsOfFile: options.logFile, encoding: .utf8)) ?? ""
            print(output, terminator: "")
            print("fakes running (pid \(process.processIdentifier)); point iapcat at them with: . \(options.envFile)")
        }
    }
}
