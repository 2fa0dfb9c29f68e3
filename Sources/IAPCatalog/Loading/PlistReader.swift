#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the property-list array of product identifiers that apps embed.
///
/// XML plists are parsed by libxml2 with line numbers and without ever loading the DTD the
/// DOCTYPE names, external entities, or the network; a plist that declares entities is refused
/// before parsing. The document is read as a stream of events (no tree is built); an entry is
/// located at the first character after its start tag, its line from libxml2 and its column
/// counted on from the previous entry. Binary plists (`bplist00`) are read with Foundation;
/// their entries are located by array index.
public struct PlistReader {
    /// Creates a reader.
    public init() {}

    /// Reads an XML or binary plist; the list is nil when it cannot be read, with why in the diagnostics.
    public func read(_ bytes: [UInt8], file: String) -> (list: ProductList?, diagnostics: [Diagnostic]) {
        var diagnostics = DiagnosticCollector()
        if bytes.starts(with: Array("bplist".utf8)) {
            let list = readBinary(bytes, file: file, diagnostics: &diagnostics)
            return (list, diagnostics.diagnostics)
        }
        let list = readXML(bytes, file: file, diagnostics: &diagnostics)
        return (list, diagnostics.diagnostics)
    }

    // MARK: XML

    private func readXML(_ bytes: [UInt8], file: String, diagnostics: inout DiagnosticCollector) -> ProductList? {
        let events = PlistEvents(file: file, text: Self.utf8(bytes))
        do {
            try XMLEventReader.read(bytes, file: file, into: events)
        } catch {
            diagnostics.append(error.diagnostic(file: file, kind: "plist", syntaxRule: .plistSyntax))
            return nil
        }
        guard events.rootIsPlist else {
            diagnostics.report(.invalidListStructure, "the top element must be <plist>", file: file, at: .start)
            return nil
        }
        guard events.plistChildren == 1, events.firstChildIsArray else {
            let found = events.firstChildName.map { "<\($0)>" } ?? "nothing"
            diagnostics.report(
                .invalidListStructure, "a product-ID plist must hold one <array> of <string>s, found \(found)", file: file,
                at: SourcePosition(line: events.rootLine, column: 1))
            return nil
        }
        return ProductList(file: file, format: .plist, entries: events.entries)
    }

    /// The text as UTF-8, for finding columns: libxml2 reads UTF-16 plists (with a byte order
    /// mark) as well, and their columns count the same characters.
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        let bigEndian = bytes.starts(with: [0xFE, 0xFF])
        guard bigEndian || bytes.starts(with: [0xFF, 0xFE]) else { return bytes }
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { (offset: Int) -> UInt16 in
            let first = UInt16(bytes[offset]), second = UInt16(bytes[offset + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }

    // MARK: Binary

    private struct BinaryEntry: Decodable {
        var value: ProductListEntry.Value

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                value = .identifier(text)
            } else if (try? container.decode(Int.self)) != nil || (try? container.decode(Double.self)) != nil {
                value = .notAString("a number")
            } else if (try? container.decode(Bool.self)) != nil {
                value = .notAString("a boolean")
            } else {
                value = .notAString("a collection or data")
            }
        }
    }

    private func readBinary(_ bytes: [UInt8], file: String, diagnostics: inout DiagnosticCollector) -> ProductList? {
        let entries: [BinaryEntry]
        do {
            entries = try PropertyListDecoder().decode([BinaryEntry].self, from: Data(bytes))
        } catch DecodingError.typeMismatch {
            diagnostics.report(.invalidListStructure, "a product-ID plist must hold an array of strings", file: file, at: nil)
            return nil
        } catch {
            diagnostics.report(.plistSyntax, "not a readable binary property list", file: file, at: nil)
            return nil
        }
        var list = ProductList(file: file, format: .plist, isBinary: true)
        list.entries = entries.enumerated().map { index, entry in
            ProductListEntry(entry.value, at: SourceLocation(file: file, index: index))
        }
        return list
    }
}

/// Builds the entries of a plist from its parse events: the elements of the `<array>` that is
/// the first child of `<plist>`, each located at the first character after its start tag. Whether
/// the document has that shape is decided once it is read (a syntax error anywhere comes first).
private final class PlistEvents: XMLEventHandler {
    // Called for every element and run of text: no exclusivity checks (the class is used by one
    // parse, on one thread, and no access overlaps another).
    let file: String
    @exclusivity(unchecked) private var columns: ColumnCounter
    @exclusivity(unchecked) private var depth = 0

    @exclusivity(unchecked) private(set) var rootIsPlist = false
    @exclusivity(unchecked) private(set) var rootLine = 1
    /// The elements directly inside `<plist>`, the first one's name and whether it is `<array>`.
    @exclusivity(unchecked) private(set) var plistChildren = 0
    @exclusivity(unchecked) private(set) var firstChildName: String?
    @exclusivity(unchecked) private(set) var firstChildIsArray = false
    @exclusivity(unchecked) private(set) var entries: [ProductListEntry] = []

    /// The `<string>` being read, and its text so far (nil until some arrives).
    @exclusivity(unchecked) private var string: SourceLocation?
    @exclusivity(unchecked) private var text: String?

    init(file: String, text: [UInt8]) {
        self.file = file
        columns = ColumnCounter(text: text)
        // Room for an entry per 16 bytes (`<string></string>` alone is 17), reserved once: pages
        // never written cost nothing, while growing the array would copy it, and fault in fresh
        // pages, at every doubling.
        entries.reserveCapacity(text.count / 16)
    }

    func startElement(_ name: XMLName, line: Int, contentStart: Int) {
        depth += 1
        switch depth {
        case 1:
            rootIsPlist = name.isNamed("plist")
            rootLine = line
        case 2 where rootIsPlist:
            plistChildren += 1
            if plistChildren == 1 {
                firstChildName = name.string
                firstChildIsArray = name.isNamed("array")
            }
        case 3 where rootIsPlist && plistChildren == 1 && firstChildIsArray:
            let location = SourceLocation(file: file, line: line, column: columns.column(ofByte: contentStart))
            if name.isNamed("string") {
                string = location
            } else {
                entries.append(ProductListEntry(.notAString("<\(name.string)>"), at: location))
            }
        default: break
        }
    }

    func endElement() {
        if depth == 3, let location = string {
            entries.append(ProductListEntry(.identifier(text ?? ""), at: location))
            string = nil
            text = nil
        }
        depth -= 1
    }

    func characters(_ characters: UnsafeBufferPointer<UInt8>) {
        // Only the string's own text, as the entry's value: not that of elements inside it.
        guard depth == 3, string != nil else { return }
        // Usually the whole text in one call: made into a string at once, with no buffer between.
        if text == nil {
            text = String(decoding: characters, as: UTF8.self)
        } else {
            text! += String(decoding: characters, as: UTF8.self)
        }
    }
}

/// The character column of byte offsets that come in increasing order, in linear time overall:
/// each call counts only the bytes after the previous one (a minified plist with every entry on
/// one line would otherwise cost quadratic time).
private struct ColumnCounter {
    let text: [UInt8]
    /// The byte up to which the characters of `line` are counted, and their count.
    private var countedIndex = 0
    private var countedCharacters = 0

    init(text: [UInt8]) { self.text = text }

    /// The 1-based column of byte `offset`: characters after the last newline before it.
    mutating func column(ofByte offset: Int) -> Int {
        guard offset >= countedIndex, offset <= text.count else { return 1 }
        text.withUnsafeBufferPointer { buffer in
            // The start of the offset's line: after the last newline before it.
            if let base = buffer.baseAddress {
                var from = countedIndex
                while from < offset, let found = memchr(base + from, Int32(UInt8(ascii: "\n")), offset - from) {
                    from = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    countedIndex = from
                    countedCharacters = 0
                }
            }
            countedCharacters += TextPositions.characterCount(buffer, from: countedIndex, to: offset)
            countedIndex = offset
        }
        return countedCharacters + 1
    }
}
