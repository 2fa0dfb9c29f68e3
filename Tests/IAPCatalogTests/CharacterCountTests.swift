import Testing

@testable import IAPCatalog

@Suite struct CharacterCountTests {
    @Test(arguments: [
        "", "Coins", "line\r\nbreak", "Münzen für dein Abenteuer", "Премиум", "Ελληνικά", "プレミアム パック", "高级会员", "프리미엄",
        // Scalars that join their neighbours: counted by the standard library.
        "e\u{301}", "👍🏽", "👨‍👩‍👧", "🇯🇵", "ｶﾞ", "각\u{11A8}", "が", "\u{304B}\u{3099}", "a\u{FE0F}",
    ])
    func countsAsStringCountDoes(text: String) {
        #expect(CharacterCount.of(text) == text.count)
    }
}
