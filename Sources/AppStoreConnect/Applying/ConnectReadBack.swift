import IAPCatalog

/// After an apply, reads back what it changed and plans again: the store holds the plan's target
/// when that plan has no step left for the products and groups the apply touched.
///
/// Only those products are read (`filter[productId]`), with the groups, so a read-back costs what
/// reading the touched products costs, not a read of the whole app.
package struct ConnectReadBack: Sendable {
    let api: any ConnectTransport
    let today: String

    /// A read-back over `api`; `today` as the plan's.
    package init(api: any ConnectTransport, today: String) {
        self.api = api
        self.today = today
    }

    /// What the store still lacks of `desired` for the resources `plan` touched: the steps a new
    /// plan has for them (empty when everything was applied).
    package func remaining(after plan: ConnectPlan, desired: DesiredState, appID: String) async throws(ConnectAPIError) -> [ConnectStep] {
        try await read(after: plan, desired: desired, appID: appID).remaining
    }

    /// What ``remaining(after:desired:appID:)`` returns, and where each product `plan` touched
    /// stands now (``ProductVerdict``), in the order the plan first names them.
    package func read(after plan: ConnectPlan, desired: DesiredState, appID: String) async throws(ConnectAPIError)
        -> SyncReadBack<ConnectStep>
    {
        let owners = Set(plan.steps.map(\.owner))
        // In the order the plan first names them; a set for the lookups (a plan may touch thousands).
        var productIDs: [String] = []
        var touchedIDs: Set<String> = []
        for step in plan.steps {
            if case .group = step.owner { continue }
            if touchedIDs.insert(step.owner.key).inserted { productIDs.append(step.owner.key) }
        }
        guard !owners.isEmpty else { return SyncReadBack(remaining: [], verdicts: []) }
        let remote = try await ConnectRemoteReader(api: api).read(appID: appID, productIDs: touchedIDs)
        var touched = desired
        touched.products = desired.products.filter { touchedIDs.contains($0.productID) }
        return SyncReadBack(
            remaining: ConnectPlanner(today: today).plan(touched, against: remote).steps.filter { owners.contains($0.owner) },
            verdicts: ProductVerdict.verdicts(of: productIDs, in: remote))
    }
}
