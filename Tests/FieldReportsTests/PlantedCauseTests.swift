import Foundation
import IAPCatTestSupport
import IAPCatalog
import Testing

@testable import FieldReports

/// Generated: a random catalog, random field conditions planted in it (a typo in a one-id request
/// on each store, a wrong case, a draft asked for in production, a removed product still bundled,
/// a storefront outside the availability, an inactive Play product, an account or a build that
/// gets nothing, a release shipping ids the catalog does not know, the other store's product),
/// the reports apps would send (only when something is missing, through the server's normalizer
/// and batching), and the analysis must name each planted condition — with the store's status as
/// evidence where the store gave one — and keep every id's count: each report of an id is counted
/// once, in its finding or under an incident.
@Suite struct PlantedCauseTests {
    /// What goes wrong in the field, in one app version of its own.
    enum Condition: CaseIterable, Sendable {
        case typoAppStore, typoPlay, wrongCase, draftInProduction, removedBundled, outsideAvailability, inactivePlay
        case accountWideAppStore, unsignedPlayBuild, unknownRelease, otherStoreOnly
    }

    /// Words the generated products are named after: no two a single edit apart.
    static let words = ["coins", "gems", "pass", "boost", "vipclub", "bundle", "stars", "keys", "lives", "skins", "maps", "tools"]
    static let storefronts = ["USA", "CAN", "GBR", "DEU", "FRA", "JPN", "AUS", "BRA"]

    /// A random catalog: approved products on both stores, a draft, a removed one, one sold in a few
    /// storefronts only, one inactive on Play, one on Play only.
    struct Shop {
        var yaml = ""
        var approved: [(id: String, playID: String)] = []
        var draft = "", removed = "", restricted = "", inactivePlayID = "", playOnly = ""
        var restrictedTo: [String] = []

        init(_ random: inout SeededGenerator) {
            var words = PlantedCauseTests.words.shuffled(using: &random)
            func next() -> String { "com.example.planted." + words.removeFirst() }
            var lines: [String] = []
            func product(_ id: String, status: String, availability: [String] = [], play: String? = nil, active: Bool = true) {
                let name = id.split(separator: ".").last!
                lines += ["  - id: \(id)", "    type: non-consumable", "    reference_name: \(name)", "    status: \(status)"]
                lines += availability
                lines += [
                    "    price: { storefronts: { USA: \"0.99\" } }", "    localizations:",
                    "      en-US: { display_name: \(name), description: A thing to buy }",
                ]
                if let play {
                    lines += [
                        "    google_play:", "      product_id: \(play)", "      purchase_options:", "        - id: buy",
                        "          regions: { US: \"0.99\" }", "          active: \(active)",
                    ]
                }
            }
            for _ in 0..<Int.random(in: 2...5, using: &random) {
                let id = next()
                let playID = String(id.split(separator: ".").last!) + ".play"
                approved.append((id, playID))
                product(id, status: "approved", play: playID)
            }
            draft = next()
            product(draft, status: "draft")
            removed = next()
            lines += ["  - id: \(removed)", "    type: consumable", "    status: removed"]
            restricted = next()
            restrictedTo = Array(PlantedCauseTests.storefronts.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
                .sorted()
            product(
                restricted, status: "approved",
                availability: [
                    "    availability:", "      territories: [\(restrictedTo.joined(separator: ", "))]",
                    "      available_in_new_territories: false",
                ])
            let inactive = next()
            inactivePlayID = String(inactive.split(separator: ".").last!) + ".play"
            product(inactive, status: "approved", play: inactivePlayID, active: false)
            playOnly = next()
            lines += [
                "  - id: \(playOnly)", "    type: non-consumable", "    stores: [google_play]", "    localizations:",
                "      en-US: { display_name: Film, description: A film }", "    google_play:",
                "      product_id: \(playOnly.split(separator: ".").last!).film", "      purchase_options:", "        - id: buy",
                "          regions: { US: \"2.99\" }",
            ]
            yaml = """
                format_version: 1
                app:
                  bundle_id: com.example.planted
                  default_locale: en-US
                  google_play:
                    package_name: com.example.planted
                products:
                \(lines.joined(separator: "\n"))
                lists:
                  - path: products_v1.json
                    environment: production
                  - path: product_ids.plist
                    environment: production

                """
        }
    }

    /// What the analysis must say of a planted condition.
    struct Expectation: Sendable {
        var condition: Condition
        var store: ReportedStore
        var version: String
        /// A finding of this id with this cause and these facts among its evidence…
        var id: String?
        var cause: Cause?
        var facts: [String] = []
        /// …or an incident of these ids.
        var incidentIDs: Set<String>?
        var incidentCause: Cause?
    }

    /// One report of `version`: `requested`, of which `missing` were not returned (with `status`).
    static func report(
        _ number: inout Int, _ version: String, _ store: ReportedStore, requested: [String], missing: [String], status: String? = nil,
        storefront: String? = nil, list: String = "products_v1.json"
    ) -> FieldReport {
        number += 1
        return FieldReport(
            reportID: "r\(number)", bundleID: "com.example.planted", appVersion: version, os: store == .appStore ? "iOS" : "Android",
            osVersion: "18.0", store: store, environment: .production, storefront: storefront ?? (store == .appStore ? "USA" : "US"),
            list: list, sdk: store == .appStore ? "storekit2" : "billing8", requested: requested,
            missing: missing.map { MissingProduct(id: $0, status: status) })
    }

    /// `condition` planted in `version`: the reports apps send, and what must be said of them.
    static func plant(
        _ condition: Condition, version: String, shop: Shop, _ random: inout SeededGenerator, _ number: inout Int
    ) -> (reports: [FieldReport], expectation: Expectation) {
        let times = Int.random(in: 1...6, using: &random)
        let original = shop.approved.randomElement(using: &random)!
        func typo(_ id: String) -> String {
            var characters = Array(id)
            let at = characters.lastIndex(of: ".")! + 1 + Int.random(in: 0..<3, using: &random)
            characters[at] = characters[at] == "x" ? "z" : "x"
            return String(characters)
        }
        var reports: [FieldReport] = []
        var expectation = Expectation(condition: condition, store: .appStore, version: version)
        switch condition {
        case .typoAppStore:
            let id = typo(original.id)
            reports = (0..<times).map { _ in report(&number, version, .appStore, requested: [id], missing: [id]) }
            expectation.id = id
            expectation.cause = .unknownID
            expectation.facts = ["did you mean '\(original.id)'?"]
        case .typoPlay:
            let id = typo(original.playID)
            reports = (0..<times).map { _ in report(&number, version, .googlePlay, requested: [id], missing: [id], status: "3") }
            expectation = Expectation(
                condition: condition, store: .googlePlay, version: version, id: id, cause: .unknownID,
                facts: [
                    "did you mean '\(original.playID)'?",
                    "Play gave status 3 in \(times) of its \(times) reports: PRODUCT_NOT_FOUND: deleted or never created, the wrong product type, or just created and not propagated yet",
                ])
        case .wrongCase:
            let id = original.id.uppercased()
            reports = (0..<times).map { _ in report(&number, version, .appStore, requested: [id, shop.approved[0].id], missing: [id]) }
            expectation.id = id
            expectation.cause = .unknownID
            expectation.facts = ["did you mean '\(original.id)'? (ids are case-sensitive)"]
        case .draftInProduction:
            reports = (0..<times).map { _ in
                report(&number, version, .appStore, requested: [original.id, shop.draft], missing: [shop.draft])
            }
            expectation.id = shop.draft
            expectation.cause = .notApproved
            expectation.facts = ["status draft"]
        case .removedBundled:
            reports = (0..<times).map { _ in
                report(&number, version, .appStore, requested: [shop.removed, original.id], missing: [shop.removed], list: "bundle")
            }
            expectation.id = shop.removed
            expectation.cause = .removedStillListed
        case .outsideAvailability:
            let outside = storefronts.filter { !shop.restrictedTo.contains($0) }.randomElement(using: &random)!
            reports = (0..<times).map { _ in
                report(&number, version, .appStore, requested: [shop.restricted], missing: [shop.restricted], storefront: outside)
            }
            expectation.id = shop.restricted
            expectation.cause = .notInStorefront
            expectation.facts = ["reported from \(outside) (\(times)), where it is not sold"]
        case .inactivePlay:
            reports = (0..<times).map { _ in
                report(&number, version, .googlePlay, requested: [shop.inactivePlayID], missing: [shop.inactivePlayID], status: "4")
            }
            expectation = Expectation(
                condition: condition, store: .googlePlay, version: version, id: shop.inactivePlayID, cause: .playOfferInactive,
                facts: [
                    "Play gave status 4 in \(times) of its \(times) reports: NO_ELIGIBLE_OFFER: the product exists, but no purchase option or base plan is available to this user"
                ])
        case .accountWideAppStore, .unsignedPlayBuild:
            let store: ReportedStore = condition == .accountWideAppStore ? .appStore : .googlePlay
            let ids = shop.approved.shuffled(using: &random).prefix(Int.random(in: 2...shop.approved.count, using: &random))
                .map { store == .appStore ? $0.id : $0.playID }
            // Some apps ask for everything at once, some one id at a time.
            let oneAtATime = Bool.random(using: &random)
            for _ in 0..<times {
                if oneAtATime {
                    for id in ids {
                        reports.append(
                            report(&number, version, store, requested: [id], missing: [id], status: store == .googlePlay ? "3" : nil))
                    }
                } else {
                    reports.append(report(&number, version, store, requested: ids, missing: ids, status: store == .googlePlay ? "3" : nil))
                }
            }
            expectation = Expectation(
                condition: condition, store: store, version: version, incidentIDs: Set(ids), incidentCause: .everyIDMissing)
        case .unknownRelease:
            let count = Int.random(in: 2...30, using: &random)
            let ids = (0..<count).map { "com.example.planted.release\(version.replacing(".", with: "_")).item\($0)" }
            reports = (0..<times).map { _ in report(&number, version, .appStore, requested: ids + [original.id], missing: ids) }
            expectation.incidentIDs = Set(ids)
            expectation.incidentCause = .unknownID
        case .otherStoreOnly:
            reports = (0..<times).map { _ in report(&number, version, .appStore, requested: [shop.playOnly], missing: [shop.playOnly]) }
            expectation.id = shop.playOnly
            expectation.cause = .notSoldOnStore
        }
        return (reports, expectation)
    }

    /// One seed's world: the conditions planted, what must be said of them, the records counted,
    /// and the analysis.
    struct Planted: Sendable {
        var conditions: [Condition]
        var expectations: [Expectation]
        var records: [ReportRecord]
        var analysis: ReportAnalysis
    }

    /// The world of `seed`, made and analysed.
    static func planted(seed: Int) throws -> Planted {
        var random = SeededGenerator(state: UInt64(seed) &* 7_919 &+ 1)
        let shop = Shop(&random)
        let folder = NSTemporaryDirectory() + "iapcat-planted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/catalog.yaml"
        try shop.yaml.write(toFile: file, atomically: true, encoding: .utf8)
        let loaded = try CatalogLoader().loadValidated(file)
        guard let catalog = loaded.catalog, !loaded.hasErrors else {
            throw FixtureError("seed \(seed): \(loaded.diagnostics.map(\.message))\n\(shop.yaml)")
        }

        // One to four conditions, each in an app version of its own, over up to three days.
        let conditions = Array(Condition.allCases.shuffled(using: &random).prefix(Int.random(in: 1...4, using: &random)))
        var number = 0
        var records: [ReportRecord] = []
        var expectations: [Expectation] = []
        let normalizer = ReportNormalizer()
        let facts = CatalogFacts(catalog: catalog, servedPaths: ["/products_v1.json"])
        for (index, condition) in conditions.enumerated() {
            let planted = Self.plant(condition, version: "\(index + 1).0", shop: shop, &random, &number)
            expectations.append(planted.expectation)
            let day = Int64(20_777 + Int.random(in: 0...2, using: &random)) * 86_400
            for report in planted.reports {
                records.append(try normalizer.normalize(report, facts: facts, receivedAt: day + Int64(records.count)))
            }
        }
        let counts = ReportBatch(records).counts(new: Set(records.map(\.reportID)))
        let analysis = ReportAnalyzer(context: ReportContext.load(catalog: catalog, catalogFile: file))
            .analyze(ReportSnapshot(missing: counts.missing, tallies: counts.tallies))
        return Planted(conditions: conditions, expectations: expectations, records: records, analysis: analysis)
    }

    /// The work is done off Swift's cooperative threads: the seeds run at once with every other
    /// test, and would otherwise hold those threads for seconds.
    @Test(arguments: 0..<80)
    func eachPlantedConditionIsNamed(seed: Int) async throws {
        let planted = try await offThePool { try Self.planted(seed: seed) }
        let (conditions, expectations, records, analysis) = (planted.conditions, planted.expectations, planted.records, planted.analysis)
        let context = "seed \(seed): \(conditions.map { "\($0)" })"
        for expected in expectations {
            if let ids = expected.incidentIDs {
                let incident = analysis.incidents.first { $0.store == expected.store && Set($0.findings.map(\.name)) == ids }
                #expect(incident?.cause == expected.incidentCause, "\(context): \(expected.condition)")
                #expect(incident?.stats.appVersions == [expected.version], "\(context): \(expected.condition)")
                if expected.incidentCause == .everyIDMissing {
                    #expect(incident?.kind == .everyIDMissing(appVersion: expected.version), "\(context): \(expected.condition)")
                    if expected.store == .googlePlay {
                        #expect(incident?.findings.allSatisfy { $0.cause == .playProductNotFound } == true, "\(context)")
                    }
                }
            } else {
                let found = analysis.allFindings.filter { $0.store == expected.store && $0.name == expected.id }
                #expect(found.count == 1, "\(context): \(expected.condition) \(found.map(\.cause))")
                #expect(found.first?.cause == expected.cause, "\(context): \(expected.condition)")
                let evidence = found.first?.evidence.map(\.fact) ?? []
                for fact in expected.facts {
                    #expect(evidence.contains(fact), "\(context): \(expected.condition) lacks \(fact): \(evidence)")
                }
                // A one-id typo is no app version's problem.
                #expect(
                    !analysis.incidents.contains { $0.kind == .everyIDMissing(appVersion: expected.version) },
                    "\(context): \(expected.condition)")
            }
        }

        // Every report of an id is counted once: in its finding, or under an incident.
        var reported: [String: Int64] = [:]
        for record in records {
            for product in record.missing { reported["\(record.dimensions.store.rawValue) \(product.id)", default: 0] += 1 }
        }
        var counted: [String: Int64] = [:]
        for finding in analysis.allFindings { counted["\(finding.store.rawValue) \(finding.name)", default: 0] += finding.stats.count }
        #expect(counted == reported, "\(context)")
    }
}
