/// App Store storefronts (territories) by ISO 3166-1 alpha-3 code, as App Store Connect names them
/// for prices and availability. Source: see below.
///
/// Sources and method:
/// - Apple: the App Store Connect API `Territory` resource ids (GET /v1/territories, "List all
///   territories where the App Store operates") and StoreKit `Storefront.countryCode` are ISO 3166-1
///   alpha-3 codes; Kosovo, which has no ISO code, is "XKS".
///   https://developer.apple.com/documentation/appstoreconnectapi/territories
///   https://developer.apple.com/documentation/storekit/storefront/countrycode
/// - Apple has said since the 2020 expansion (and again with the 2022–2023 pricing changes) that the
///   App Store has 175 storefronts.
/// - The list itself was NOT copied from an Apple page (none was reachable from here). It comes from
///   two independent public lists that agree exactly, code for code:
///   * ArtSabintsev/Siren `Sources/Models/AppStoreCountry.swift` (175 entries, alpha-2, transcribed in
///     Nov 2020 from App Store Connect Help "App Store countries and regions",
///     https://help.apple.com/app-store-connect/#/dev997f9cf7c), converted to alpha-3 here; and
///   * a public TypeScript table of "all 175 App Store territories" keyed by App Store Connect API ids.
///   Every code is also a value of the App Store Connect OpenAPI `TerritoryCode` enum (spec 4.4.1,
///   as shipped in AvdLee/appstoreconnect-swift-sdk).
/// - Do NOT use the OpenAPI `TerritoryCode` enum itself as the storefront list: it has 233 values,
///   including places with no App Store (e.g. CUB, PRI, GUM, ANT).
///
/// Uncertainty: Apple occasionally adds or suspends storefronts; re-check against GET /v1/territories.
package enum AppStoreStorefronts {
    /// Every storefront code (175).
    package static let codes: Set<String> = [
        "AFG",  // Afghanistan
        "AGO",  // Angola
        "AIA",  // Anguilla
        "ALB",  // Albania
        "ARE",  // United Arab Emirates
        "ARG",  // Argentina
        "ARM",  // Armenia
        "ATG",  // Antigua and Barbuda
        "AUS",  // Australia
        "AUT",  // Austria
        "AZE",  // Azerbaijan
        "BEL",  // Belgium
        "BEN",  // Benin
        "BFA",  // Burkina Faso
        "BGR",  // Bulgaria
        "BHR",  // Bahrain
        "BHS",  // Bahamas
        "BIH",  // Bosnia and Herzegovina
        "BLR",  // Belarus
        "BLZ",  // Belize
        "BMU",  // Bermuda
        "BOL",  // Bolivia
        "BRA",  // Brazil
        "BRB",  // Barbados
        "BRN",  // Brunei
        "BTN",  // Bhutan
        "BWA",  // Botswana
        "CAN",  // Canada
        "CHE",  // Switzerland
        "CHL",  // Chile
        "CHN",  // China mainland
        "CIV",  // Côte d'Ivoire
        "CMR",  // Cameroon
        "COD",  // Congo, Democratic Republic of the
        "COG",  // Congo, Republic of the
        "COL",  // Colombia
        "CPV",  // Cape Verde
        "CRI",  // Costa Rica
        "CYM",  // Cayman Islands
        "CYP",  // Cyprus
        "CZE",  // Czechia
        "DEU",  // Germany
        "DMA",  // Dominica
        "DNK",  // Denmark
        "DOM",  // Dominican Republic
        "DZA",  // Algeria
        "ECU",  // Ecuador
        "EGY",  // Egypt
        "ESP",  // Spain
        "EST",  // Estonia
        "FIN",  // Finland
        "FJI",  // Fiji
        "FRA",  // France
        "FSM",  // Micronesia
        "GAB",  // Gabon
        "GBR",  // United Kingdom
        "GEO",  // Georgia
        "GHA",  // Ghana
        "GMB",  // Gambia
        "GNB",  // Guinea-Bissau
        "GRC",  // Greece
        "GRD",  // Grenada
        "GTM",  // Guatemala
        "GUY",  // Guyana
        "HKG",  // Hong Kong
        "HND",  // Honduras
        "HRV",  // Croatia
        "HUN",  // Hungary
        "IDN",  // Indonesia
        "IND",  // India
        "IRL",  // Ireland
        "IRQ",  // Iraq
        "ISL",  // Iceland
        "ISR",  // Israel
        "ITA",  // Italy
        "JAM",  // Jamaica
        "JOR",  // Jordan
        "JPN",  // Japan
        "KAZ",  // Kazakhstan
        "KEN",  // Kenya
        "KGZ",  // Kyrgyzstan
        "KHM",  // Cambodia
        "KNA",  // St. Kitts and Nevis
        "KOR",  // Korea, Republic of
        "KWT",  // Kuwait
        "LAO",  // Laos
        "LBN",  // Lebanon
        "LBR",  // Liberia
        "LBY",  // Libya
        "LCA",  // St. Lucia
        "LKA",  // Sri Lanka
        "LTU",  // Lithuania
        "LUX",  // Luxembourg
        "LVA",  // Latvia
        "MAC",  // Macao
        "MAR",  // Morocco
        "MDA",  // Moldova
        "MDG",  // Madagascar
        "MDV",  // Maldives
        "MEX",  // Mexico
        "MKD",  // North Macedonia
        "MLI",  // Mali
        "MLT",  // Malta
        "MMR",  // Myanmar
        "MNE",  // Montenegro
        "MNG",  // Mongolia
        "MOZ",  // Mozambique
        "MRT",  // Mauritania
        "MSR",  // Montserrat
        "MUS",  // Mauritius
        "MWI",  // Malawi
        "MYS",  // Malaysia
        "NAM",  // Namibia
        "NER",  // Niger
        "NGA",  // Nigeria
        "NIC",  // Nicaragua
        "NLD",  // Netherlands
        "NOR",  // Norway
        "NPL",  // Nepal
        "NRU",  // Nauru
        "NZL",  // New Zealand
        "OMN",  // Oman
        "PAK",  // Pakistan
        "PAN",  // Panama
        "PER",  // Peru
        "PHL",  // Philippines
        "PLW",  // Palau
        "PNG",  // Papua New Guinea
        "POL",  // Poland
        "PRT",  // Portugal
        "PRY",  // Paraguay
        "QAT",  // Qatar
        "ROU",  // Romania
        "RUS",  // Russia
        "RWA",  // Rwanda
        "SAU",  // Saudi Arabia
        "SEN",  // Senegal
        "SGP",  // Singapore
        "SLB",  // Solomon Islands
        "SLE",  // Sierra Leone
        "SLV",  // El Salvador
        "SRB",  // Serbia
        "STP",  // São Tomé and Príncipe
        "SUR",  // Suriname
        "SVK",  // Slovakia
        "SVN",  // Slovenia
        "SWE",  // Sweden
        "SWZ",  // Eswatini
        "SYC",  // Seychelles
        "TCA",  // Turks and Caicos Islands
        "TCD",  // Chad
        "THA",  // Thailand
        "TJK",  // Tajikistan
        "TKM",  // Turkmenistan
        "TON",  // Tonga
        "TTO",  // Trinidad and Tobago
        "TUN",  // Tunisia
        "TUR",  // Türkiye
        "TWN",  // Taiwan
        "TZA",  // Tanzania
        "UGA",  // Uganda
        "UKR",  // Ukraine
        "URY",  // Uruguay
        "USA",  // United States
        "UZB",  // Uzbekistan
        "VCT",  // St. Vincent and the Grenadines
        "VEN",  // Venezuela
        "VGB",  // British Virgin Islands
        "VNM",  // Vietnam
        "VUT",  // Vanuatu
        "XKS",  // Kosovo
        "YEM",  // Yemen
        "ZAF",  // South Africa
        "ZMB",  // Zambia
        "ZWE",  // Zimbabwe
    ]

    /// The highest legacy price tier (wholesale_price_tier) App Store Connect had; tier 0 is free.
    ///
    /// Before the 2023 price-point system, prices were chosen from numbered tiers 0 (free) through 87
    /// ($999.99 in the U.S.). The "94 tiers" figure sometimes quoted (e.g. MacStories) counts the seven
    /// *alternate* tiers (A, B, 1–5, for emerging markets) on top of tiers 1–87; those were never
    /// numbers above 87. Corroboration: the app_store_pricing_matrix gem's numeric stems run 0...87,
    /// and Unity IAP's `ApplePriceTiers.kNumTiers` is 88 (tiers 0–87). Apple's December 2022 / March
    /// 2023 change replaced tiers with 900 price points per currency across the 175 storefronts.
    package static let highestPriceTier = 87
}
