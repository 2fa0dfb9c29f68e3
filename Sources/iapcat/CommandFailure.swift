/// Why a command stopped. Commands throw it; ``IAPCat/main()`` alone prints it and exits.
struct CommandFailure: Error {
    /// The exit status.
    var status: ExitStatus
    /// The one-line reason, printed as `iapcat: error: …`; nil when `details` say it all.
    var message: String?
    /// What comes before the reason on stderr: diagnostics, stale files.
    var details: String?

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
}

/// The exit statuses iapcat documents.
enum ExitStatus: Int32 {
    case clean = 0
    case inputErrors = 1
    case usageOrIO = 2
}
