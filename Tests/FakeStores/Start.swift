import ArgumentParser
import Foundation

extension FakeStores {
    /// Runs `serve` in the background and returns once both fakes listen.
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start both fakes in the background; returns once DIR/env.sh is written.")

        @OptionGroup var options: FakeStoresOptions

        func run() throws {
            try Serve.refuseIfRunning(options)
            try PrivateFile.makeFolder(options.absoluteDirectory)
            try? FileManager.default.removeItem(atPath: options.envFile)
            guard let executable = Bundle.main.executableURL else { throw ValidationError("cannot find this program's path") }
            // A new log, owner-only like everything in the folder (a link or file left there is replaced).
            let (logDescriptor, temporary) = try PrivateFile.create(beside: options.logFile)
            try PrivateFile.place(temporary, at: options.logFile)
            let log = FileHandle(fileDescriptor: logDescriptor, closeOnDealloc: true)
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
