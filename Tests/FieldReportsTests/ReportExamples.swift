import CZlib
import Foundation
import IAPCatTestSupport
import IAPCatalog

@testable import FieldReports

/// What the report tests share: a catalog for both stores, its facts as a server serving the
/// usual lists sees them, and report bodies made from members so that a test can change one.
enum ReportExamples {
    static let fixtures = FixtureDirectory(besideFile: #filePath)

    /// `com.example.fieldreports` on the App Store, `com.example.fieldreports.android` on Play:
    /// coins (both stores; `coins100` on Play), the pro subscriptions (App Store; `pro` on Play).
    static let catalog: Catalog = {
        var coins = Product(id: "com.example.fieldreports.coins100", type: .consumable, status: .approved)
        coins.stores = [.appStore, .googlePlay]
        coins.googlePlay = GooglePlayProduct(productID: "coins100")
        let monthly = Product(id: "com.example.fieldreports.pro.monthly", type: .autoRenewable, status: .approved)
        var yearly = Product(id: "com.example.fieldreports.pro.yearly", type: .autoRenewable, status: .approved)
        yearly.stores = [.appStore, .googlePlay]
        yearly.googlePlay = GooglePlayProduct(productID: "pro")
        var app = AppInfo(bundleID: "com.example.fieldreports")
        app.googlePlay = GooglePlayApp(packageName: "com.example.fieldreports.android")
        return Catalog(app: app, products: [coins, monthly, yearly])
    }()

    /// The paths `iapcat serve` serves every catalog's lists at.
    static let servedPaths = [
        "/products_v1.json", "/sandbox/products_v1.json", "/products_v2.json", "/sandbox/products_v2.json", "/product_ids.plist",
        "/sandbox/product_ids.plist",
    ]

    static let facts = CatalogFacts(catalog: catalog, servedPaths: servedPaths)

    /// 2026-11-27T09:30:00Z.
    static let now: Int64 = 1_795_771_800

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures.path("reports/" + name))))
    }

    /// A report body as members (key, raw JSON value), in order.
    struct Body {
        var members: [(key: String, json: String)]

        /// A StoreKit 2 report of 20 requested ids, 2 missing: what a real app sends.
        static let realistic = Body(members: [
            ("report_id", #""0b8e5a4c-7d1f-4e2a-9c3b-5f6a7b8c9d0e""#), ("bundle_id", #""com.example.fieldreports""#),
            ("app_version", #""2.4.1 (381)""#), ("os", #""iOS""#), ("os_version", #""18.2""#), ("store", #""app_store""#),
            ("environment", #""production""#), ("storefront", #""USA""#), ("list", #""products_v2.json""#), ("sdk", #""storekit2""#),
            ("requested", "[" + (1...20).map { #""com.example.fieldreports.item\#($0)""# }.joined(separator: ",") + "]"),
            (
                "missing",
                #"[{"id":"com.example.fieldreports.item7"},{"id":"com.example.fieldreports.item13","status":"notAvailableInStorefront"}]"#
            ),
            ("list_etag", #""\"5d41402abc4b2a76b9719d911017c592\"""#), ("sent_at", #""2026-11-27T09:30:00Z""#),
        ])

        /// The smallest valid report: the required fields only.
        static let minimal = Body(members: [
            ("report_id", #""r1""#), ("bundle_id", #""com.example.fieldreports""#), ("app_version", #""1.0""#), ("os", #""iOS""#),
            ("os_version", #""18.2""#), ("store", #""app_store""#), ("environment", #""production""#), ("storefront", #""USA""#),
            ("list", #""products_v2.json""#), ("requested", #"["com.example.fieldreports.coins100"]"#), ("missing", "[]"),
        ])

        func setting(_ key: String, _ json: String) -> Body {
            var copy = self
            if let index = members.firstIndex(where: { $0.key == key }) {
                copy.members[index].json = json
            } else {
                copy.members.append((key, json))
            }
            return copy
        }

        func removing(_ key: String) -> Body { Body(members: members.filter { $0.key != key }) }

        var text: String { "{" + members.map { "\"\($0.key)\":\($0.json)" }.joined(separator: ",") + "}" }
        var bytes: [UInt8] { Array(text.utf8) }
    }

    /// What decoding `bytes` gives: the report, or the problem's document as text.
    static func decode(_ bytes: [UInt8], gzip: Bool = false) -> Result<FieldReport, ReportProblem> {
        Result { () throws(ReportProblem) in try ReportDecoder().decode(bytes, gzip: gzip) }
    }

    /// The problem document decoding `bytes` answers with, as text; nil when it decodes.
    static func problem(_ bytes: [UInt8], gzip: Bool = false) -> String? {
        guard case .failure(let problem) = decode(bytes, gzip: gzip) else { return nil }
        return String(decoding: problem.body, as: UTF8.self)
    }

    /// The document of a 400 naming `field` (nil: none) with `detail`, as the endpoint writes it.
    static func invalid(_ detail: String, field: String? = nil) -> String {
        #"{"type":"https://iapcat.dev/problems/invalid-report","title":"The report is not valid","status":400,"detail":""#
            + detail + "\"" + (field.map { #","field":""# + $0 + "\"" } ?? "") + "}"
    }

    /// gzip of `bytes`, by zlib's own deflate at level 9 (RFC 1952 wrapper), in process: the
    /// encoder is not the code under test, which only inflates.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        var stream = z_stream()
        guard
            deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw FixtureError("zlib could not initialise") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH) == Z_STREAM_END ? target.count - Int(stream.avail_out) : -1
            }
        }
        guard produced >= 0 else { throw FixtureError("zlib could not compress \(bytes.count) bytes") }
        return Array(output[..<produced])
    }
}
