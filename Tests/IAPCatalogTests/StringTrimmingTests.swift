import Testing

@testable import IAPCatalog

@Suite struct StringTrimmingTests {
    /// Trimming `Character`s one by one (the reference).
    static func reference(_ text: String) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    @Test(arguments: [
        "", " ", "\r\n", "id", " id ", "\tcom.example.coins\n", "a b", "\u{0B}x\u{0C}", "\u{1C}x\u{1F}", "\u{7F}x", " \u{301}x",
        "x \u{301}", "\u{A0}Münzen\u{2003}", "\u{3000}コイン\u{3000}", "\u{85}x", "x\r\n", "\r\n\r\n", " é ", "\u{600}x ",
    ])
    func trimsAsCharactersDo(text: String) {
        #expect(text.trimmingWhitespace() == Self.reference(text))
    }

    @Test func trimsRandomTextAsCharactersDo() {
        let pool: [Unicode.Scalar] = [
            " ", "\t", "\n", "\r", "\u{0B}", "\u{1F}", "a", "~", "\u{7F}", "\u{85}", "\u{A0}", "\u{301}", "é", "\u{2003}", "\u{3000}", "コ",
            "\u{600}",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text.unicodeScalars.append(pool.randomElement(using: &generator)!) }
            #expect(text.trimmingWhitespace() == Self.reference(text), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
