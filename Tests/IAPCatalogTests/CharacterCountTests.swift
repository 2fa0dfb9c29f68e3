import Testing

@testable import IAPCatalog

@Suite struct CharacterCountTests {
    @Test(arguments: [
        "", "Coins", "line\r\nbreak", "\r\n\r\n", "\n\r", "a\r\r\nb\rc\nd", "Münzen für dein Abenteuer", "Премиум", "Ελληνικά", "プレミアム パック",
        "高级会员", "프리미엄", "大きな，エネルギー。", "「ｱｲｳ」〜〰〽", "ＡＢＣ！",
        // Scalars that join their neighbours: counted by the standard library.
        "e\u{301}", "👍🏽", "👨‍👩‍👧", "🇯🇵", "ｶﾞ", "ﾊﾟｽ", "\u{3005}\u{302A}", "〽\u{FE0F}", "각\u{11A8}", "が", "\u{304B}\u{3099}", "a\u{FE0F}",
    ])
    func countsAsStringCountDoes(text: String) {
        #expect(CharacterCount.of(text) == text.count)
    }

    /// Scalars at the edges of the ranges counted without the standard library, and joiners.
    static let edges: [UInt32] = [
        0x0A, 0x0D, 0x61, 0x2FF, 0x300, 0x36F, 0x370, 0x482, 0x483, 0x489, 0x48A, 0x52F, 0x530, 0x3000, 0x3029, 0x302A, 0x302F,
        0x3030, 0x303F, 0x3041, 0x3096, 0x3099, 0x309A, 0x309B, 0x30FF, 0x4E00, 0x9FFF, 0xAC00, 0xD7A3, 0x1100, 0x1161, 0x11A8,
        0xFF01, 0xFF9D, 0xFF9E, 0xFF9F, 0xFE0F, 0x200D, 0x1F44D, 0x1F1EF,
    ]

    @Test func countsRandomMixturesOfEdgeScalarsAsStringCountDoes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &generator) {
                text.unicodeScalars.append(Unicode.Scalar(Self.edges.randomElement(using: &generator)!)!)
            }
            #expect(CharacterCount.of(text) == text.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
