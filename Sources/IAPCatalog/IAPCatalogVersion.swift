/// The version of iapcat, reported by `iapcat --version` and in SARIF output.
public enum IAPCatalogVersion {
    public static let current = "0.1.0"
}
