/// The keys a mapping may hold, matched against a key's UTF-8 bytes so that reading a mapping
/// makes no strings.
struct FieldNames: Sendable {
    let names: [String]
    /// Every name's UTF-8, back to back.
    private let utf8: [UInt8]
    /// Where each name starts in `utf8`, and its length (inline: at most 32 names, and a lookup
    /// passes over every name whose length differs without touching memory).
    private let starts: SIMD32<UInt16>
    private let lengths: SIMD32<UInt8>

    init(_ names: [String]) {
        precondition(names.count <= 32, "NodeDecoder.Fields keeps at most 32 names inline")
        self.names = names
        utf8 = names.flatMap(\.utf8)
        var starts = SIMD32<UInt16>(), lengths = SIMD32<UInt8>(), start = 0
        for (index, name) in names.enumerated() {
            precondition((1...255).contains(name.utf8.count), "a field name is 1 to 255 bytes")
            starts[index] = UInt16(start)
            lengths[index] = UInt8(name.utf8.count)
            start += name.utf8.count
        }
        self.starts = starts
        self.lengths = lengths
    }

    var count: Int { names.count }

    /// The position of `key` among the names, or nil when it is not one of them.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard (1...255).contains(key.count) else { return nil }
        let length = UInt8(key.count)
        for index in 0..<names.count where lengths[index] == length {
            let start = Int(starts[index])
            let isMatch = utf8.withUnsafeBufferPointer {
                UnsafeBufferPointer(rebasing: $0[start..<start + key.count]).hasSameBytes(as: key)
            }
            if isMatch { return index }
        }
        return nil
    }

    /// The position of `name` (a literal in the decoder's code).
    func index(of name: StaticString) -> Int? {
        index(of: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}
