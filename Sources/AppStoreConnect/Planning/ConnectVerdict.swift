import IAPCatalog

extension ProductVerdict {
    /// Where `product` stands in App Store Connect (a subscription's `group` with it), from the
    /// states the store reports: on sale, ready to submit, with App Review, rejected, or missing
    /// the metadata ``ReviewMetadata`` names.
    package init(_ product: RemoteProduct, group: RemoteGroup?) {
        let state = product.state
        let standing: Standing
        var reasons: [String] = []
        switch state {
        case "APPROVED":
            if product.availability?.territories.isEmpty ?? true {
                standing = .notSold
                reasons = ["App Store Connect names no territory it is sold in: give it an availability"]
            } else {
                standing = .onSale
                if product.version.map({ $0.state == "PREPARE_FOR_SUBMISSION" }) ?? false {
                    let missing = ReviewMetadata(product, group: group).missing
                    reasons = [
                        missing.isEmpty
                            ? "its edited metadata waits in a new version: `iapcat asc submit` sends it to App Review"
                            : "its edited metadata waits in a new version, which lacks \(missing.joined(separator: ", "))"
                    ]
                }
            }
        case "READY_TO_SUBMIT":
            standing = .readyToSubmit
            reasons = ["`iapcat asc submit` sends it to App Review"]
        case "WAITING_FOR_REVIEW": standing = .waitingForReview
        case "IN_REVIEW": standing = .inReview
        case "PENDING_BINARY_APPROVAL":
            standing = .waitingForApp
            reasons = ["it goes on sale when App Review approves the app version submitted with it"]
        case "REJECTED":
            standing = .rejected
            reasons = [ReviewReadiness.rejectedAdvice]
        case "DEVELOPER_ACTION_NEEDED":
            standing = .actionNeeded
            reasons = ["see App Review's message in App Store Connect"]
        case "MISSING_METADATA":
            standing = .missingMetadata
            let missing = ReviewMetadata(product, group: group).missing
            reasons = missing.isEmpty ? [ReviewReadiness.nothingSeenMissing] : missing
        case "WAITING_FOR_UPLOAD", "PROCESSING_CONTENT":
            standing = .processing
            reasons = ["its hosted content is not uploaded and processed yet"]
        case "DEVELOPER_REMOVED_FROM_SALE", "REMOVED_FROM_SALE": standing = .removedFromSale
        default: standing = .other
        }
        self.init(product: product.productID, standing: standing, storeState: state, reasons: reasons)
    }

    /// Where each of `products` stands in `remote`, in their order: ``Standing/absent`` for one
    /// App Store Connect does not hold.
    package static func verdicts(of products: [String], in remote: ConnectRemoteState) -> [ProductVerdict] {
        products.map { id in
            guard let product = remote.products[id] else {
                return ProductVerdict(product: id, standing: .absent, storeState: nil, reasons: ["not in App Store Connect"])
            }
            let group = product.groupID.flatMap { groupID in remote.groups.first { $0.id == groupID } }
            return ProductVerdict(product, group: group)
        }
    }
}
