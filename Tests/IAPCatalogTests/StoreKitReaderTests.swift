import Foundation
import IAPCatTestSupport
import Testing

@testable import IAPCatalog

/// The `.storekit` reader on its own: what it reads from each real file Xcode wrote (products,
/// types, groups, versions, storefronts, positions), and what it says about files that are not
/// what Xcode writes — every diagnostic stated whole, at the place a `↓` marks.
@Suite struct StoreKitReaderTests {
    /// The reader's diagnostics for `text` (read as `Products.storekit`), as ``render(_:)`` gives them.
    static func read(_ text: String) -> [String] {
        render(StoreKitReader().read(Array(text.utf8), file: "Products.storekit").diagnostics)
    }

    /// The reader's diagnostics for `text`, then the list rules on its product ids (against a
    /// catalog holding `com.example.coins`), as ``render(_:)`` gives them.
    static func readAndCheckList(_ text: String) throws -> [String] {
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        let catalog = try cleanCatalog(
            """
            format_version: 1
            app: { bundle_id: com.example.app }
            products:
              - id: com.example.coins
                type: consumable
                reference_name: Coins
                price: { tier: 1 }
                localizations:
                  en-US: { display_name: Coins, description: A pouch of coins }

            """)
        let list = try #require(read.list)
        return render(read.diagnostics + ProductListValidator(catalog: catalog).validate(list, environment: .sandbox))
    }

    /// ``readAndCheckList(_:)``, or what went wrong as its one line.
    static func readAndCheckListOrSay(_ text: String) -> [String] {
        do { return try readAndCheckList(text) } catch { return ["0:0: \(error)"] }
    }

    /// What a real file holds, as the reader gives it.
    struct RealFile: Sendable, CustomStringConvertible {
        var name: String
        var version: StoreKitVersion
        var storefront: String?
        var identifier: String?
        var ids: [String]
        var types: [String]
        /// Each product's group index, `-` for products outside groups.
        var groups: String
        var groupNames: [String]
        var description: String { name }
    }

    static let realFiles: [RealFile] = [
        RealFile(
            name: "real/storekit/revenuecat-swiftexample-v1.0.storekit", version: .v1_0, storefront: nil, identifier: nil,
            ids: ["lifetime", "monthly_freetrial", "annual_freetrial"],
            types: ["NonConsumable", "RecurringSubscription", "RecurringSubscription"], groups: "-00",
            groupNames: ["subscription_group"]),
        RealFile(
            name: "real/storekittesting_Configuration.storekit", version: StoreKitVersion(1, 2), storefront: nil, identifier: "3D44023D",
            ids: ["ID_1", "ID_2"], types: ["RecurringSubscription", "RecurringSubscription"], groups: "00", groupNames: ["Subscriptions"]),
        RealFile(
            name: "real/storekit/skdemo-v2.0.storekit", version: StoreKitVersion(2, 0), storefront: nil, identifier: "E8BE4D16",
            ids: [
                "nonconsumable.car", "nonconsumable.utilityvehicle", "nonconsumable.racecar", "consumable.fuel.octane87",
                "consumable.fuel.octane89", "consumable.fuel.octane91", "nonRenewing.standard", "subscription.standard",
                "subscription.premium", "subscription.pro",
            ],
            types: [
                "NonConsumable", "NonConsumable", "NonConsumable", "Consumable", "Consumable", "Consumable", "NonRenewingSubscription",
                "RecurringSubscription", "RecurringSubscription", "RecurringSubscription",
            ], groups: "-------000", groupNames: ["Software Services"]),
        RealFile(
            name: "real/storekit/revenuecat-paywallstester-v4.0.storekit", version: .v4_0, storefront: "USA", identifier: "882C6E98",
            ids: [
                "com.revenuecat.simpleapp.lifetime", "com.revenuecat.simpleapp.lifetimelite", "com.revenuecat.simpleapp.monthly",
                "com.revenuecat.simpleapp.yearly", "com.revenuecat.simpleapp.weekly",
            ],
            types: ["NonConsumable", "NonConsumable", "RecurringSubscription", "RecurringSubscription", "RecurringSubscription"],
            groups: "--000", groupNames: ["pro"]),
    ]

    @Test(arguments: realFiles)
    func aRealFileIsReadWholeWithoutAnyDiagnostic(file: RealFile) throws {
        let read = StoreKitReader().read(try Fixtures.bytes(file.name), file: file.name)
        // Settings keys (`_compatibilityTimeRate`, `_storeKitErrors`, …), `appPolicies` and empty
        // `winbackOffers` are Xcode's own: not even a note.
        #expect(render(read.diagnostics) == [])
        let configuration = try #require(read.configuration)
        #expect(configuration.version == file.version)
        #expect(configuration.storefront == file.storefront)
        #expect(configuration.effectiveStorefront == "USA")
        #expect(configuration.identifier == file.identifier)
        #expect(configuration.privateKeyPosition == nil)
        #expect(configuration.products.count == file.ids.count)
        #expect(configuration.products.map(\.productID) == file.ids)
        #expect(configuration.products.map(\.type) == file.types)
        #expect(configuration.products.allSatisfy { $0.productType != nil })
        #expect(configuration.products.map { $0.groupIndex.map(String.init) ?? "-" }.joined() == file.groups)
        #expect(configuration.groups.map(\.name) == file.groupNames)
        // The list for the list rules: the same ids, in the same order.
        let list = try #require(read.list)
        #expect(list.format == .storekit)
        #expect(list.identifiers == file.ids)
    }

    /// `line:column` of a position, or `-`.
    static func place(_ position: SourcePosition?) -> String {
        position.map { "\($0.line):\($0.column)" } ?? "-"
    }

    @Test func theOldestFileIsReadValueByValueWithEveryPosition() throws {
        let name = "real/storekit/revenuecat-swiftexample-v1.0.storekit"
        let configuration = try #require(StoreKitReader().read(try Fixtures.bytes(name), file: name).configuration)
        #expect(configuration.file == name)
        #expect(configuration.locale == nil)
        #expect(Self.place(configuration.positions.root) == "1:1")
        #expect(Self.place(configuration.positions.products) == "2:16")
        #expect(Self.place(configuration.positions.nonRenewingSubscriptions) == "-")
        #expect(Self.place(configuration.positions.subscriptionGroups) == "22:26")

        let lifetime = configuration.products[0]
        #expect(lifetime.displayPrice == "199.99")
        #expect(lifetime.familyShareable == true)
        #expect(lifetime.internalID == "319A9C2C")
        #expect(lifetime.referenceName == "lifetime")
        #expect(lifetime.localizations.map(\.locale) == ["en_US"])
        #expect(lifetime.localizations.map(\.displayName) == [""] && lifetime.localizations.map(\.description) == [""])
        #expect(Self.place(lifetime.positions.entry) == "3:5")
        #expect(Self.place(lifetime.positions.displayPrice) == "4:24")
        #expect(Self.place(lifetime.positions.familyShareable) == "5:27")
        #expect(Self.place(lifetime.positions.localizations) == "7:25")
        #expect(Self.place(lifetime.localizations[0].positions.locale) == "11:22")
        #expect(Self.place(lifetime.positions.productID) == "14:21")
        #expect(Self.place(lifetime.positions.type) == "16:16")
        #expect(lifetime.groupNumber == nil && lifetime.introductoryOffer == nil)

        let group = configuration.groups[0]
        #expect(group.id == "7096FF06")
        #expect(group.localizations == [])
        #expect(Self.place(group.positions.entry) == "23:5")
        #expect(Self.place(group.positions.id) == "24:14")
        #expect(Self.place(group.positions.name) == "28:16")
        #expect(Self.place(group.positions.subscriptions) == "29:25")

        let monthly = configuration.products[1]
        #expect(monthly.groupNumber == 1)
        #expect(monthly.recurringSubscriptionPeriod == "P1M")
        #expect(monthly.promotionalOffers == [] && monthly.offerCodes == [] && !monthly.hasWinBackOffers)
        #expect(Self.place(monthly.positions.groupNumber) == "36:27")
        #expect(Self.place(monthly.positions.subscriptionGroupID) == "53:35")
        #expect(Self.place(monthly.positions.recurringSubscriptionPeriod) == "51:43")
        #expect(Self.place(monthly.positions.promotionalOffers) == "31:27")
        #expect(Self.place(monthly.positions.offerCodes) == "-")
        // 1.0 wrote intro offers without `numberOfPeriods`.
        let trial = try #require(monthly.introductoryOffer)
        #expect(trial.paymentMode == "free" && trial.mode == .freeTrial)
        #expect(trial.subscriptionPeriod == "P1W")
        #expect(trial.numberOfPeriods == nil && trial.displayPrice == nil)
        #expect(Self.place(monthly.positions.introductoryOffer) == "38:33")
        #expect(Self.place(trial.positions.paymentMode) == "40:29")
        #expect(Self.place(trial.positions.subscriptionPeriod) == "41:36")
        #expect(configuration.products[2].introductoryOffer?.subscriptionPeriod == "P2W")
    }

    @Test func theNewestFileIsReadWithItsStorefrontOffersAndLocales() throws {
        let name = "real/storekit/revenuecat-paywallstester-v4.0.storekit"
        let configuration = try #require(StoreKitReader().read(try Fixtures.bytes(name), file: name).configuration)
        #expect(configuration.locale == "en_US")
        #expect(configuration.applicationInternalID == nil)
        #expect(Self.place(configuration.positions.storefront) == "51:21")
        #expect(Self.place(configuration.positions.nonRenewingSubscriptions) == "13:32")

        let monthly = configuration.products[2]
        #expect(monthly.localizations.map(\.locale) == ["en_US", "es_ES", "ar"])
        #expect(monthly.localizations[2].displayName == "اشتراك شهري")
        #expect(Self.place(monthly.localizations[2].positions.locale) == "152:26")
        #expect(monthly.promotionalOffers.map(\.offerID) == ["rc-cancel-offer", "rc-refund-offer"])
        #expect(monthly.promotionalOffers.map(\.displayPrice) == [nil, "0.99"])
        #expect(monthly.promotionalOffers.map(\.referenceName) == ["rc-cancel-offer", "rc-refund-offer"])
        #expect(Self.place(monthly.promotionalOffers[1].positions.entry) == "117:13")
        #expect(Self.place(monthly.promotionalOffers[1].positions.offerID) == "120:27")
        #expect(monthly.introductoryOffer?.subscriptionPeriod == "P1W")
        #expect(!monthly.hasWinBackOffers)
        #expect(Self.place(monthly.positions.winBackOffers) == "160:29")
        #expect(configuration.products[3].introductoryOffer == nil)
        #expect(Self.place(configuration.products[3].positions.introductoryOffer) == "181:33")
        #expect(configuration.products.map(\.recurringSubscriptionPeriod) == [nil, nil, "P1M", "P1Y", "P1W"])
    }

    @Test func theVersion2FileHasAPayUpFrontIntroductoryOfferAndLevelsOfService() throws {
        let name = "real/storekit/skdemo-v2.0.storekit"
        let configuration = try #require(StoreKitReader().read(try Fixtures.bytes(name), file: name).configuration)
        #expect(configuration.products.map(\.groupNumber) == [nil, nil, nil, nil, nil, nil, nil, 3, 2, 1])
        #expect(
            configuration.products.map(\.displayPrice) == ["1.99", "2.99", "4.99", "0.99", "1.99", "2.99", "9.99", "2.99", "3.99", "4.99"])
        let offer = try #require(configuration.products[9].introductoryOffer)
        #expect(offer.mode == .payUpFront && offer.displayPrice == "1.99" && offer.subscriptionPeriod == "P2M")
        #expect(Self.place(offer.positions.displayPrice) == "187:30")
        // The non-renewing subscription stands before the products in the file, after them in the reading.
        #expect(Self.place(configuration.products[6].positions.productID) == "15:21")
        #expect(Self.place(configuration.products[0].positions.productID) == "32:21")
    }

    // MARK: Keys iapcat does not know

    @Test func anUnknownKeyIsOneNoteAtTheKeyWithASuggestionForANearMiss() {
        #expect(
            checkMarked(
                """
                {
                  "products" : [
                    {
                      ↓"displayPrise" : "0.99",
                      ↓"colour" : "red",
                      "productID" : "com.example.coins",
                      "type" : "Consumable"
                    }
                  ],
                  ↓"subscriptionGroup" : [],
                  "version" : { "major" : 4, "minor" : 0 }
                }
                """, lint: Self.read)
                == [
                    "note: unknown key 'displayPrise' in a product is ignored; did you mean 'displayPrice'? [storekit_unknown_key]",
                    "note: unknown key 'colour' in a product is ignored [storekit_unknown_key]",
                    "note: unknown key 'subscriptionGroup' in the StoreKit configuration is ignored; did you mean 'subscriptionGroups'? [storekit_unknown_key]",
                ])
    }

    @Test func unknownKeysAreNotedInEveryObjectTheReaderReads() {
        #expect(
            checkMarked(
                """
                {
                  "subscriptionGroups" : [
                    {
                      "id" : "1",
                      ↓"nmae" : "Pro",
                      "localizations" : [ { "locale" : "en_US", ↓"displayname" : "Pro" } ],
                      "subscriptions" : [
                        {
                          "productID" : "com.example.pro",
                          "introductoryOffer" : { "paymentMode" : "free", ↓"period" : "P1W" },
                          ↓"winBackOffers" : []
                        }
                      ]
                    }
                  ],
                  "version" : { "major" : 4, "minor" : 0, ↓"patch" : 1 }
                }
                """, lint: Self.read)
                == [
                    "note: unknown key 'nmae' in a subscription group is ignored; did you mean 'name'? [storekit_unknown_key]",
                    "note: unknown key 'displayname' in a localization is ignored; did you mean 'displayName'? [storekit_unknown_key]",
                    "note: unknown key 'period' in the introductory offer is ignored [storekit_unknown_key]",
                    "note: unknown key 'winBackOffers' in a subscription is ignored; did you mean 'winbackOffers'? [storekit_unknown_key]",
                    "note: unknown key 'patch' in version is ignored [storekit_unknown_key]",
                ])
    }

    @Test func settingsKeysAndProductKeysOutsideTheirVersionAreNotNoted() throws {
        let text = """
            {
              "products" : [
                {
                  "displayPrice" : "0.99", "familyShareable" : false, "internalID" : "1A2B3C4D", "localizations" : [],
                  "productID" : "com.example.coins", "referenceName" : "Coins", "type" : "Consumable"
                }
              ],
              "settings" : { "_compatibilityTimeRate" : 6, "_someFutureSwitch" : { "on" : true }, "_storefront" : "FRA", "_locale" : "fr_FR" },
              "subscriptionGroups" : [
                {
                  "id" : "1", "name" : "G",
                  "subscriptions" : [ { "productID" : "com.example.pro", "winbackOffers" : [ { "anything" : 1 } ], "billingPlans" : [] } ]
                }
              ],
              "version" : { "major" : 1, "minor" : 0 }
            }
            """
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        #expect(render(read.diagnostics) == [])
        let configuration = try #require(read.configuration)
        #expect(configuration.storefront == "FRA" && configuration.effectiveStorefront == "FRA")
        #expect(configuration.locale == "fr_FR")
        // A 4.0 key in a 1.0 file is read all the same; win-back offers are counted, not read.
        #expect(configuration.products[1].hasWinBackOffers)
    }

    // MARK: The private key

    @Test func aPrivateKeyIsOneWarningAtItsKeyAndNeverInAnyMessage() throws {
        let marked = """
            {
              "products" : [],
              ↓"subscriptionOffersKeyPair" : { "id" : "K1", "privateKey" : "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg...SECRET" },
              "version" : { "major" : 2, "minor" : 0 }
            }
            """
        #expect(
            checkMarked(marked, lint: Self.read) == [
                "warning: the file holds the private key for signing subscription offers ('subscriptionOffersKeyPair'); iapcat never reads or copies it — keep the file out of the repository, or remove the key pair [storekit_private_key]"
            ])
        let text = MarkedText(marked).text
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        #expect(Self.place(read.configuration?.privateKeyPosition) == "3:3")
        // Nothing the reader keeps holds the key, in messages or in the configuration.
        let everything = render(read.diagnostics).joined() + String(describing: read.configuration) + String(describing: read.list)
        #expect(!everything.contains("MIGTAgEA") && !everything.contains("SECRET") && !everything.contains("K1"))
    }

    @Test func aPrivateKeyPairWhateverItsShapeIsNeverRead() {
        // Wrong types and unknown keys inside the key pair are not looked at: no message quotes them.
        let diagnostics = Self.read(
            """
            {
              "subscriptionOffersKeyPair" : { "privateKey" : 42, "privateKeySECRET" : "SECRET", "id" : ["SECRET"] }
            }
            """)
        #expect(
            diagnostics == [
                "2:3: warning: the file holds the private key for signing subscription offers ('subscriptionOffersKeyPair'); iapcat never reads or copies it — keep the file out of the repository, or remove the key pair [storekit_private_key]"
            ])
        #expect(!diagnostics.joined().contains("SECRET"))
        // A key pair set to null holds no key.
        #expect(Self.read("{ \"subscriptionOffersKeyPair\" : null }") == [])
    }

    // MARK: Values of the wrong type

    @Test func valuesOfTheWrongTypeAreReportedWhereTheyStand() {
        #expect(
            checkMarked(
                """
                {
                  "products" : [
                    {
                      "displayPrice" : ↓true,
                      "familyShareable" : ↓"yes",
                      "localizations" : ↓{},
                      "productID" : "com.example.coins",
                      "referenceName" : ↓["Coins"],
                      "type" : ↓1
                    }
                  ],
                  "subscriptionGroups" : [
                    {
                      "id" : "1",
                      "name" : "G",
                      "subscriptions" : [
                        {
                          "groupNumber" : ↓"1",
                          "introductoryOffer" : { "numberOfPeriods" : ↓1.5, "paymentMode" : "free" },
                          "codeOffers" : [ { "eligibility" : ↓"new", "isStackable" : ↓"no" } ],
                          "productID" : "com.example.pro",
                          "recurringSubscriptionPeriod" : ↓null
                        }
                      ]
                    }
                  ]
                }
                """, lint: Self.read)
                == [
                    "error: expected displayPrice to be a decimal string such as \"0.99\", found a boolean [invalid_value]",
                    "error: expected familyShareable to be true or false, found a string [invalid_value]",
                    "error: expected localizations to be a list, found a mapping [invalid_value]",
                    "error: expected referenceName to be a string, found a list [invalid_value]",
                    "error: expected type to be a string, found a number [invalid_value]",
                    "error: expected groupNumber to be a whole number, found a string [invalid_value]",
                    "error: expected numberOfPeriods to be a whole number, found a number [invalid_value]",
                    "error: expected eligibility to be a list, found a string [invalid_value]",
                    "error: expected isStackable to be true or false, found a string [invalid_value]",
                    "error: expected recurringSubscriptionPeriod to be a string, found null [invalid_value]",
                ])
    }

    @Test func listsAndObjectsOfTheWrongTypeAreReportedAndSkipped() throws {
        let marked = """
            {
              "products" : ↓{},
              "nonRenewingSubscriptions" : ↓"none",
              "settings" : ↓[],
              "subscriptionGroups" : [ ↓"Pro", { "id" : "1", "subscriptions" : ↓{ "productID" : "com.example.pro" } } ],
              "version" : ↓"4.0"
            }
            """
        #expect(
            checkMarked(marked, lint: Self.read) == [
                "error: expected products to be a list, found a mapping [invalid_value]",
                "error: expected nonRenewingSubscriptions to be a list, found a string [invalid_value]",
                "error: expected settings to be an object, found a list [invalid_value]",
                "error: expected a subscription group to be an object, found a string [invalid_value]",
                "error: expected subscriptions to be a list, found a mapping [invalid_value]",
                "error: expected version to be an object, found a string [invalid_value]",
            ])
        let read = StoreKitReader().read(Array(MarkedText(marked).text.utf8), file: "Products.storekit")
        let configuration = try #require(read.configuration)
        #expect(configuration.products.isEmpty && configuration.version == nil)
        #expect(configuration.groups.map(\.id) == ["1"])
        #expect(read.list?.entries.isEmpty == true)
    }

    @Test func aProductThatIsNotAnObjectIsReportedOnce() throws {
        // The reader says what is wrong; the list rules add nothing about it.
        #expect(
            checkMarked(
                """
                {
                  "products" : [ ↓"com.example.coins", { "productID" : "com.example.coins", "type" : "Consumable" } ]
                }
                """, lint: Self.readAndCheckListOrSay)
                == ["error: expected a product to be an object, found a string [invalid_value]"])
    }

    @Test func aVersionThatIsNotAWholeNumberIsReportedAndLeftUnread() throws {
        let text = "{ \"version\" : { \"major\" : \"4\", \"minor\" : 0 } }"
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        #expect(
            render(read.diagnostics) == ["1:27: error: expected the major version to be a whole number, found a string [invalid_value]"])
        #expect(read.configuration?.version == nil)
    }

    // MARK: Product ids, as the list rules see them

    @Test func aProductWithoutAProductIDIsAMalformedEntry() throws {
        #expect(
            checkMarked(
                """
                {
                  "products" : [
                    ↓{ "displayPrice" : "0.99", "type" : "Consumable" },
                    { "productID" : "com.example.coins", "type" : "Consumable" }
                  ],
                  "subscriptionGroups" : [ { "id" : "1", "subscriptions" : [ ↓{ "groupNumber" : 1 } ] } ]
                }
                """, lint: Self.readAndCheckListOrSay)
                == [
                    "error: a product in the StoreKit configuration has no 'productID' [malformed_entry]",
                    "error: a subscription in the StoreKit configuration has no 'productID' [malformed_entry]",
                ])
    }

    @Test func aProductIDThatIsNotAStringIsAMalformedEntryOfTheList() throws {
        let marked = """
            {
              "products" : [ { "productID" : ↓42, "type" : "Consumable" }, { "productID" : ↓"", "type" : "Consumable" } ]
            }
            """
        #expect(
            checkMarked(marked, lint: Self.readAndCheckListOrSay) == [
                "error: expected an identifier string, found a number [malformed_entry]",
                "error: empty identifier [malformed_entry]",
            ])
        let configuration = StoreKitReader().read(Array(MarkedText(marked).text.utf8), file: "Products.storekit").configuration
        #expect(configuration?.products.map(\.productID) == [nil, ""])
    }

    @Test func duplicateProductIDsAreDuplicateListEntries() throws {
        // In `products`, `nonRenewingSubscriptions` and a group alike: StoreKit has one product per id.
        #expect(
            checkMarked(
                """
                {
                  "nonRenewingSubscriptions" : [ { "productID" : ↓"com.example.coins", "type" : "NonRenewingSubscription" } ],
                  "products" : [
                    { "productID" : "com.example.coins", "type" : "Consumable" },
                    { "productID" : ↓"com.example.coins", "type" : "Consumable" }
                  ],
                  "subscriptionGroups" : [
                    { "id" : "1", "name" : "G", "subscriptions" : [ { "productID" : ↓"com.example.coins", "type" : "RecurringSubscription" } ] }
                  ]
                }
                """, lint: Self.readAndCheckListOrSay)
                == [
                    "warning: 'com.example.coins' is listed twice (first at line 4) [duplicate_list_entry]",
                    "warning: 'com.example.coins' is listed twice (first at line 4) [duplicate_list_entry]",
                    "warning: 'com.example.coins' is listed twice (first at line 4) [duplicate_list_entry]",
                ])
    }

    @Test func duplicateProductIDsAreReportedByLintOfTheFile() throws {
        let directory = NSTemporaryDirectory() + "iapcat-storekit-reader-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try catalogYAML().write(toFile: directory + "/catalog.yaml", atomically: true, encoding: .utf8)
        let storeKit = """
            {
              "products" : [
                { "productID" : "com.example.good", "type" : "Consumable" },
                { "productID" : "com.example.good", "type" : "Consumable" }
              ]
            }
            """
        try storeKit.write(toFile: directory + "/Products.storekit", atomically: true, encoding: .utf8)
        var options = LintOptions()
        options.catalogPath = directory + "/catalog.yaml"
        options.paths = [directory + "/Products.storekit"]
        let result = try Linter(options: options).run()
        let duplicates = result.diagnostics.filter { $0.rule == .duplicateListEntry }
        #expect(render(duplicates) == ["4:21: warning: 'com.example.good' is listed twice (first at line 3) [duplicate_list_entry]"])
        #expect(duplicates.map(\.location.file) == [directory + "/Products.storekit"])
    }

    // MARK: Versions, offers and synced files

    @Test func aVersionNewerThanIapcatKnowsIsANoteAndReadAsTheNewest() throws {
        let marked = """
            {
              "products" : [ { "productID" : "com.example.coins", "type" : "Consumable" } ],
              "version" : ↓{ "major" : 9, "minor" : 0 }
            }
            """
        #expect(
            checkMarked(marked, lint: Self.read) == [
                "note: version 9.0 is newer than iapcat knows (5.0); it is read as 5.0 [storekit_unknown_key]"
            ])
        let read = StoreKitReader().read(Array(MarkedText(marked).text.utf8), file: "Products.storekit")
        #expect(read.configuration?.version == StoreKitVersion(9, 0))
        #expect(read.list?.identifiers == ["com.example.coins"])
        // 5.0 itself is known.
        #expect(Self.read("{ \"version\" : { \"major\" : 5, \"minor\" : 0 } }") == [])
    }

    @Test func version5IntroductoryOffersAreReadAsTheFirstWithANoteOnTheRest() throws {
        let marked = """
            {
              "subscriptionGroups" : [
                {
                  "id" : "1", "name" : "G",
                  "subscriptions" : [
                    {
                      "billingPlans" : [ { "billingPlanType" : "MONTHLY", "displayPrice" : "1.99", "isEnabled" : true } ],
                      "introductoryOffers" : [
                        { "billingPlanType" : "BILLED_UPFRONT", "internalID" : "A1", "numberOfPeriods" : 1, "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
                        ↓{ "billingPlanType" : "MONTHLY", "internalID" : "A2", "numberOfPeriods" : 3, "paymentMode" : "payAsYouGo", "subscriptionPeriod" : "P1M", "displayPrice" : "0.99" }
                      ],
                      "productID" : "com.example.pro",
                      "type" : "RecurringSubscription"
                    },
                    { "introductoryOffers" : [], "productID" : "com.example.plus", "type" : "RecurringSubscription" }
                  ]
                }
              ],
              "version" : { "major" : 5, "minor" : 0 }
            }
            """
        #expect(
            checkMarked(marked, lint: Self.read) == [
                "note: only the first of 2 introductory offers is read; the catalog holds one [storekit_unknown_key]"
            ])
        let configuration = try #require(
            StoreKitReader().read(Array(MarkedText(marked).text.utf8), file: "Products.storekit").configuration)
        let pro = configuration.products[0]
        #expect(pro.introductoryOffer?.mode == .freeTrial)
        #expect(pro.introductoryOffer?.subscriptionPeriod == "P1W")
        #expect(pro.introductoryOffer?.numberOfPeriods == 1)
        #expect(Self.place(pro.positions.introductoryOffer) == "9:13")
        #expect(configuration.products[1].introductoryOffer == nil)
    }

    @Test func aNullIntroductoryOfferIsNoOfferAndNoDiagnostic() throws {
        let text = """
            {
              "subscriptionGroups" : [
                { "id" : "1", "name" : "G", "subscriptions" : [ { "introductoryOffer" : null, "productID" : "com.example.pro" } ] }
              ]
            }
            """
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        #expect(render(read.diagnostics) == [])
        let product = try #require(read.configuration?.products.first)
        #expect(product.introductoryOffer == nil)
        #expect(Self.place(product.positions.introductoryOffer) == "3:77")
    }

    @Test func aSyncedFileHasNumericIDs() throws {
        let text = """
            {
              "identifier" : "1A2B3C4D",
              "products" : [ { "internalID" : 6450000001, "productID" : "com.example.pro", "type" : "NonConsumable" } ],
              "settings" : {
                "_applicationInternalID" : 6449999999,
                "_developerTeamID" : "A1B2C3D4E5",
                "_lastSynchronizedDate" : 791211041.41230702
              },
              "subscriptionGroups" : [
                {
                  "id" : 21000001, "name" : "G",
                  "subscriptions" : [ { "internalID" : 6450000002, "productID" : "com.example.plus", "subscriptionGroupID" : 21000001 } ]
                }
              ],
              "version" : { "major" : 2, "minor" : 0 }
            }
            """
        let read = StoreKitReader().read(Array(text.utf8), file: "synced.storekit")
        #expect(render(read.diagnostics) == [])
        let configuration = try #require(read.configuration)
        #expect(configuration.applicationInternalID == "6449999999")
        #expect(configuration.products.map(\.internalID) == ["6450000001", "6450000002"])
        #expect(configuration.groups.map(\.id) == ["21000001"])
        // The app id as a string, as other synced files write it; a number with a fraction is no id.
        #expect(Self.read("{ \"settings\" : { \"_applicationInternalID\" : \"6449999999\" } }") == [])
        #expect(
            Self.read("{ \"settings\" : { \"_applicationInternalID\" : 6.5 } }") == [
                "1:45: error: expected _applicationInternalID to be a string, found a number [invalid_value]"
            ])
    }

    // MARK: Files that are not configurations

    @Test(arguments: [
        ("[ \"com.example.coins\" ]", "1:1: error: a StoreKit configuration is a JSON object, found a list [invalid_list_structure]"),
        ("\"Products\"", "1:1: error: a StoreKit configuration is a JSON object, found a string [invalid_list_structure]"),
        ("", "1:1: error: the file is empty; expected a JSON value [json_syntax]"),
        ("{ \"products\" : [ { \"productID\" : \"com.ex", "1:34: error: unterminated string [json_syntax]"),
    ])
    func aFileThatIsNoObjectGivesNoConfiguration(text: String, diagnostic: String) {
        let read = StoreKitReader().read(Array(text.utf8), file: "Products.storekit")
        #expect(render(read.diagnostics) == [diagnostic])
        #expect(read.configuration == nil)
        #expect(read.list == nil)
    }

    @Test func anEmptyObjectIsAnEmptyConfiguration() throws {
        let read = StoreKitReader().read(Array("{}".utf8), file: "Products.storekit")
        #expect(render(read.diagnostics) == [])
        let configuration = try #require(read.configuration)
        #expect(configuration.products.isEmpty && configuration.groups.isEmpty && configuration.version == nil)
        #expect(read.list?.entries.isEmpty == true)
    }
}
