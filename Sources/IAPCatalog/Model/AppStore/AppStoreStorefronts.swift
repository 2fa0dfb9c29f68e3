/// App Store storefronts (territories) by ISO 3166-1 alpha-3 code, as App Store Connect names them
/// for prices and availability. Where the list comes from: docs/sources.md.
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
