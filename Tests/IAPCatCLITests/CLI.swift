import Foundation
import IAPCatCLI
import IAPCatTestSupport

/// Runs `iapcat` in process: the command line as a library (``CommandLineTool/run(_:console:)``),
/// on a console of buffers of its own, so that many runs go on at once and each sees only its own
/// output. It prints, exits and reads its environment exactly as the binary does; the working
/// directory is the package root, as for the binary the end-to-end tier runs. What only a process
/// has (a signal, a crash, a pseudo-terminal, `ulimit`, the help's terminal width) is that tier's.
enum CLI {
    /// Runs `iapcat arguments…`; `environment` adds variables to this process's.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async -> IAPCatRun {
        _ = workingDirectory
        let (console, output, error) = Console.capturing(environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        let status = await CommandLineTool.run(arguments, console: console)
        return IAPCatRun(status: status, stdout: output.text, stderr: error.text)
    }

    /// The package root, made the working directory once (`swift test` starts there already).
    private static let workingDirectory: Void = {
        if FileManager.default.currentDirectoryPath != packageRoot {
            precondition(FileManager.default.changeCurrentDirectoryPath(packageRoot), "cannot work in \(packageRoot)")
        }
    }()
}
