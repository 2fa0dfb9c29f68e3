/// The outcome of a lint run: every diagnostic, sorted, and the files read.
public struct LintResult: Sendable {
    /// Every finding of the run, sorted by file, line, column and rule.
    public var diagnostics: [Diagnostic]
    /// The files the run read, as the user named them.
    public var files: [String]
    /// The catalog the lists were checked against, as loaded; nil when there was none or it
    /// could not be read.
    public var catalog: Catalog?

    /// Creates a result from its diagnostics, the files read and the catalog, if any.
    public init(diagnostics: [Diagnostic], files: [String], catalog: Catalog? = nil) {
        self.diagnostics = diagnostics
        self.files = files
        self.catalog = catalog
    }

    /// The number of diagnostics of `severity`.
    public func count(_ severity: Severity) -> Int {
        diagnostics.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }

    /// Whether the run fails: any error, or with `strict` any warning.
    public func fails(strict: Bool) -> Bool {
        diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
    }
}

/// Why a lint run could not start: no catalog, or an input that cannot be read.
public enum LintSetupError: Error, Sendable, Equatable, CustomStringConvertible {
    case noCatalog
    case unreadable(InputError)

    /// The reason in words, as `iapcat lint` prints it.
    public var description: String {
        switch self {
        case .noCatalog:
            "no catalog to lint: pass --catalog FILE or a catalog path, or start one at \(Catalog.defaultPath) with `iapcat init`"
        case .unreadable(let error):
            error.description
        }
    }
}
