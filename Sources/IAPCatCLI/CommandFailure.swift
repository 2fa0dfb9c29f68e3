/// Why a command stopped. Commands throw it; ``CommandLineTool/run(_:console:)`` alone prints it
/// and ends the run with its status.
struct CommandFailure: Error {
    /// The exit status.
    var status: ExitStatus
    /// The one-line reason, printed as `iapcat: error: …`; nil when `details` say it all.
    var message: String?
    /// What comes before the reason on stderr: diagnostics, stale files.
    var details: String?
    /// Whether the command finished with `status` as its answer (``Output/finish(_:)`` in a run
    /// that does not own the process), rather than failed: the status is then taken as it is.
    var isFinish = false

    /// An input or output that could not be read or written, or a bad option value (exit 2).
    static func io(_ error: some Error) -> CommandFailure {
        CommandFailure(status: .usageOrIO, message: "\(error)")
    }

    /// A setting the command needs is missing or wrong (exit 2), as argument-parser's own usage errors.
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(status: .usageOrIO, message: message)
    }

    /// The inputs have problems (exit 1); `details` are the diagnostics that say which.
    static func inputErrors(_ message: String?, details: String? = nil) -> CommandFailure {
        CommandFailure(status: .inputErrors, message: message, details: details)
    }

    /// The command's work is done and `status` is its answer (see ``isFinish``).
    static func finished(_ status: ExitStatus) -> CommandFailure {
        CommandFailure(status: status, isFinish: true)
    }
}

/// The exit statuses iapcat documents.
enum ExitStatus: Int32 {
    case clean = 0
    case inputErrors = 1
    case usageOrIO = 2
}
