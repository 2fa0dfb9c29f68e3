/// The keys a mapping may hold, matched against a key's UTF-8 bytes so that reading a mapping
/// makes no strings.
struct FieldNames: Sendable {
    let names: [String]
    private let utf8: [[UInt8]]

    init(_ names: [String]) {
        precondition(names.count <= 16, "NodeDecoder.Fields keeps at most 16 names inline")
        self.names = names
        utf8 = names.map { Array($0.utf8) }
    }

    var count: Int { names.count }

    /// The position of `key` among the names, or nil when it is not one of them.
    func index(of key: UnsafeBufferPointer<UInt8>) -> Int? {
        for (index, name) in utf8.enumerated() where name.count == key.count && name.elementsEqual(key) {
            return index
        }
        return nil
    }

    /// The position of `name` (a literal in the decoder's code): lengths are compared first, so
    /// most names are passed over without reading a byte.
    func index(of name: StaticString) -> Int? {
        let key = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        return index(of: key)
    }
}
