import Foundation
import IAPCatalog
import Logging
import Testing

@testable import IAPCatalogServer

/// `serve` reloads a catalog only once it has stopped changing: a catalog an editor is still
/// writing is not served half-written, even when the half it wrote so far is a valid catalog.
@Suite struct CatalogStoreSettleTests {
    static func catalog(products count: Int) -> String {
        var yaml = "format_version: 1\napp: { bundle_id: com.example.app, default_locale: en-US }\nproducts:\n"
        for index in 0..<count {
            yaml += "  - id: com.example.p\(index)\n    type: consumable\n    reference_name: Product \(index)\n"
            yaml += "    localizations: { en-US: { display_name: Product \(index) } }\n"
        }
        return yaml
    }

    @Test func aCatalogStillBeingWrittenIsNotServedHalfWritten() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/iapcat-settle-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/catalog.yaml"
        let whole = Self.catalog(products: 4)
        // The first product only: a valid catalog by itself. The rest follows 50 ms later.
        let cut = whole.range(of: "  - id: com.example.p1")!.lowerBound
        let handle = try #require(
            FileHandle(
                forWritingAtPath: {
                    _ = FileManager.default.createFile(atPath: path, contents: nil); return path
                }()))
        try handle.write(contentsOf: Data(whole[..<cut].utf8))
        // The editor writes the rest while the store waits for the catalog to settle.
        let rest = Data(whole[cut...].utf8)
        let written = Once()
        let store = CatalogStore(
            catalogPath: path, logger: Logger(label: "test"), metrics: ServerMetrics(), settle: 0.3,
            pause: { _ in
                guard written.first() else { return }
                try? handle.write(contentsOf: rest)
                try? handle.close()
            })
        // The look while it is being written waits, sees it change, and serves nothing.
        #expect(store.reloadIfChanged() == false)
        #expect(store.artifacts == nil)
        // Once it is whole and quiet, the next look serves all of it.
        #expect(store.reloadIfChanged() == true)
        #expect(store.artifacts?.artifacts["/sandbox/products_v1.json"]?.identity.body.filter { $0 == UInt8(ascii: ",") }.count == 3)
    }
}

/// True the first time it is asked, false after.
final class Once: @unchecked Sendable {
    private let lock = NSLock()
    private var asked = false

    func first() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        defer { asked = true }
        return !asked
    }
}
