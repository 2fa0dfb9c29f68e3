import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// Drift lint: the example's exported `.storekit` file is clean; changing one value of it gives
/// exactly one diagnostic, of that value's rule, at that value (`↓`).
@Suite struct StoreKitDriftTests {
    static let exported = { () -> String in
        let bytes = (try? Fixtures.bytes("golden/export/example.sandbox.storekit")) ?? []
        return String(decoding: bytes, as: UTF8.self)
    }()

    /// The findings of lint on `text`, a `.storekit` file, against the example catalog, as
    /// ``render(_:)`` gives them.
    static func lint(_ text: String) -> [String] {
        guard let catalog = try? ExportTests.exampleCatalog() else { return ["the example catalog did not load"] }
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        var diagnostics = read.diagnostics
        if let list = read.list { diagnostics += ProductListValidator(catalog: catalog).validate(list, environment: .sandbox) }
        if let configuration = read.configuration {
            diagnostics += StoreKitDriftChecker(catalog: catalog).check(configuration, environment: .sandbox)
        }
        return render(diagnostics.sorted())
    }

    /// The exported file with `old` (which occurs once) replaced by `new` (with `↓` markers), linted.
    static func lintChanged(_ old: String, _ new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        let occurrences = exported.components(separatedBy: old).count - 1
        #expect(occurrences == 1, "'\(old)' occurs \(occurrences) times in the exported file", sourceLocation: sourceLocation)
        return checkMarked(exported.replacingOccurrences(of: old, with: new), sourceLocation: sourceLocation, lint: lint)
    }

    @Test func theExportedFileIsClean() {
        #expect(!Self.exported.isEmpty)
        #expect(Self.lint(Self.exported) == [])
    }

    @Test func aMissingProductIsReportedAtTheListItBelongsIn() throws {
        let start = try #require(Self.exported.range(of: "\"nonRenewingSubscriptions\" : ["))
        let end = try #require(Self.exported.range(of: "\n  ],\n  \"products\""))
        let block = String(Self.exported[start.lowerBound..<end.lowerBound])
        #expect(
            Self.lintChanged(block, "\"nonRenewingSubscriptions\" : ↓[\n") == [
                "error: 'com.example.cosmicquest.season_pass.2026' (non-renewing, approved) is in the catalog's sandbox products but not in this file [storekit_missing_product]"
            ])
    }

    @Test func type() {
        #expect(
            Self.lintChanged("\"type\" : \"Consumable\"", "\"type\" : ↓\"NonConsumable\"") == [
                "error: 'com.example.cosmicquest.coins.small' is 'NonConsumable' here but consumable in the catalog (Consumable) [storekit_type]"
            ])
    }

    @Test func subscriptionGroup() {
        #expect(
            Self.lintChanged("\"name\" : \"Cosmic Premium\"", "\"name\" : ↓\"Cosmic Plus\"") == [
                "error: subscription group 'Cosmic Plus' is named 'Cosmic Premium' in the catalog (group 'premium') [storekit_subscription_group]"
            ])
    }

    @Test func subscriptionLevel() {
        #expect(
            Self.lintChanged("\"groupNumber\" : 2", "\"groupNumber\" : ↓3") == [
                "error: 'com.example.cosmicquest.premium.monthly' is at level 3 here but has rank 2 in the catalog [storekit_subscription_level]"
            ])
    }

    @Test func period() {
        #expect(
            Self.lintChanged("\"recurringSubscriptionPeriod\" : \"P1M\"", "\"recurringSubscriptionPeriod\" : ↓\"P3M\"") == [
                "error: 'com.example.cosmicquest.premium.monthly' renews every P3M here but every P1M in the catalog [storekit_period]"
            ])
    }

    @Test func familySharing() {
        #expect(
            Self.lintChanged(
                "\"displayPrice\" : \"2.99\",\n      \"familyShareable\" : true",
                "\"displayPrice\" : \"2.99\",\n      \"familyShareable\" : ↓false")
                == [
                    "error: Family Sharing of 'com.example.cosmicquest.level.nebula' is off here but on in the catalog [storekit_family_sharing]"
                ])
    }

    @Test func referenceName() {
        #expect(
            Self.lintChanged("\"referenceName\" : \"Nebula level pack\"", "\"referenceName\" : ↓\"Nebula pack\"") == [
                "error: the reference name of 'com.example.cosmicquest.level.nebula' is 'Nebula pack' here but 'Nebula level pack' in the catalog [storekit_reference_name]"
            ])
    }

    @Test func missingLocalization() {
        let german =
            ",\n        {\n          \"description\" : \"Ein kleiner Beutel Münzen\",\n          \"displayName\" : \"100 Münzen\",\n          \"locale\" : \"de_DE\"\n        }"
        let changed = Self.exported.replacingOccurrences(of: german, with: "").replacingOccurrences(
            of: "\"internalID\" : \"E429CDA8\",\n      \"localizations\" : [",
            with: "\"internalID\" : \"E429CDA8\",\n      \"localizations\" : ↓[")
        #expect(
            checkMarked(changed, lint: Self.lint) == [
                "error: 'com.example.cosmicquest.coins.small' has no de_DE localization here; the catalog has one (de-DE) [storekit_missing_localization]"
            ])
    }

    @Test func extraLocalization() {
        let german = "\"displayName\" : \"100 Münzen\",\n          \"locale\" : \"de_DE\"\n        }"
        #expect(
            Self.lintChanged(
                german,
                german
                    + ",\n        {\n          \"description\" : \"Un petit sac\",\n          \"displayName\" : \"100 pièces\",\n          \"locale\" : ↓\"fr_FR\"\n        }"
            )
                == [
                    "error: 'com.example.cosmicquest.coins.small' is localized in fr_FR here but not in the catalog [storekit_extra_localization]"
                ])
    }

    @Test func displayName() {
        #expect(
            Self.lintChanged("\"displayName\" : \"100 Coins\"", "\"displayName\" : ↓\"200 Coins\"") == [
                "error: the en_US display name of 'com.example.cosmicquest.coins.small' is '200 Coins' here but '100 Coins' in the catalog [storekit_display_name]"
            ])
    }

    @Test func description() {
        #expect(
            Self.lintChanged("\"description\" : \"A small pouch of coins\"", "\"description\" : ↓\"A big pouch\"") == [
                "error: the en_US description of 'com.example.cosmicquest.coins.small' is 'A big pouch' here but 'A small pouch of coins' in the catalog [storekit_description]"
            ])
    }

    @Test func price() {
        #expect(
            Self.lintChanged("\"displayPrice\" : \"4.99\"", "\"displayPrice\" : ↓\"3.99\"") == [
                "error: 'com.example.cosmicquest.premium.monthly' costs 3.99 here but 4.99 in the catalog (storefront USA) [storekit_price]"
            ])
        // The same amount written differently is no difference.
        #expect(Self.lintChanged("\"displayPrice\" : \"4.99\"", "\"displayPrice\" : \"4.990\"") == [])
    }

    @Test func introductoryOffer() {
        #expect(
            Self.lintChanged(
                "\"paymentMode\" : \"payUpFront\",\n            \"subscriptionPeriod\" : \"P3M\"",
                "\"paymentMode\" : \"payUpFront\",\n            \"subscriptionPeriod\" : ↓\"P6M\"") == [
                    "error: the introductory offer of 'com.example.cosmicquest.premium.yearly' lasts P6M per period here but P3M in the catalog [storekit_introductory_offer]"
                ])
    }

    @Test func promotionalOffer() {
        #expect(
            Self.lintChanged("\"displayPrice\" : \"19.99\"", "\"displayPrice\" : ↓\"14.99\"") == [
                "error: promotional offer 'winback.yearly.half' of 'com.example.cosmicquest.premium.yearly' costs 14.99 here but 19.99 in the catalog (storefront USA) [storekit_promotional_offer]"
            ])
    }

    @Test func offerCode() {
        #expect(
            Self.lintChanged("\"isStackable\" : false", "\"isStackable\" : ↓true") == [
                "error: offer code 'Press month' of 'com.example.cosmicquest.premium.monthly' stacks with an introductory offer here but does not in the catalog [storekit_offer_code]"
            ])
    }

    @Test func privateKey() {
        let text = Self.lintChanged(
            "{\n  \"appPolicies\"",
            "{\n  ↓\"subscriptionOffersKeyPair\" : { \"id\" : \"K1\", \"privateKey\" : \"MIGT-SECRET\" },\n  \"appPolicies\"")
        #expect(
            text == [
                "warning: the file holds the private key for signing subscription offers ('subscriptionOffersKeyPair'); iapcat never reads or copies it — keep the file out of the repository, or remove the key pair [storekit_private_key]"
            ])
    }

    @Test func unknownKey() {
        #expect(
            Self.lintChanged(
                "\"displayPrice\" : \"0.99\",", "↓\"displayPrise\" : \"0.99\",\n      \"displayPrice\" : \"0.99\",") == [
                    "note: unknown key 'displayPrise' in a product is ignored; did you mean 'displayPrice'? [storekit_unknown_key]"
                ])
    }
}
