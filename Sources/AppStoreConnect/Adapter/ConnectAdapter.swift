import Foundation
import IAPCatalog

/// App Store Connect as the ``SyncEngine`` drives it: ``ConnectRemoteReader`` reads, ``ConnectPlanner`` plans
/// from ``DesiredState`` and ``PricePointCheck`` holds the prices it sets against the price points
/// read for it, ``ConnectApplier`` applies, ``ConnectReadBack`` reads back, ``ConnectCatalogBuilder`` pulls.
package struct ConnectAdapter: SyncAdapter {
    /// What App Store Connect held when planned, with what planning took from elsewhere.
    package struct Snapshot: Sendable {
        /// What the catalog asks for (its screenshots read).
        package var desired: DesiredState
        /// What the store held.
        package var remote: ConnectRemoteState
        /// The price points of the ladders the plan sets prices on, read once per territory.
        package var ladders = PriceLadders()
        /// The catalog's path as given (for positions in the plan's errors).
        package var path = ""
    }

    package static let appKey = "app.apple_id"

    package static let catalogStore = Store.appStore

    package static func app(of catalog: Catalog) -> String? {
        catalog.app.appleID.flatMap { $0.isEmpty ? nil : $0 }
    }

    private let api: any ConnectTransport
    private let today: String
    private let allowOutsidePaths: Bool
    private let options: ConnectApplier.Options

    /// An adapter talking through `api`, planning for `today` (`YYYY-MM-DD`, UTC); screenshots
    /// outside the catalog's folder are read only with `allowOutsidePaths`.
    package init(
        api: any ConnectTransport, today: String, allowOutsidePaths: Bool = false,
        options: ConnectApplier.Options = ConnectApplier.Options()
    ) {
        self.api = api
        self.today = today
        self.allowOutsidePaths = allowOutsidePaths
        self.options = options
    }

    /// With `scope`: the territories, the groups, and only the scope's products
    /// (`filter[productId]`), with the app's promoted purchases. Then the price points of every
    /// price the plan would set (``PricePoints/ladders(for:remote:scoped:)``): none when it sets
    /// none.
    package func read(for catalog: Catalog, at path: String, scope: SyncScope?) async throws(SyncFailure) -> Snapshot {
        var desired = DesiredState(catalog: catalog)
        _ = desired.readScreenshots(catalogDirectory: FilePaths.directory(of: path), allowingOutside: allowOutsidePaths)
        let remote = try await read(appID: Self.app(of: catalog) ?? "", productIDs: scope?.products)
        let prices = PricePointCheck.prices(of: ConnectPlanner(today: today).plan(desired, against: remote), in: catalog)
        do throws(ConnectAPIError) {
            let ladders = try await PricePoints(api: api).ladders(for: prices, remote: remote, scoped: scope != nil)
            return Snapshot(desired: desired, remote: remote, ladders: ladders, path: path)
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }

    /// The plan, each price it sets held against the price points read (an error for each that
    /// is none).
    package func plan(_ catalog: Catalog, against snapshot: Snapshot) -> ConnectPlan {
        var plan = ConnectPlanner(today: today).plan(snapshot.desired, against: snapshot.remote)
        PricePointCheck(ladders: snapshot.ladders, path: snapshot.path).check(&plan, catalog: catalog)
        return plan
    }

    package func apply(
        _ plan: ConnectPlan, catalog: Catalog, at path: String, against snapshot: Snapshot, progress: (Int, ConnectStep) -> Void
    ) async throws(SyncStepFailure) {
        let applier = ConnectApplier(api: api, remote: snapshot.remote, desired: snapshot.desired, options: options)
        do throws(ConnectApplier.Failure) {
            try await applier.apply(plan, progress: progress)
        } catch {
            throw SyncStepFailure(
                index: error.stepIndex, step: error.step, reason: error.apiError?.diagnostic ?? error.message,
                position: CatalogPositions(catalog: catalog).position(of: error.failedStep, pointer: error.apiError?.errors.first?.pointer),
                mayPass: error.apiError?.mayPass ?? false)
        }
    }

    package func readBack(after plan: ConnectPlan, catalog: Catalog, against snapshot: Snapshot) async throws(SyncFailure)
        -> SyncReadBack<ConnectStep>
    {
        do throws(ConnectAPIError) {
            return try await ConnectReadBack(api: api, today: today).read(
                after: plan, desired: snapshot.desired, appID: snapshot.remote.appID)
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }

    package func verdicts(of products: [String], in snapshot: Snapshot) -> [ProductVerdict] {
        ProductVerdict.verdicts(of: products, in: snapshot.remote)
    }

    /// The products and groups the steps work on.
    package func dependencies(of plan: ConnectPlan, in catalog: Catalog) -> SyncScope {
        var scope = SyncScope(products: [])
        for step in plan.steps {
            if case .group(let key) = step.owner { scope.groups.insert(key) } else { scope.products.insert(step.owner.key) }
        }
        return scope
    }

    /// The territories App Store Connect knows, each group of the dependencies (theirs, and those
    /// of their subscriptions) and each product, as read.
    package func rows(of snapshot: Snapshot, for dependencies: SyncScope, in catalog: Catalog) -> [SavedPlan.Row] {
        var rows = [SavedPlan.Row(resource: "territories", value: .array(snapshot.remote.territories.map(JSONValue.string)))]
        let groups = Set(dependencies.restrict(catalog).subscriptionGroups.map(\.id))
        for group in snapshot.desired.groups.sorted(by: { $0.key < $1.key }) where groups.contains(group.key) {
            rows.append(
                SavedPlan.Row(
                    resource: "subscription group \(group.key)", value: Self.row(snapshot.remote.group(named: group.referenceName))))
        }
        for id in dependencies.products.sorted() {
            rows.append(SavedPlan.Row(resource: "product \(id)", value: Self.row(snapshot.remote.products[id])))
        }
        return rows
    }

    /// `value` as JSON with its keys sorted; `null` for nothing.
    static func row(_ value: (some Encodable)?) -> JSONValue {
        guard let value else { return .null }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(value), let json = try? JSONValueReader.read(Array(data)) else { return .null }
        return json
    }

    package func readBackScope(of plan: ConnectPlan) -> String {
        Plural.count(Set(plan.steps.map(\.owner)).count, "resource")
    }

    package func pull(app: String, base: Catalog?) async throws(SyncFailure) -> PulledCatalog {
        let remote = try await read(appID: app)
        var info = base?.app ?? AppInfo(bundleID: nil)
        info.appleID = app
        // A new catalog takes the app's fields from App Store Connect; a refresh keeps the
        // catalog's app block as the team wrote it.
        if base == nil, let found = try? await ConnectRemoteReader(api: api).readApp(appID: app) {
            info.bundleID = found.bundleID
            info.sku = found.sku
            if let locale = found.primaryLocale { info.defaultLocale = locale }
        }
        let result = ConnectCatalogBuilder(today: today).build(remote, app: info, base: base)
        var catalog = result.catalog
        if let base {
            let context = catalog
            BaseForms.keep(in: &catalog, base: base) { candidate, pulled in
                planned(candidate, in: context, against: remote) == planned(pulled, in: context, against: remote)
            }
        }
        return PulledCatalog(
            catalog: catalog, notes: result.notes, header: "Pulled by iapcat from App Store Connect (app \(app)).",
            contents: "\(Plural.count(catalog.products.count, "product")), "
                + Plural.count(catalog.subscriptionGroups.count, "subscription group"),
            found: Set(remote.products.keys))
    }

    /// What a plan of `product` alone (with `catalog`'s groups) against `remote` says about it: its
    /// steps, what it leaves undone and its errors.
    private func planned(_ product: Product, in catalog: Catalog, against remote: ConnectRemoteState) -> [String] {
        var single = Catalog(app: catalog.app)
        single.subscriptionGroups = catalog.subscriptionGroups
        single.products = [product]
        var state = remote
        state.products = remote.products[product.id].map { [product.id: $0] } ?? [:]
        let plan = ConnectPlanner(today: today).plan(DesiredState(catalog: single), against: state)
        // Custom codes waiting for the product's approval are the catalog's to keep, not a difference.
        return plan.steps.filter { $0.ownerKey == product.id }.map(\.summary)
            + (plan.notDone + plan.errors).filter { $0.resource == product.id && !ConnectPlanner.isWaitingForApproval($0.message) }
            .map(\.message)
    }

    /// The app's state (of `productIDs` only, when given).
    private func read(appID: String, productIDs: Set<String>? = nil) async throws(SyncFailure) -> ConnectRemoteState {
        do throws(ConnectAPIError) {
            return try await ConnectRemoteReader(api: api).read(appID: appID, productIDs: productIDs)
        } catch {
            throw SyncFailure(error.diagnostic)
        }
    }
}
