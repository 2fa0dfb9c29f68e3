import Testing

@testable import IAPCatalog

@Suite struct ByteComparisonTests {
    /// The first offset of `needle` in `haystack` by brute force (the reference).
    static func reference(_ haystack: [UInt8], _ needle: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    static func firstOffset(_ haystack: String, _ needle: String) -> Int? {
        Array(haystack.utf8).withUnsafeBytes { haystack in Array(needle.utf8).withUnsafeBytes { haystack.firstOffset(of: $0) } }
    }

    @Test(
        arguments: [
            ("<!ENTITY x>", "<!ENTITY", 0), ("ab<!ENTITY", "<!ENTITY", 2), ("<!ENTIT", "<!ENTITY", nil), ("", "<", nil),
            ("aaab", "aab", 1), ("abab", "bab", 1), ("xx<!ENTITx<!ENTITY", "<!ENTITY", 10), ("abc", "abcd", nil), ("abc", "c", 2),
            ("abc", "", 0), ("{\"format_version\": 1}", "format_version", 2),
        ] as [(String, String, Int?)])
    func findsTheFirstOccurrence(haystack: String, needle: String, expected: Int?) {
        #expect(Self.firstOffset(haystack, needle) == expected)
    }

    @Test func agreesWithBruteForceOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let haystack = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...2, using: &generator) }
            let needle = (0..<Int.random(in: 1...4, using: &generator)).map { _ in UInt8.random(in: 0...2, using: &generator) }
            let found = haystack.withUnsafeBytes { haystack in needle.withUnsafeBytes { haystack.firstOffset(of: $0) } }
            #expect(found == Self.reference(haystack, needle), "\(haystack) \(needle)")
        }
    }

    @Test func comparesBytesOfEqualAndUnequalLength() {
        func same(_ a: String, _ b: String) -> Bool {
            Array(a.utf8).withUnsafeBufferPointer { a in Array(b.utf8).withUnsafeBufferPointer { a.hasSameBytes(as: $0) } }
        }
        #expect(same("", ""))
        #expect(same("status", "status"))
        #expect(!same("status", "statut"))
        #expect(!same("status", "statuses"))
        #expect(!same("", "a"))
    }

    @Test func fieldNamesFindNamesOfTheSameLengthAndNothingElse() {
        let names = FieldNames(["id", "type", "tier", "status", "price", "x"])
        func index(_ key: String) -> Int? { Array(key.utf8).withUnsafeBufferPointer { names.index(of: $0) } }
        #expect(index("id") == 0)
        #expect(index("tier") == 2)
        #expect(index("type") == 1)
        #expect(index("x") == 5)
        #expect(index("tyre") == nil)
        #expect(index("") == nil)
        #expect(index("statuses") == nil)
        #expect(index(String(repeating: "a", count: 300)) == nil)
        #expect(names.index(of: "price" as StaticString) == 4)
    }
}
