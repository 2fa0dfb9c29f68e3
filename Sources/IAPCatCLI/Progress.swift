/// A one-line progress display on stderr, shown only when stderr is a terminal.
final class Progress {
    private let enabled: Bool
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func update(_ message: String) {
        guard enabled else { return }
        Output.errorRaw("\r\u{1B}[2K" + message)
        shown = true
    }

    /// Clears the line, so what follows starts clean.
    func finish() {
        guard shown else { return }
        Output.errorRaw("\r\u{1B}[2K")
        shown = false
    }
}
