/// Whether a product can be sent to App Review now and, when it cannot, exactly why — from what App
/// Store Connect holds of it and of the app's open review submissions.
///
/// App Store Connect takes a product into a review submission only while it is READY_TO_SUBMIT
/// (every piece of metadata present, the review screenshot processed) through its version in
/// preparation; an approved product whose edited metadata waits in a new version is sent the same
/// way. What a product in any other state lacks or waits for is said in words a person can act on.
package enum ReviewReadiness: Sendable, Equatable {
    /// Its version `versionID` can be added to a review submission.
    case ready(versionID: String)
    /// Its version is in an open review submission already.
    case inSubmission(submissionID: String, state: String)
    /// App Review has it or has decided (`WAITING_FOR_REVIEW`, `IN_REVIEW`, `APPROVED`…): nothing to send.
    case reviewed(state: String)
    /// It cannot be sent yet, for these reasons.
    case notReady([String])

    /// Product states in which App Review has the product or has decided.
    static let reviewedStates: Set<String> = ["WAITING_FOR_REVIEW", "IN_REVIEW", "PENDING_BINARY_APPROVAL", "APPROVED"]
    /// Product states that mean a product was approved once: an app with one needs no app version
    /// to send more.
    static let everApprovedStates: Set<String> = ["APPROVED", "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE"]

    /// The readiness of `product` (a subscription's `group` with it), given the app's `review`.
    package init(_ product: RemoteProduct, group: RemoteGroup?, review: RemoteReview) {
        if let version = product.version, let held = review.submission(holding: version.id) {
            self = .inSubmission(submissionID: held.submission.id, state: held.submission.state)
            return
        }
        let editable = product.version.map { $0.state == "PREPARE_FOR_SUBMISSION" } ?? false
        switch product.state {
        case "READY_TO_SUBMIT":
            guard let version = product.version, editable else {
                self = .notReady(["App Store Connect lists no version of it in preparation: send it from App Store Connect"])
                return
            }
            self = .ready(versionID: version.id)
        case "APPROVED" where editable:
            // Edited metadata in a new version: it goes once that version is complete.
            let missing = ReviewMetadata(product, group: group).missing
            self =
                missing.isEmpty
                ? .ready(versionID: product.version!.id) : .notReady(["its new version lacks \(missing.joined(separator: ", "))"])
        case let state where Self.reviewedStates.contains(state):
            self = .reviewed(state: state)
        case "MISSING_METADATA":
            let missing = ReviewMetadata(product, group: group).missing
            self = .notReady(
                missing.isEmpty
                    ? ["MISSING_METADATA in App Store Connect with \(Self.nothingSeenMissing)"]
                    : ["missing \(missing.joined(separator: ", "))"])
        case "REJECTED":
            self = .notReady(["App Review rejected it: " + Self.rejectedAdvice])
        case "DEVELOPER_ACTION_NEEDED":
            self = .notReady(["App Review asks for a change: see its message in App Store Connect"])
        case "WAITING_FOR_UPLOAD", "PROCESSING_CONTENT":
            self = .notReady(["its hosted content is not uploaded and processed yet (\(product.state))"])
        case "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE":
            self = .notReady(["it is removed from sale (\(product.state))"])
        default:
            self = .notReady(["App Store Connect says \(product.state)"])
        }
    }

    /// What to do about a product App Review rejected.
    static let rejectedAdvice = "change what App Review's message in App Store Connect asks, then send it again"
    /// A product MISSING_METADATA with everything iapcat reads present.
    static let nothingSeenMissing = "nothing iapcat can see missing: a review screenshot may still be processing"

    /// Whether the app's products must go to review with an app version: none of `products` was
    /// ever approved (App Store Connect's rule for an app's first in-app purchases). Only as true
    /// as `products` is whole: a scoped read cannot tell.
    package static func needsAppVersion(_ products: some Collection<RemoteProduct>) -> Bool {
        !products.contains { everApprovedStates.contains($0.state) }
    }
}
