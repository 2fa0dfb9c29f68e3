import Testing

@testable import IAPCatalog

@Suite struct UTF8ValidationTests {
    /// The offset the standard library's decoder stops at (the reference).
    static func reference(_ bytes: [UInt8]) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return consumed
            }
        }
    }

    @Test(
        arguments: [
            [0x41], [0xC2, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xE2, 0x82], [0x41, 0xFF], [0xEF, 0xBF, 0xBF],
            [0xF4, 0x8F, 0xBF, 0xBF],
        ] as [[UInt8]])
    func agreesWithTheStandardLibraryOnEdgeCases(bytes: [UInt8]) {
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) } == Self.reference(bytes))
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt8(truncatingIfNeeded: state >> 33)
            // Mostly bytes that can start or continue sequences, so that valid runs occur.
            return value < 0x40 ? 0x41 : value
        }
        for length in 0..<12 {
            for _ in 0..<3_000 {
                let bytes = (0..<length).map { _ in next() }
                #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) } == Self.reference(bytes), "\(bytes)")
            }
        }
    }
}
