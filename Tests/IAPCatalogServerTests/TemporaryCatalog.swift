import Foundation
import Logging

@testable import IAPCatalogServer

/// A catalog of a few products in a folder of its own, removed when this is released; and the
/// store and router a server would make for it.
final class TemporaryCatalog {
    let directory = FileManager.default.temporaryDirectory.path + "/iapcat-routes-\(UUID().uuidString)"
    var path: String { directory + "/catalog.yaml" }

    init(products: Int = 3) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try CatalogStoreSettleTests.catalog(products: products).write(toFile: path, atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A store with the catalog loaded.
    func store() -> CatalogStore {
        let store = CatalogStore(catalogPath: path, logger: Logger(label: "test"), metrics: ServerMetrics(), settle: 0, pause: { _ in })
        store.reloadIfChanged()
        return store
    }

    /// A router for `routes` over this catalog's lists.
    func router(_ routes: [Route], store: CatalogStore? = nil) -> Router {
        Router(table: RouteTable(routes), prepared: PreparedResponses(cacheControl: "no-cache"), store: store ?? self.store())
    }
}
