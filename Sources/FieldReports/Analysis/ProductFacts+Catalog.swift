import IAPCatalog

/// The causes the catalog and its lists decide: an unknown id, another store's product, Xcode's
/// StoreKit testing, a removed product, a sandbox list read in production.
extension ProductFacts {
    /// Not in the catalog, with "did you mean" when `suggest` (an id equal but for case first), or
    /// the id of a product this store sells under another one (its Play id, or its App Store id).
    func unknownID(suggest: Bool) -> [Evidence]? {
        guard product == nil else { return nil }
        let noun = store == .appStore ? "product id" : "Play product id"
        var evidence = [Evidence(.catalog, "no \(noun) of \(context.catalogName) is '\(id)'")]
        if let other = otherName {
            evidence.append(
                Evidence(
                    .catalog,
                    store == .appStore
                        ? "'\(id)' is the Play id of product '\(other.id)': did you mean '\(other.id)'?"
                        : "product '\(other.id)' is sold on Google Play as '\(other.playProductID)': did you mean '\(other.playProductID)'?"
                ))
            return evidence
        }
        guard elsewhere == nil else { return nil }
        if !suggest {
            evidence.append(Evidence(.catalog, "no \"did you mean\": too many unknown ids to compare"))
        } else if let near = Suggestion.closest(to: id, in: context.catalog.ids(on: store)) {
            let caseOnly = near.lowercased() == id.lowercased()
            evidence.append(Evidence(.catalog, "did you mean '\(near)'?" + (caseOnly ? " (ids are case-sensitive)" : "")))
        }
        return evidence
    }

    /// In the catalog, but sold on the other store only.
    var notSoldOnStore: [Evidence]? {
        guard product == nil, otherName == nil, let elsewhere else { return nil }
        let stores = elsewhere.stores.map(\.rawValue).joined(separator: ", ")
        return [Evidence(.catalog, "product '\(elsewhere.id)' is sold on \(stores) only, not on \(store.rawValue)")]
    }

    /// Reported from Xcode's StoreKit testing only: the scheme's `.storekit` file answered.
    var storeKitConfiguration: [Evidence]? {
        guard stats.environments.keys.allSatisfy({ $0 == .xcode }) else { return nil }
        let reports = stats.count == 1 ? "its one report" : "all \(stats.count) of its reports"
        var evidence = [Evidence(.reports, "\(reports) came from environment xcode")]
        let files = context.lists.storeKitLists
        if files.isEmpty {
            evidence.append(Evidence(.lists, "the catalog declares no .storekit list: Xcode read a file iapcat did not write"))
        }
        for file in files {
            guard let ids = file.fileIDs else {
                evidence.append(Evidence(.lists, "\(file.declaration.path) could not be read"))
                continue
            }
            evidence.append(
                Evidence(
                    .lists,
                    ids.contains(id)
                        ? "\(file.declaration.path) names it: the scheme may use another file"
                        : "\(file.declaration.path) does not name it"))
        }
        return evidence
    }

    /// Removed (a tombstone in the catalog), and still asked for: from which lists, by which versions.
    var removedStillListed: [Evidence]? {
        guard let product, product.status == .removed else { return nil }
        var evidence = [Evidence(.catalog, "status removed: the store no longer has it, and the id can never be used again")]
        for (list, rows) in Dictionary(grouping: rows, by: \.dimensions.list).sorted(by: { $0.key < $1.key }) {
            let resolution = context.lists.resolve(list)
            let asking = Self.versions(rows, "asks", "ask")
            if resolution.isBundle {
                evidence.append(Evidence(.reports, "\(asking) for it from the list built into the app (bundle)"))
            } else {
                evidence.append(Evidence(.reports, "\(asking) for it from \(list)"))
            }
            if resolution.isRendered {
                evidence.append(
                    Evidence(
                        .lists,
                        "\(list) as iapcat serve renders it leaves it out: \(Self.versions(rows, "reads", "read")) an older copy (cached, or served before)"
                    ))
            } else if resolution.lists.isEmpty, !resolution.isBundle {
                evidence.append(Evidence(.lists, "\(list) is not a list \(context.catalogName) declares"))
            }
            for declared in resolution.lists {
                let path = declared.declaration.path
                guard let ids = declared.fileIDs else {
                    evidence.append(Evidence(.lists, "\(path) could not be read"))
                    continue
                }
                if ids.contains(id) {
                    evidence.append(Evidence(.lists, "\(path) still names it"))
                } else if resolution.isBundle {
                    evidence.append(
                        Evidence(.lists, "\(path) no longer names it: \(Self.versions(rows, "was", "were")) built with an older copy"))
                } else {
                    evidence.append(
                        Evidence(
                            .lists,
                            "\(path) no longer names it: \(Self.versions(rows, "reads", "read")) an older copy (cached, or served before)"))
                }
            }
        }
        return evidence
    }

    /// Asked for in production from a list that serves the sandbox, and not a product StoreKit
    /// returns in production (the lists are StoreKit's).
    var sandboxListInProduction: [Evidence]? {
        guard store == .appStore, let product, !product.isAvailable(in: .production) else { return nil }
        var evidence: [Evidence] = []
        for (list, rows) in Dictionary(grouping: productionRows, by: \.dimensions.list).sorted(by: { $0.key < $1.key }) {
            let resolution = context.lists.resolve(list)
            guard resolution.environment == .sandbox else { continue }
            let declared = resolution.lists.map(\.declaration.path)
            let source = declared.isEmpty ? "served as the sandbox copy" : "declared for the sandbox: " + declared.joined(separator: ", ")
            evidence.append(Evidence(.lists, "\(list) serves the sandbox (\(source))"))
            evidence.append(
                Evidence(.reports, "production builds (\(Self.versions(rows))) read it: \(Plural.count(Int(Self.count(rows)), "report"))"))
        }
        guard !evidence.isEmpty else { return nil }
        evidence.append(Evidence(.catalog, "status \(product.status.rawValue): a production list leaves it out"))
        return evidence
    }
}
