/// `/v1/apps/{id}/subscriptionGroups` and `/v1/subscriptionGroups` (reference names are unique in
/// an app).
enum SubscriptionGroupHandlers {
    static func list(_ c: Context) throws(APIError) -> Reply {
        let app = try c.state.app(c.id)
        let groups = app.groupIDs.compactMap { c.state.groups[$0] }.filter { group in
            (c.query.filter("referenceName")?.contains(group.referenceName) ?? true)
                && (c.query.filter("subscriptions.state").map { states in
                    group.subscriptionIDs.contains { states.contains(c.state.subscriptions[$0]?.state ?? "") }
                } ?? true)
        }
        return c.list(groups.map { Ref(.group, $0.id) })
    }

    static func create(_ c: Context) throws(APIError) -> Reply {
        let entity = try c.body(.subscriptionGroupCreate).data
        let appID = entity.one("app")!
        guard c.state.apps[appID] != nil else { throw entity.invalidRelationship("app", "There is no app with id '\(appID)'.") }
        let referenceName = entity.string("referenceName")!
        try checkUnique(referenceName, appID: appID, except: nil, entity: entity, c)
        let record = GroupRecord(id: c.state.newGroupID(), appID: appID, referenceName: referenceName)
        c.state.groups[record.id] = record
        c.state.apps[appID]?.groupIDs.append(record.id)
        return c.created(Ref(.group, record.id))
    }

    static func get(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.group(c.id)
        return c.one(Ref(.group, c.id))
    }

    static func update(_ c: Context) throws(APIError) -> Reply {
        let group = try c.state.group(c.id)
        let entity = try c.body(.subscriptionGroupUpdate).data
        if let referenceName = entity.string("referenceName") {
            try checkUnique(referenceName, appID: group.appID, except: group.id, entity: entity, c)
            c.state.groups[c.id]?.referenceName = referenceName
        }
        return c.one(Ref(.group, c.id))
    }

    /// A group can be deleted once it has no subscriptions.
    static func delete(_ c: Context) throws(APIError) -> Reply {
        let group = try c.state.group(c.id)
        guard group.subscriptionIDs.isEmpty else {
            throw .stateError("A subscription group with subscriptions cannot be deleted.")
        }
        c.state.deleteProduct(.group(c.id))
        return .noContent
    }

    private static func checkUnique(
        _ referenceName: String, appID: String, except id: String?, entity: RequestEntity, _ c: Context
    ) throws(APIError) {
        let taken = (c.state.apps[appID]?.groupIDs ?? []).contains { $0 != id && c.state.groups[$0]?.referenceName == referenceName }
        if taken {
            throw entity.invalidAttribute(
                "referenceName", "The reference name '\(referenceName)' is already used by another subscription group of this app.",
                code: "ENTITY_ERROR.ATTRIBUTE.INVALID.DUPLICATE")
        }
    }
}
