import ArgumentParser
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// iapcat's command line as a library: the `iapcat` executable is `await CommandLineTool.main()`,
/// and tests run commands in process with ``run(_:console:)``.
public enum CommandLineTool {
    /// Runs `iapcat` with the process's arguments on its own console and exits with the status.
    public static func main() async -> Never {
        exit(await run(Array(CommandLine.arguments.dropFirst()), console: .process))
    }

    /// Runs `iapcat arguments…` (without the program's name) on `console`; the exit status
    /// (docs/exit-codes.md). Every failure leaves through here: a ``CommandFailure`` prints its
    /// details and `iapcat: error: …`; usage errors are 2 (argument-parser's default is 64), except
    /// under `plan --detailed-exitcode` (``failureStatus(_:arguments:)``); `--help` and `--version`
    /// print to standard output and are 0.
    public static func run(_ arguments: [String], console: Console) async -> Int32 {
        var console = console
        let command: any ParsableCommand
        do {
            command = try IAPCat.parseAsRoot(arguments)
        } catch {
            return Console.$current.withValue(console) { status(for: error, arguments: arguments) }
        }
        if let styled = command as? any StyledCommand { console.settings = Output.settings(for: styled, on: console) }
        // The test hook that picks how outputs are put in place, from the run's own environment.
        let fileCalls: FileCallStrategy = console.environment[FileCallStrategy.testHook] == "portable" ? .portable : .native
        return await Console.$current.withValue(console) {
            do {
                var command = command
                try await FileCallStrategy.$current.withValue(fileCalls) {
                    if var asyncCommand = command as? any AsyncParsableCommand {
                        try await asyncCommand.run()
                    } else {
                        try command.run()
                    }
                }
                return ExitStatus.clean.rawValue
            } catch {
                return status(for: error, arguments: arguments)
            }
        }
    }

    /// Prints what `error` says, as the command line does, and returns the exit status.
    private static func status(for error: any Error, arguments: [String]) -> Int32 {
        if let failure = error as? CommandFailure {
            if failure.isFinish { return failure.status.rawValue }
            if let details = failure.details { Output.error(details) }
            if let message = failure.message {
                // Messages quote paths and values from inputs: each line escaped, so none can start a
                // CI workflow command or carry a terminal sequence.
                let shown = message.split(separator: "\n", omittingEmptySubsequences: false).map { ServerText.shown(String($0)) }
                Output.error("iapcat: \(Output.settings.errorStyle.severity(.error, "error:")) \(shown.joined(separator: "\n"))")
            }
            return failureStatus(failure.status, arguments: arguments).rawValue
        }
        let code = IAPCat.exitCode(for: error)
        if code == .validationFailure {
            Output.error(IAPCat.fullMessage(for: error))
            Output.error("Run 'iapcat --help' for usage.")
            return failureStatus(.usageOrIO, arguments: arguments).rawValue
        }
        // Help, the version, and argument-parser's own other outcomes, as its `exit(withError:)`
        // prints them: to standard output when they are a success, else to standard error.
        let message = IAPCat.fullMessage(for: error)
        if !message.isEmpty {
            if code == .success { Output.report(message + "\n") } else { Output.error(message) }
        }
        return code.rawValue
    }

    /// `status`, except that under `asc plan` or `play plan` with `--detailed-exitcode` every
    /// failure is 1: there 2 means "changes", as in `terraform plan`, and a CI step must not read
    /// a usage error or a missing file as changes. Read from the words, so a plan that cannot
    /// even be parsed is covered too.
    static func failureStatus(_ status: ExitStatus, arguments: [String]) -> ExitStatus {
        let detailedPlan =
            ["asc", "play"].contains(arguments.first ?? "") && arguments.dropFirst().first == "plan"
            && arguments.contains("--detailed-exitcode")
        return detailedPlan && status == .usageOrIO ? .inputErrors : status
    }
}
