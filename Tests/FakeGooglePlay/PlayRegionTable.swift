import IAPCatalog

/// The regions Play sells in and the currency it links to each, per regions version: the current
/// table is IAPCatalog's ``PlayRegions``; at `2022/02` Bulgaria priced in BGN, Côte d'Ivoire,
/// Senegal and Cameroon in USD, and Mongolia was not billable.
enum PlayRegionTable {
    /// The regions version many tools still send.
    static let legacyVersion = "2022/02"

    private static let legacyCurrencies = ["BG": "BGN", "CI": "USD", "SN": "USD", "CM": "USD"]
    private static let notBillableAtLegacy: Set<String> = ["MN"]

    /// The currency of `region` at `version`; nil when Play does not sell there.
    static func currency(of region: String, version: String) -> String? {
        if version == legacyVersion {
            if notBillableAtLegacy.contains(region) { return nil }
            if let currency = legacyCurrencies[region] { return currency }
        }
        return PlayRegions.currency(of: region)
    }

    /// `region`, which must be one Play sells in at `version`.
    static func check(_ region: String, version: String, at path: String) throws(PlayError) -> String {
        guard let currency = currency(of: region, version: version) else {
            throw .invalid("Invalid region code \(region) at \(path): not a billable region at the specified regions version \(version).")
        }
        return currency
    }

    /// The regional price at `path`, which must be in the currency `region` has at `version`.
    static func price(_ value: PlayJSON?, region: String, version: String, at path: String) throws(PlayError) -> PlayAmount? {
        guard let amount = try PlayAmount.read(value, at: path) else { return nil }
        let expected = try check(region, version: version, at: path)
        guard amount.currencyCode == expected else {
            throw .invalid(
                "Invalid currency for region code \(region) at the specified regions version \(version). "
                    + "Expected \(expected) but got \(amount.currencyCode).")
        }
        return amount
    }
}
