import Testing

extension IAPCat {
    /// The command tests' fixtures (both tiers'), as paths relative to the package root: where the
    /// binary runs, and the working directory of the test process.
    public static func fixture(_ name: String) -> String { "Tests/IAPCatCLITests/Fixtures/" + name }

    /// Compares with `Fixtures/golden/name`; `IAPCAT_RECORD_GOLDENS=1` rewrites it instead.
    public static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.expect(actual, path: packageRoot + "/" + fixture("golden/" + name), sourceLocation: sourceLocation)
    }
}
