/// The keys a mapping may hold, matched against a key's UTF-8 bytes so that reading a mapping
/// makes no strings.
struct FieldNames: Sendable {
    let names: [String]
    private let utf8: [[UInt8]]

    init(_ names: [String]) {
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

    func index(of name: String) -> Int? { names.firstIndex(of: name) }
}
