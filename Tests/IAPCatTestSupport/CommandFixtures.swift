import Foundation
import Testing

extension IAPCat {
    /// The command tests' fixtures (both tiers'), as paths relative to the package root: where the
    /// binary runs, and the working directory of the test process.
    public static func fixture(_ name: String) -> String { "Tests/IAPCatCLITests/Fixtures/" + name }

    /// Compares with `Fixtures/golden/name`; `IAPCAT_RECORD_GOLDENS=1` rewrites it instead.
    public static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.expect(actual, path: packageRoot + "/" + fixture("golden/" + name), sourceLocation: sourceLocation)
    }

    /// A new empty folder for one test, `iapcat-name-UUID` in the system's temporary folder, as an
    /// absolute path; the test removes it.
    public static func temporaryDirectory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The files `iapcat init` writes, relative to the project folder, in the order it writes them.
    public static let initFiles = [
        "catalogs/catalog.yaml", "catalogs/product_ids.plist", "catalogs/products_v2.json", "catalogs/sandbox/products_v2.json",
        "catalogs/Products.storekit",
        ".github/workflows/iapcat.yml",
    ]

    /// What `iapcat init` prints after the files it wrote, run in the project's folder (with
    /// `--dir`, a `cd` line opens the steps).
    public static let initNextSteps = """

        Next:
          iapcat lint                      # the catalog and its lists: clean
          $EDITOR catalogs/catalog.yaml    # your products (docs/catalog.md)
          iapcat export --all              # rewrite the lists from the catalog
          iapcat lint                      # again; then commit: CI runs the same checks
        Edit OWNER in .github/workflows/iapcat.yml: the account that hosts iapcat.

        """
}
