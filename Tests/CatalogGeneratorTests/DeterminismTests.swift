import Testing

@testable import CatalogGenerator

/// The same options give the same bytes, on every platform; another seed gives others.
@Suite struct DeterminismTests {
    static func files(_ options: GeneratorOptions) throws -> [(path: String, bytes: [UInt8])] {
        OutputFolder("unused").files(for: try SyntheticCatalog(options))
    }

    @Test func theSameOptionsGiveTheSameBytes() throws {
        let options = GeneratorOptions(products: 400, seed: 7, listIDs: 50)
        let first = try Self.files(options), second = try Self.files(options)
        #expect(
            first.map(\.path) == [
                "catalog.yaml", "review-screenshot.png", "product_ids.plist", "products_v1.json", "products_v2.json", "big_ids.plist",
            ])
        #expect(first.map(\.bytes) == second.map(\.bytes))
        #expect(first.allSatisfy { !$0.bytes.isEmpty })
    }

    /// Every file but the blank screenshot, which is the same for every seed.
    @Test func anotherSeedGivesOtherBytesInEveryFile() throws {
        let seven = try Self.files(GeneratorOptions(products: 400, seed: 7, listIDs: 50))
        let eight = try Self.files(GeneratorOptions(products: 400, seed: 8, listIDs: 50))
        for (a, b) in zip(seven, eight) where a.path != ReviewScreenshot.path { #expect(a.bytes != b.bytes, "\(a.path)") }
        #expect(seven.contains { $0.path == ReviewScreenshot.path && $0.bytes == ReviewScreenshot.png })
    }

    /// SplitMix64's published first outputs for seed 0 (also what Java's SplittableRandom gives):
    /// the generator is the algorithm, not whatever a platform's library offers.
    @Test func theGeneratorIsSplitMix64() {
        var random = SeededRandom(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func drawsStayInRangeAndSamplesAreDistinct() {
        var random = SeededRandom(seed: 99)
        for _ in 0..<1_000 {
            #expect((3...5).contains(random.int(in: 3...5)))
            #expect((0..<1).contains(random.unit()))
            let sample = random.sample(Array(0..<10), count: 4)
            #expect(sample.count == 4 && Set(sample).count == 4)
        }
    }

    /// Fixed values for a fixed seed: a change to any draw or to their order shows here.
    @Test func aFixedSeedGivesFixedProducts() throws {
        let generated = try SyntheticCatalog(GeneratorOptions(products: 1_000, seed: 42, listIDs: 200))
        let products = generated.catalog.products
        #expect(
            products.prefix(11).map(\.id) == [
                "com.example.gen.consumable.1", "com.example.gen.non-consumable.2", "com.example.gen.auto-renewable.3",
                "com.example.gen.non-renewing.4", "com.example.gen.free-subscription.5", "com.example.gen.consumable.6",
                "com.example.gen.non-consumable.7", "com.example.gen.non-renewing.8", "com.example.gen.auto-renewable.9",
                "com.example.gen.consumable.10", "com.example.gen.consumable.11",
            ])
        #expect(products[0].referenceName == "Coins 1 (consumable)")
        #expect(products[0].price?.tiers.tier == 1)
        #expect(
            products[0].localizations.prefix(2).map { [$0.locale, $0.displayName, $0.description] } == [
                ["en-US", "Golden Coins 50", "Get Coins (Epic) right away"],
                ["de-DE", "Münzen Klein 50", "Münzen (Gold) für dein nächstes Abenteuer"],
            ])
        #expect(
            generated.bigListIDs?.prefix(4) == [
                "com.example.gen.non-renewing.852", "com.example.gen.non-consumable.453", "com.example.gen.consumable.472",
                "com.example.gen.non-consumable.532",
            ])
    }
}
