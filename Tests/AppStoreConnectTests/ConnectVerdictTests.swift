import IAPCatalog
import Testing

@testable import AppStoreConnect

/// Where a product stands after apply (``ProductVerdict``), from App Store Connect's states: every
/// state the document lists, and one it does not.
@Suite struct ConnectVerdictTests {
    static func verdict(_ product: RemoteProduct, group: RemoteGroup? = nil) -> String {
        ProductVerdict(product, group: group).line
    }

    @Test(
        arguments: [
            ("APPROVED", "on sale"),
            ("READY_TO_SUBMIT", "ready to submit: `iapcat asc submit` sends it to App Review"),
            ("WAITING_FOR_REVIEW", "waiting for review"),
            ("IN_REVIEW", "in review"),
            ("PENDING_BINARY_APPROVAL", "waiting for app: it goes on sale when App Review approves the app version submitted with it"),
            ("REJECTED", "rejected: change what App Review's message in App Store Connect asks, then send it again"),
            ("DEVELOPER_ACTION_NEEDED", "action needed: see App Review's message in App Store Connect"),
            ("WAITING_FOR_UPLOAD", "processing: its hosted content is not uploaded and processed yet"),
            ("PROCESSING_CONTENT", "processing: its hosted content is not uploaded and processed yet"),
            ("DEVELOPER_REMOVED_FROM_SALE", "removed from sale"),
            ("REMOVED_FROM_SALE", "removed from sale"),
            ("MISSING_METADATA", "missing metadata: nothing iapcat can see missing: a review screenshot may still be processing"),
            ("SOME_NEW_STATE", "other (SOME_NEW_STATE)"),
        ])
    func eachStateHasItsVerdict(state: String, verdict: String) {
        #expect(Self.verdict(ReviewReadinessTests.product(state, versionState: "APPROVED")) == "com.example.gems: " + verdict)
    }

    @Test func anApprovedProductSoldNowhereIsNotOnSale() {
        var product = ReviewReadinessTests.product("APPROVED", versionState: "APPROVED")
        product.availability?.territories = []
        #expect(
            Self.verdict(product)
                == "com.example.gems: not sold: App Store Connect names no territory it is sold in: give it an availability")
        product.availability = nil
        #expect(ProductVerdict(product, group: nil).standing == .notSold)
    }

    @Test func anApprovedProductWithEditsWaitingSaysWhatTheyNeed() {
        var product = ReviewReadinessTests.product("APPROVED")
        #expect(
            Self.verdict(product)
                == "com.example.gems: on sale: its edited metadata waits in a new version: `iapcat asc submit` sends it to App Review")
        product.screenshotChecksum = nil
        #expect(
            Self.verdict(product)
                == "com.example.gems: on sale: its edited metadata waits in a new version, which lacks a review screenshot")
    }

    @Test func missingMetadataIsNamedOneReasonEach() {
        var bare = ReviewReadinessTests.product("MISSING_METADATA")
        bare.localizations = []
        bare.prices = []
        bare.screenshotChecksum = nil
        bare.type = "AUTO_RENEWABLE"
        let group = RemoteGroup(id: "g", referenceName: "Pro", version: nil, localizations: [])
        let verdict = ProductVerdict(bare, group: group)
        #expect(verdict.standing == .missingMetadata)
        #expect(verdict.reasons == ["a localization", "a price", "a review screenshot", "a localization of its subscription group"])
    }

    @Test func aProductTheStoreLacksIsAbsent() {
        var remote = ConnectRemoteState(appID: "1")
        remote.products["com.example.gems"] = ReviewReadinessTests.product("IN_REVIEW")
        let verdicts = ProductVerdict.verdicts(of: ["com.example.new", "com.example.gems"], in: remote)
        #expect(verdicts.map(\.line) == ["com.example.new: absent: not in App Store Connect", "com.example.gems: in review"])
        #expect(verdicts.map(\.storeState) == [nil, "IN_REVIEW"])
    }
}
