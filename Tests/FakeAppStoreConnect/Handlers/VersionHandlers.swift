/// Versions and localizations of in-app purchases, subscriptions and groups (4.4.1): a version is
/// created in PREPARE_FOR_SUBMISSION with copies of the previous version's localizations; only a
/// version in preparation (or rejected) may have its localizations changed.
enum VersionHandlers {
    static let states = [
        "PREPARE_FOR_SUBMISSION", "READY_FOR_REVIEW", "WAITING_FOR_REVIEW", "IN_REVIEW", "ACCEPTED", "APPROVED",
        "REPLACED_WITH_NEW_VERSION", "REJECTED", "DEVELOPER_REJECTED",
    ]

    /// `POST /v1/{inAppPurchase,subscription,subscriptionGroup}Versions`.
    static func create(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let entity = try c.body(family.versionCreate).data
            let owner = family.makeOwner(entity.one(family.ownerRelationship)!)
            guard c.state.appID(of: owner) != nil else {
                throw entity.invalidRelationship(family.ownerRelationship, "There is no \(family.ownerKind.type) with id '\(owner.id)'.")
            }
            let existing = c.state.versionIDs(of: owner).compactMap { c.state.versions[$0] }
            if let open = existing.first(where: \.blocksNewVersion) {
                throw .stateError("A new version cannot be created while version \(open.number) is in state \(open.state).")
            }
            var version = VersionRecord(
                id: c.state.newUUID(), owner: owner, number: (existing.map(\.number).max() ?? 0) + 1)
            for localizationID in c.state.latestVersion(of: owner)?.localizationIDs ?? [] {
                guard let source = c.state.localizations[localizationID] else { continue }
                let copy = LocalizationRecord(
                    id: c.state.newUUID(), versionID: version.id, owner: owner, locale: source.locale, name: source.name,
                    description: source.description, customAppName: source.customAppName)
                c.state.localizations[copy.id] = copy
                version.localizationIDs.append(copy.id)
            }
            c.state.versions[version.id] = version
            c.state.appendVersion(version.id, to: owner)
            c.state.refreshState(of: owner)
            return c.created(Ref(family.versionKind, version.id))
        }
    }

    /// `GET /v1/…Versions/{id}`.
    static func get(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            _ = try c.state.version(c.id, of: family)
            return c.one(Ref(family.versionKind, c.id))
        }
    }

    /// `GET /v1/…Versions/{id}/localizations`.
    static func localizations(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let version = try c.state.version(c.id, of: family)
            return c.list(version.localizationIDs.map { Ref(family.localizationKind, $0) })
        }
    }

    /// `GET /v2/inAppPurchases/{id}/versions`, `/v1/subscriptions/{id}/versions`, `/v1/subscriptionGroups/{id}/versions`.
    static func ownerVersions(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let owner = try existingOwner(family, c)
            let versions = c.state.versionIDs(of: owner).compactMap { c.state.versions[$0] }
                .filter { c.query.filter("state")?.contains($0.state) ?? true }
            return c.list(versions.map { Ref(family.versionKind, $0.id) })
        }
    }

    /// The product-level (older) localization list: the newest version's localizations.
    static func ownerLocalizations(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let owner = try existingOwner(family, c)
            return c.list(c.state.currentLocalizationIDs(of: owner).map { Ref(family.localizationV1Kind, $0) })
        }
    }

    private static func existingOwner(_ family: VersionFamily, _ c: Context) throws(APIError) -> Owner {
        let owner = family.makeOwner(c.id)
        guard c.state.appID(of: owner) != nil else { throw .resourceNotFound(family.ownerKind.type, c.id) }
        return owner
    }

    // MARK: Localizations

    /// `POST /v2/…Localizations`.
    static func createLocalization(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let entity = try c.body(family.localizationCreate).data
            let versionID = entity.one("version")!
            guard let version = c.state.versions[versionID], family.owns(version.owner) else {
                throw entity.invalidRelationship("version", "There is no \(family.versionKind.type) with id '\(versionID)'.")
            }
            let locale = entity.string("locale")!
            guard Locales.codes.contains(locale) else {
                throw entity.invalidAttribute("locale", "'\(locale)' is not a valid locale.")
            }
            guard version.isEditable else {
                throw .stateError("Localizations cannot be added to version \(version.number) in state \(version.state).")
            }
            if version.localizationIDs.contains(where: { c.state.localizations[$0]?.locale == locale }) {
                throw entity.invalidAttribute(
                    "locale", "A localization for '\(locale)' already exists in this version.",
                    code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
            }
            let record = LocalizationRecord(
                id: c.state.newUUID(), versionID: versionID, owner: version.owner, locale: locale, name: entity.string("name")!,
                description: entity.string("description"), customAppName: entity.string("customAppName"))
            c.state.localizations[record.id] = record
            c.state.versions[versionID]?.localizationIDs.append(record.id)
            c.state.refreshState(of: version.owner)
            return c.created(Ref(family.localizationKind, record.id))
        }
    }

    /// `GET /v2/…Localizations/{id}`.
    static func getLocalization(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            _ = try c.state.localization(c.id, of: family)
            return c.one(Ref(family.localizationKind, c.id))
        }
    }

    /// `PATCH /v2/…Localizations/{id}`.
    static func updateLocalization(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let record = try c.state.localization(c.id, of: family)
            let entity = try c.body(family.localizationUpdate).data
            try checkEditable(record, c)
            if let name = entity.string("name") { c.state.localizations[c.id]?.name = name }
            if entity.has("description") { c.state.localizations[c.id]?.description = entity.string("description") }
            if entity.has("customAppName") { c.state.localizations[c.id]?.customAppName = entity.string("customAppName") }
            return c.one(Ref(family.localizationKind, c.id))
        }
    }

    /// `DELETE /v2/…Localizations/{id}`.
    static func deleteLocalization(_ family: VersionFamily) -> Route.Handler {
        { c throws(APIError) in
            let record = try c.state.localization(c.id, of: family)
            try checkEditable(record, c)
            c.state.localizations[c.id] = nil
            c.state.versions[record.versionID]?.localizationIDs.removeAll { $0 == c.id }
            c.state.refreshState(of: record.owner)
            return .noContent
        }
    }

    private static func checkEditable(_ record: LocalizationRecord, _ c: Context) throws(APIError) {
        guard let version = c.state.versions[record.versionID], version.isEditable else {
            let state = c.state.versions[record.versionID]?.state ?? "unknown"
            throw .stateError("The localization belongs to a version in state \(state): create a new version to change it.")
        }
    }
}
