import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout carries only reports; everything else goes to stderr.
enum Output {
    /// How this run prints: colour per stream and `--quiet`.
    struct Settings {
        /// The style of what goes to stdout.
        var reportStyle = TextStyle.plain
        /// The style of what goes to stderr.
        var errorStyle = TextStyle.plain
        /// `--quiet`: errors only.
        var quiet = false
    }

    /// The settings of the run this task belongs to.
    static var settings: Settings { Console.current.settings }

    /// The settings for a run of `command` on `console`.
    static func settings(for command: any StyledCommand, on console: Console) -> Settings {
        Settings(
            reportStyle: command.colorMode.style(terminal: console.terminal.output, environment: console.environment),
            errorStyle: command.colorMode.style(terminal: console.terminal.error, environment: console.environment),
            quiet: command.isQuiet)
    }

    /// Writes `text` to stderr unless `--quiet`: what a command did ("wrote …"), summaries.
    static func info(_ text: String) {
        guard !settings.quiet else { return }
        error(text)
    }

    /// Diagnostics for stderr, in its style: the whole report, or under `--quiet` the errors alone.
    static func diagnostics(_ result: LintResult) -> String {
        let reporter = TextReporter(style: settings.errorStyle)
        guard settings.quiet else { return reporter.report(result) }
        return reporter.lines(result.diagnostics.filter { $0.severity == .error })
    }

    /// Ends the run once a command's output is written, with `status`. The binary exits at once:
    /// a command holding a large catalog would otherwise free it object by object (~0.08 s for
    /// 50,000 products) just before the system reclaims the memory whole; output is unbuffered, so
    /// nothing is lost. A run in process throws, and ``CommandLineTool/run(_:console:)`` returns the status.
    static func finish(_ status: ExitStatus = .clean) throws(CommandFailure) -> Never {
        if Console.current.ownsProcess { exit(status.rawValue) }
        throw .finished(status)
    }

    static func report(_ text: String) {
        var text = text
        let console = Console.current
        text.withUTF8 { console.write(output: $0) }
    }

    static func report(_ bytes: [UInt8]) {
        let console = Console.current
        bytes.withUnsafeBufferPointer { console.write(output: $0) }
    }

    /// Writes `text` to stderr, ending it with a newline.
    static func error(_ text: String) {
        errorRaw(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` to stderr as it is (no newline added), for progress lines.
    static func errorRaw(_ text: String) {
        Console.current.error(raw: text)
    }
}

extension Console {
    /// Writes `text` to standard error as it is: for a closure that captured this console.
    func error(raw text: String) {
        var text = text
        text.withUTF8 { write(error: $0) }
    }
}
