import IAPCatalog

/// Google Play as the ``SyncEngine`` drives it: ``PlayRemoteReader`` reads, ``PlayPlanner`` plans
/// (at the catalog's regions version, or the one Play prices by today), ``PlayApplier`` applies;
/// the read-back reads everything again and plans anew; ``PlayCatalogBuilder`` pulls.
package struct PlayAdapter: SyncAdapter {
    /// What Play held when planned, and the regions version the plan writes with.
    package struct Snapshot: Sendable {
        /// What the app holds.
        package var remote: PlayRemoteState
        /// The regions version.
        package var regionsVersion: String
    }

    package static let appKey = "app.google_play.package_name"

    package static let catalogStore = Store.googlePlay

    package static func app(of catalog: Catalog) -> String? {
        catalog.app.googlePlay?.packageName.flatMap { $0.isEmpty ? nil : $0 }
    }

    private let api: any PlayTransport
    private let packageName: String

    /// An adapter for the app `packageName`, talking through `api`.
    package init(api: any PlayTransport, packageName: String) {
        self.api = api
        self.packageName = packageName
    }

    /// With `scope`: only the Play products of the (restricted) catalog, each by id.
    package func read(for catalog: Catalog, at path: String, scope: SyncScope?) async throws(SyncFailure) -> Snapshot {
        do throws(PlayAPIError) {
            let reader = PlayRemoteReader(api: api)
            var version = catalog.app.googlePlay?.regionsVersion
            if version == nil { version = try await reader.currentRegionsVersion() }
            let ids = scope.map { _ in
                Set(catalog.products.filter { $0.isSold(on: .googlePlay) && $0.googlePlay != nil }.map(\.playProductID))
            }
            return Snapshot(remote: try await reader.read(productIDs: ids), regionsVersion: version ?? "")
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }

    package func plan(_ catalog: Catalog, against snapshot: Snapshot) -> PlayPlan {
        PlayPlanner(regionsVersion: snapshot.regionsVersion).plan(catalog, against: snapshot.remote)
    }

    package func apply(
        _ plan: PlayPlan, catalog: Catalog, at path: String, against snapshot: Snapshot, progress: (Int, PlayStep) -> Void
    ) async throws(SyncStepFailure) {
        do throws(PlayApplier.Failure) {
            try await PlayApplier(api: api, remote: snapshot.remote, packageName: packageName).apply(plan, progress: progress)
        } catch {
            throw SyncStepFailure(index: error.stepIndex, step: error.step, reason: error.error.diagnostic, mayPass: error.error.mayPass)
        }
    }

    /// Reads the plan's products again and plans them anew: nothing may be left.
    package func readBack(after plan: PlayPlan, catalog: Catalog, against snapshot: Snapshot) async throws(SyncFailure)
        -> SyncReadBack<PlayStep>
    {
        let ids = Set(plan.steps.map(\.productID))
        var touched = catalog
        touched.products = catalog.products.filter { ids.contains($0.playProductID) }
        do throws(PlayAPIError) {
            let remote = try await PlayRemoteReader(api: api).read(productIDs: ids)
            return SyncReadBack(
                remaining: PlayPlanner(regionsVersion: plan.regionsVersion).plan(touched, against: remote).steps, verdicts: [])
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }

    /// The catalog products whose Play products the steps work on.
    package func dependencies(of plan: PlayPlan, in catalog: Catalog) -> SyncScope {
        let ids = Set(plan.steps.map(\.productID))
        return SyncScope(products: Set(catalog.products.filter { $0.googlePlay != nil && ids.contains($0.playProductID) }.map(\.id)))
    }

    /// The regions version writes send, and each product as Play answered it: the one-time
    /// product or subscription (`null` when Play has none) with a subscription's offers, keys sorted.
    package func rows(of snapshot: Snapshot, for dependencies: SyncScope, in catalog: Catalog) -> [SavedPlan.Row] {
        var rows = [SavedPlan.Row(resource: "regions version", value: .string(snapshot.regionsVersion))]
        let remote = snapshot.remote
        for product in dependencies.restrict(catalog).products.sorted(by: { $0.playProductID < $1.playProductID }) {
            let id = product.playProductID
            let value: JSONValue = .object([
                ("one_time_product", remote.oneTimeProduct(id) ?? .null), ("subscription", remote.subscription(id) ?? .null),
                ("offers", .array(remote.offers(of: id))),
            ])
            rows.append(SavedPlan.Row(resource: "product \(id)", value: value.sortingKeys))
        }
        return rows
    }

    /// In Play's words: regions with decimal amounts and their currencies, items by their ids
    /// (``PlayRowChanges``).
    package func changes(of resource: String, from old: JSONValue, to new: JSONValue) -> [String] {
        PlayRowChanges.describe(from: old, to: new)
    }

    package func readBackScope(of plan: PlayPlan) -> String {
        Plural.count(Set(plan.steps.map(\.productID)).count, "product")
    }

    package func pull(app: String, base: Catalog?) async throws(SyncFailure) -> PulledCatalog {
        let remote: PlayRemoteState
        do throws(PlayAPIError) {
            remote = try await PlayRemoteReader(api: api).read()
        } catch {
            throw SyncFailure(error.diagnostic)
        }
        let result = PlayCatalogBuilder().build(remote, packageName: app, base: base)
        let sold = result.catalog.products.count { $0.isSold(on: .googlePlay) }
        return PulledCatalog(
            catalog: result.catalog, notes: result.notes, header: "Pulled by iapcat from Google Play (\(app)).",
            contents: "\(Plural.count(sold, "product")) sold on Google Play", found: result.found)
    }
}
