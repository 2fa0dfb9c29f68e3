/// Where one product stands in a store: whether customers can buy it now and, when they cannot,
/// what stands in the way. `apply` ends with one for each product it touched, read back from the
/// store; `plan --readiness` gives one for each product of the plan's scope as the store holds it.
///
/// The verdict never changes an exit status: a product waiting for App Review is not an error.
public struct ProductVerdict: Sendable, Equatable {
    /// The verdict, as a word a reader and a script can both take.
    public enum Standing: String, Sendable, Equatable, CaseIterable {
        /// Customers can buy it.
        case onSale = "on-sale"
        /// Approved, but sold in no territory.
        case notSold = "not-sold"
        /// Everything is there: a review submission can take it.
        case readyToSubmit = "ready-to-submit"
        /// Waiting in App Review's queue.
        case waitingForReview = "waiting-for-review"
        /// App Review is looking at it.
        case inReview = "in-review"
        /// Approved; on sale once the app version App Review has with it is approved.
        case waitingForApp = "waiting-for-app"
        /// App Review rejected it.
        case rejected = "rejected"
        /// App Review asks for a change.
        case actionNeeded = "action-needed"
        /// Metadata the store needs before review is missing: the reasons name it.
        case missingMetadata = "missing-metadata"
        /// Its hosted content is uploading or processing.
        case processing = "processing"
        /// Removed from sale, by the developer or by the store.
        case removedFromSale = "removed-from-sale"
        /// Not in the store (it is created by `apply`).
        case absent = "absent"
        /// A state iapcat does not know: the store's word is in ``ProductVerdict/storeState``.
        case other = "other"

        /// The verdict as the text output writes it: `on sale`, `missing metadata`.
        public var words: String { rawValue.replacingOccurrences(of: "-", with: " ") }
    }

    /// The product id.
    public var product: String
    /// The verdict.
    public var standing: Standing
    /// The store's own word for the state (`READY_TO_SUBMIT`); nil when the store holds no product.
    public var storeState: String?
    /// What stands in the way, or what comes next, in words a person can act on; empty when
    /// nothing does.
    public var reasons: [String]

    /// A verdict.
    public init(product: String, standing: Standing, storeState: String?, reasons: [String] = []) {
        self.product = product
        self.standing = standing
        self.storeState = storeState
        self.reasons = reasons
    }

    /// `com.example.coins: missing metadata: a price; a review screenshot`: one line of the text output.
    public var line: String { "\(product): \(summary)" }

    /// `missing metadata: a price; a review screenshot`: the verdict and its reasons.
    public var summary: String {
        var summary = standing.words
        if let storeState, standing == .other { summary += " (\(storeState))" }
        if !reasons.isEmpty { summary += ": " + reasons.joined(separator: "; ") }
        return summary
    }
}
