/// The version of iapcat, reported by `iapcat --version` and in SARIF output.
public enum IAPCatalogVersion {
    /// This build's version, the newest release in CHANGELOG.md.
    public static let current = "0.1.0"
}
