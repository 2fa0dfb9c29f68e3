/// One thing `iapcat reports` explains: a product id of one store and its reports, or the
/// server's bucket of surplus unknown ids.
public struct Finding: Sendable, Equatable {
    /// What the finding is about.
    public enum Subject: Sendable, Hashable {
        /// A product id as the app asked its store for it.
        case product(String)
        /// Unknown ids past the server's daily bound (``ReportRecord/otherID``).
        case otherIDs
    }

    /// The store the reports came from.
    public var store: ReportedStore
    /// A product id, or the bucket of surplus unknown ids.
    public var subject: Subject
    /// What its reports add up to.
    public var stats: FindingStats
    /// The likely cause: the first in ``Cause``'s precedence among those that fit.
    public var cause: Cause
    /// The facts behind ``cause``.
    public var evidence: [Evidence]
    /// The other causes that fit, in precedence, each with its facts.
    public var alternatives: [Alternative]
    /// Facts that support no cause but say what is known (a product's state, where it is sold).
    public var context: [Evidence]

    /// A finding of `subject` on `store`, with its cause and what supports it.
    public init(
        store: ReportedStore, subject: Subject, stats: FindingStats, cause: Cause, evidence: [Evidence],
        alternatives: [Alternative] = [], context: [Evidence] = []
    ) {
        self.store = store
        self.subject = subject
        self.stats = stats
        self.cause = cause
        self.evidence = evidence
        self.alternatives = alternatives
        self.context = context
    }

    /// Whether any of its reports came from production: such findings come first, and
    /// `--fail-on production` fails on them.
    public var isProduction: Bool { stats.environments[.production] != nil }

    /// The product id or the bucket's id, as listed.
    public var name: String {
        switch subject {
        case .product(let id): id
        case .otherIDs: ReportRecord.otherID
        }
    }

    /// `product` or `other_ids`.
    public var kind: String {
        switch subject {
        case .product: "product"
        case .otherIDs: "other_ids"
        }
    }

    /// The order findings are listed in: production first, then by count (most first), then by
    /// name, then by store.
    public static func listedBefore(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.isProduction != rhs.isProduction { return lhs.isProduction }
        if lhs.stats.count != rhs.stats.count { return lhs.stats.count > rhs.stats.count }
        if lhs.name != rhs.name { return lhs.name < rhs.name }
        return lhs.store < rhs.store
    }
}
