/// A pull written into the catalog file it started from (`iapcat asc pull --catalog F -o F`): the
/// file edited where the store differs (``CatalogTextEditor``), nothing else. A product the file
/// holds for this store and the store does not is kept, marked above its item with a comment, and
/// named; a refresh that finds none of the file's products refuses (a wrong app, key or URL looks
/// exactly like that) unless it was asked to prune.
package struct CatalogRefresh: Sendable {
    /// What the refresh made.
    package struct Outcome: Sendable {
        /// The new text of the file.
        package var bytes: [UInt8]
        /// Each value changed, added or removed, in file order of the products.
        package var changes: [CatalogChange]
        /// Products the file holds for the store and the store does not (kept, or removed when pruning).
        package var notFound: [String]
        /// Those of `notFound` that were removed (`--prune`: those sold on this store alone).
        package var pruned: [String]
    }

    /// The comment a product the store does not hold gets above its item (one per store); the
    /// refresh that finds it again takes that store's comment away.
    package static let markPrefix = "iapcat: not found in "

    /// The store pulled from.
    package var store: Store
    /// Its name in sentences (`App Store Connect`).
    package var storeName: String
    /// Whether products the store does not hold leave the file (`--prune`).
    package var prune: Bool

    package init(store: Store, storeName: String, prune: Bool) {
        self.store = store
        self.storeName = storeName
        self.prune = prune
    }

    /// `text` (which reads as `base`, read from `path`) edited to say what `pulled` says.
    package func refresh(_ text: [UInt8], base: Catalog, pulled: PulledCatalog, path: String) throws(SyncFailure) -> Outcome {
        let held = base.products.filter { $0.isSold(on: store) && $0.status != .removed }
        let notFound = held.map(\.id).filter { !pulled.found.contains($0) }
        let notFoundSet = Set(notFound)
        if !held.isEmpty && notFound.count == held.count && !prune {
            throw SyncFailure(
                "\(path): \(storeName) holds none of the catalog's \(Plural.count(held.count, "product")) (a wrong app id, key or URL looks "
                    + "the same); nothing was written. To remove them from the catalog, pull again with --prune")
        }
        // Pruning removes what is sold on this store alone; a product other stores sell stays, marked.
        let pruned = prune ? Set(base.products.filter { notFoundSet.contains($0.id) && $0.stores == [store] }.map(\.id)) : []
        var target = pulled.catalog
        target.products.removeAll { pruned.contains($0.id) }
        let pulledIDs = Set(target.products.map(\.id))
        // Kept as the base has them; the editor matches products by id, never by position.
        let kept = base.products.filter { notFoundSet.contains($0.id) && !pruned.contains($0.id) && !pulledIDs.contains($0.id) }
        target.products += kept
        // And the groups kept subscriptions name, when the store has no group of that key.
        let groups = Set(target.subscriptionGroups.map(\.id))
        let named = Set(kept.compactMap { $0.subscription?.group })
        target.subscriptionGroups += base.subscriptionGroups.filter { named.contains($0.id) && !groups.contains($0.id) }
        let marks = Dictionary(
            uniqueKeysWithValues: notFound.filter { !pruned.contains($0) }.map {
                ($0, Self.markPrefix + "\(storeName) when last pulled; kept")
            })
        let result: CatalogTextEditor.Result
        do throws(CatalogTextEditor.Failure) {
            result = try CatalogTextEditor.edit(
                text, from: base, to: target, marks: marks, markPrefix: Self.markPrefix + storeName, markFamily: Self.markPrefix)
        } catch {
            throw SyncFailure("\(path): cannot edit the catalog: \(error.message); nothing was written")
        }
        try verify(result.bytes, says: target, path: path)
        var changes = result.changes
        for index in changes.indices where changes[index].field == "status" {
            if let product = target.products.first(where: { $0.id == changes[index].owner }), let state = product.appStore.storeState,
                store == .appStore
            {
                changes[index].storeWord = "\(storeName): \(state.rawValue)"
            }
        }
        let order = Dictionary(base.products.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        changes = changes.enumerated().sorted { lhs, rhs in
            let left = order[lhs.element.owner] ?? Int.max, right = order[rhs.element.owner] ?? Int.max
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
        return Outcome(bytes: result.bytes, changes: changes, notFound: notFound, pruned: notFound.filter(pruned.contains))
    }

    /// Fails unless `bytes` read back as exactly `target`: what the edit wrote is what was pulled.
    private func verify(_ bytes: [UInt8], says target: Catalog, path: String) throws(SyncFailure) {
        // Validated as every command validates a catalog: a refresh never writes one that lint refuses.
        let loaded = CatalogLoader().loadValidated(bytes, file: path)
        let writer = CatalogYAMLWriter()
        guard let catalog = loaded.catalog, !loaded.hasErrors else {
            let first = loaded.diagnostics.first { $0.severity == .error }.map { " (\(ServerText.printable($0.text)))" } ?? ""
            throw SyncFailure(
                "\(path): the edited catalog would have errors\(first); nothing was written. Pull into a new file with -o to see it")
        }
        guard let written = YAMLLayout(Array(writer.render(catalog).utf8)), let wanted = YAMLLayout(Array(writer.render(target).utf8)),
            let writtenRoot = written.root, let wantedRoot = wanted.root
        else { throw SyncFailure("\(path): the catalog writer wrote unreadable YAML; nothing was written") }
        guard let difference = CatalogTextEditor.firstDifference(writtenRoot, in: written, wantedRoot, in: wanted) else { return }
        throw SyncFailure(
            "\(path): the edit could not say what \(storeName) holds (first at \(ServerText.printable(difference.joined(separator: "."))))"
                + "; nothing was written. Pull into a new file with -o and merge by hand")
    }
}
