/// Review screenshots of in-app purchases and subscriptions: reserve, (PUT the parts, see
/// UploadStore.swift), commit, read, delete.
enum ScreenshotHandlers {
    /// The request schemas and owner relationship of one screenshot kind.
    struct Family: Sendable {
        var kind: Kind
        var create: BodySchema
        var update: BodySchema
        var ownerRelationship: String
        var makeOwner: @Sendable (String) -> Owner

        static let inAppPurchase = Family(
            kind: .inAppPurchaseScreenshot, create: .inAppPurchaseScreenshotCreate, update: .inAppPurchaseScreenshotUpdate,
            ownerRelationship: "inAppPurchaseV2", makeOwner: Owner.inAppPurchase)
        static let subscription = Family(
            kind: .subscriptionScreenshot, create: .subscriptionScreenshotCreate, update: .subscriptionScreenshotUpdate,
            ownerRelationship: "subscription", makeOwner: Owner.subscription)
    }

    static func create(_ family: Family) -> Route.Handler {
        { c throws(APIError) in
            let entity = try c.body(family.create).data
            let owner = family.makeOwner(entity.one(family.ownerRelationship)!)
            guard c.state.appID(of: owner) != nil else {
                throw entity.invalidRelationship(family.ownerRelationship, "There is no product with id '\(owner.id)'.")
            }
            let fileName = entity.string("fileName")!
            let fileSize = entity.int("fileSize")!
            guard !fileName.isEmpty else { throw entity.invalidAttribute("fileName", "The file name cannot be empty.") }
            guard fileSize > 0 else { throw entity.invalidAttribute("fileSize", "The file size must be positive.") }
            let record = c.state.reserveScreenshot(owner: owner, fileName: fileName, fileSize: fileSize)
            return c.created(Ref(family.kind, record.id))
        }
    }

    static func get(_ family: Family) -> Route.Handler {
        { c throws(APIError) in
            _ = try c.state.screenshot(c.id, kind: family.kind)
            return c.one(Ref(family.kind, c.id))
        }
    }

    /// `PATCH` with `uploaded: true` and `sourceFileChecksum` commits the upload.
    static func update(_ family: Family) -> Route.Handler {
        { c throws(APIError) in
            let record = try c.state.screenshot(c.id, kind: family.kind)
            let entity = try c.body(family.update).data
            if entity.bool("uploaded") == true {
                guard !record.committed else { throw .stateError("The upload of this screenshot was already committed.") }
                c.state.commitScreenshot(c.id, checksum: entity.string("sourceFileChecksum") ?? record.sourceFileChecksum)
            } else if let checksum = entity.string("sourceFileChecksum") {
                c.state.screenshots[c.id]?.sourceFileChecksum = checksum
            }
            return c.one(Ref(family.kind, c.id))
        }
    }

    static func delete(_ family: Family) -> Route.Handler {
        { c throws(APIError) in
            _ = try c.state.screenshot(c.id, kind: family.kind)
            c.state.deleteScreenshot(c.id)
            return .noContent
        }
    }
}
