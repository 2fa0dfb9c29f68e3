/// One fact behind a finding, and where it was read: the reports, the catalog, a pulled catalog
/// (the store's observed state), a product-ID list, or the store's own words (Play's status codes).
public struct Evidence: Sendable, Equatable {
    /// Where a fact comes from.
    public enum Source: String, Sendable, CaseIterable {
        /// The counted reports.
        case reports
        /// The catalog (`--catalog`).
        case catalog
        /// A catalog `asc pull` or `play pull` wrote (`--observed`).
        case observed
        /// A product-ID list the catalog declares, as exported or as the file holds it.
        case lists
        /// What the store's SDK said about the id (a Play status code).
        case store
    }

    /// Where the fact was read.
    public var source: Source
    /// The fact, one sentence without a final period. Quotes values from the reports as they are:
    /// renderers escape them.
    public var fact: String

    /// A fact read from `source`.
    public init(_ source: Source, _ fact: String) {
        self.source = source
        self.fact = fact
    }
}

/// A cause that also fits a finding, below the chosen one in ``Cause``'s precedence, with its evidence.
public struct Alternative: Sendable, Equatable {
    /// The cause that also fits.
    public var cause: Cause
    /// The facts behind it.
    public var evidence: [Evidence]

    /// `cause`, with `evidence`.
    public init(cause: Cause, evidence: [Evidence]) {
        self.cause = cause
        self.evidence = evidence
    }
}
