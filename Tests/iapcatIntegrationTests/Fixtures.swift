import IAPCatTestSupport
import Testing

extension IAPCat {
    /// The integration tests' fixtures, as paths relative to the package root (where the binary runs).
    static func fixture(_ name: String) -> String { "Tests/iapcatIntegrationTests/Fixtures/" + name }

    /// Compares with `Fixtures/golden/name`; `IAPCAT_RECORD_GOLDENS=1` rewrites it instead.
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.expect(actual, path: packageRoot + "/" + fixture("golden/" + name), sourceLocation: sourceLocation)
    }
}
