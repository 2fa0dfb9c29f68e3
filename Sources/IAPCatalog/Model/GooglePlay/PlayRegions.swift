/// Google Play's billing regions (ISO 3166-1 alpha-2) and the currency Play links to each: the
/// currency a regional price is written in. 173 regions at the latest regions version (Bulgaria in
/// euros); where the table comes from and how it differs at `2022/02`: docs/google-play.md.
package enum PlayRegions {
    /// Each region's currency (ISO 4217).
    package static let currencies: [String: String] = [
        "AE": "AED", "AG": "USD", "AL": "USD", "AM": "USD", "AO": "USD", "AR": "USD", "AT": "EUR", "AU": "AUD",
        "AW": "USD", "AZ": "USD", "BA": "USD", "BD": "BDT", "BE": "EUR", "BF": "EUR", "BG": "EUR", "BH": "USD",
        "BJ": "EUR", "BM": "USD", "BO": "BOB", "BR": "BRL", "BS": "USD", "BW": "USD", "BY": "USD", "BZ": "USD",
        "CA": "CAD", "CD": "USD", "CF": "EUR", "CG": "USD", "CH": "CHF", "CI": "XOF", "CL": "CLP", "CM": "XAF",
        "CO": "COP", "CR": "CRC", "CV": "USD", "CY": "EUR", "CZ": "CZK", "DE": "EUR", "DJ": "USD", "DK": "DKK",
        "DM": "USD", "DO": "USD", "DZ": "DZD", "EC": "USD", "EE": "EUR", "EG": "EGP", "ER": "USD", "ES": "EUR",
        "FI": "EUR", "FJ": "USD", "FM": "USD", "FR": "EUR", "GA": "EUR", "GB": "GBP", "GD": "USD", "GE": "GEL",
        "GH": "GHS", "GI": "GBP", "GM": "USD", "GN": "USD", "GR": "EUR", "GT": "USD", "GW": "EUR", "HK": "HKD",
        "HN": "USD", "HR": "EUR", "HT": "USD", "HU": "HUF", "ID": "IDR", "IE": "EUR", "IL": "ILS", "IN": "INR",
        "IQ": "IQD", "IS": "EUR", "IT": "EUR", "JM": "USD", "JO": "JOD", "JP": "JPY", "KE": "KES", "KG": "USD",
        "KH": "USD", "KM": "USD", "KN": "USD", "KR": "KRW", "KW": "USD", "KY": "USD", "KZ": "KZT", "LA": "USD",
        "LB": "USD", "LC": "USD", "LI": "CHF", "LK": "LKR", "LR": "USD", "LT": "EUR", "LU": "EUR", "LV": "EUR",
        "LY": "USD", "MA": "MAD", "MC": "EUR", "MD": "USD", "MK": "USD", "ML": "EUR", "MM": "MMK", "MN": "MNT",
        "MO": "MOP", "MT": "EUR", "MU": "USD", "MV": "USD", "MX": "MXN", "MY": "MYR", "MZ": "USD", "NA": "USD",
        "NE": "EUR", "NG": "NGN", "NI": "USD", "NL": "EUR", "NO": "NOK", "NP": "USD", "NZ": "NZD", "OM": "USD",
        "PA": "USD", "PE": "PEN", "PG": "USD", "PH": "PHP", "PK": "PKR", "PL": "PLN", "PT": "EUR", "PY": "PYG",
        "QA": "QAR", "RO": "RON", "RS": "RSD", "RU": "RUB", "RW": "USD", "SA": "SAR", "SB": "USD", "SC": "USD",
        "SE": "SEK", "SG": "SGD", "SI": "EUR", "SK": "EUR", "SL": "USD", "SM": "EUR", "SN": "XOF", "SO": "USD",
        "SR": "USD", "SV": "USD", "TC": "USD", "TD": "USD", "TG": "EUR", "TH": "THB", "TJ": "USD", "TM": "USD",
        "TN": "USD", "TO": "USD", "TR": "TRY", "TT": "USD", "TW": "TWD", "TZ": "TZS", "UA": "UAH", "UG": "USD",
        "US": "USD", "UY": "USD", "UZ": "USD", "VA": "EUR", "VE": "USD", "VG": "USD", "VN": "VND", "VU": "USD",
        "WS": "USD", "YE": "USD", "ZA": "ZAR", "ZM": "USD", "ZW": "USD",
    ]

    /// Currencies whose Play prices have no decimals (Play rounds them to whole units).
    private static let wholeUnitCurrencies: Set<String> = [
        "JPY", "KRW", "VND", "CLP", "PYG", "XOF", "XAF", "IDR", "HUF", "COP", "TZS", "KZT", "MNT", "IQD", "TWD",
    ]

    /// App Store storefronts (alpha-3) and the Play region (alpha-2) of the same country, where
    /// both stores charge the country's own currency: the prices lint compares
    /// (`play_price_difference`).
    private static let sharedCurrency: [String: String] = [
        "ARE": "AE", "AUS": "AU", "AUT": "AT", "BEL": "BE", "BRA": "BR", "CAN": "CA", "CHE": "CH", "CHL": "CL",
        "COL": "CO", "CZE": "CZ", "DEU": "DE", "DNK": "DK", "EGY": "EG", "ESP": "ES", "FIN": "FI", "FRA": "FR",
        "GBR": "GB", "GRC": "GR", "HKG": "HK", "HUN": "HU", "IDN": "ID", "IND": "IN", "IRL": "IE", "ISR": "IL",
        "ITA": "IT", "JPN": "JP", "KOR": "KR", "MEX": "MX", "MYS": "MY", "NLD": "NL", "NOR": "NO", "NZL": "NZ",
        "PER": "PE", "PHL": "PH", "POL": "PL", "PRT": "PT", "ROU": "RO", "SAU": "SA", "SGP": "SG", "SWE": "SE",
        "THA": "TH", "TUR": "TR", "TWN": "TW", "USA": "US", "VNM": "VN", "ZAF": "ZA",
    ]

    /// The currency of `region`; nil when Play does not sell there.
    package static func currency(of region: String) -> String? { currencies[region] }

    /// The currency of `region` at regions version `version` (`2022/02`; nil: the latest): up to
    /// `2022/02` Bulgaria priced in leva, Côte d'Ivoire, Senegal and Cameroon in US dollars, and
    /// Mongolia was not billable.
    package static func currency(of region: String, regionsVersion version: String?) -> String? {
        if let version, version <= "2022/02" {
            if region == "MN" { return nil }
            if let old = before2023[region] { return old }
        }
        return currencies[region]
    }

    private static let before2023: [String: String] = ["BG": "BGN", "CI": "USD", "SN": "USD", "CM": "USD"]

    /// The decimals a price in `currency` may have on Play: none for whole-unit currencies, 2 otherwise.
    package static func decimals(of currency: String) -> Int { wholeUnitCurrencies.contains(currency) ? 0 : 2 }

    /// The Play region of an App Store storefront whose prices are in the same currency, if any.
    package static func sharedCurrencyRegion(forStorefront storefront: String) -> String? { sharedCurrency[storefront] }

    /// `did you mean 'DE'?` for an App Store storefront code or a lowercase region.
    package static func hint(for code: String) -> String? {
        guard let region = sharedCurrency[code] ?? (currencies[code.uppercased()] != nil ? code.uppercased() : nil) else { return nil }
        return "did you mean '\(region)'?"
    }
}
