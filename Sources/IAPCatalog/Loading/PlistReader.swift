#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the property-list array of product identifiers that apps embed.
///
/// XML plists are parsed by libxml2 with line numbers and without ever loading the DTD the
/// DOCTYPE names, external entities, or the network; a plist that declares entities is refused
/// before parsing. libxml2 gives lines but no columns, so the column of an entry is found by
/// scanning its line: it is the column of the first character after `<string>` (the k-th
/// `<string>` of that line for the k-th entry on it). Binary plists (`bplist00`) are read with
/// Foundation; their entries are located by array index.
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
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes, file: file)
        } catch {
            diagnostics.append(XMLTree.diagnostic(for: error, file: file, kind: "plist", syntaxRule: .plistSyntax))
            return nil
        }
        guard let root = tree.root, root.name == "plist" else {
            diagnostics.report(.invalidListStructure, "the top element must be <plist>", file: file, at: .start)
            return nil
        }
        let children = root.children
        guard children.count == 1, let array = children.first, array.name == "array" else {
            let found = children.first.map { "<\($0.name)>" } ?? "nothing"
            diagnostics.report(
                .invalidListStructure, "a product-ID plist must hold one <array> of <string>s, found \(found)", file: file,
                at: SourcePosition(line: root.line, column: 1))
            return nil
        }
        var locator = ColumnLocator(bytes: Self.utf8(bytes), arrayLine: array.line)
        var list = ProductList(file: file, format: .plist)
        array.forEachChild { element in
            let line = element.line
            let location = SourceLocation(file: file, line: line, column: locator.columnAfterNextStringTag(onLine: line))
            if element.isNamed("string") {
                list.entries.append(ProductListEntry(.identifier(element.text), at: location))
            } else {
                list.entries.append(ProductListEntry(.notAString("<\(element.name)>"), at: location))
            }
        }
        return list
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

/// Finds the column after the k-th `<string>` start tag of a line, for the k-th entry on it.
///
/// Calls for one line come in entry order, so the scan goes on from where the previous entry
/// of the line ended, counting characters only once: a minified plist with every entry on one
/// line costs linear time, not quadratic.
private struct ColumnLocator {
    let bytes: [UInt8]
    /// The line of `<array>`: entries on it are counted after its start tag.
    let arrayLine: Int
    private var lineStarts: [Int] = []
    private var currentLine = 0
    /// Where the search for the next start tag of the current line goes on.
    private var scanIndex = 0
    /// The byte up to which the characters of the current line are counted, and their count.
    private var countedIndex = 0
    private var countedCharacters = 0

    init(bytes: [UInt8], arrayLine: Int) {
        self.bytes = bytes
        self.arrayLine = arrayLine
    }

    mutating func columnAfterNextStringTag(onLine line: Int) -> Int {
        if lineStarts.isEmpty { lineStarts = TextPositions.lineStarts(bytes) }
        guard line >= 1, line <= lineStarts.count else { return 1 }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if line != currentLine {
            currentLine = line
            scanIndex = start
            countedIndex = start
            countedCharacters = 0
            if line == arrayLine, let arrayTag = firstIndex(of: Array("<array".utf8), in: start..<end),
                let close = bytes[arrayTag..<end].firstIndex(of: UInt8(ascii: ">"))
            {
                scanIndex = close + 1
            }
        }
        while scanIndex < end {
            let index = scanIndex
            scanIndex += 1
            guard bytes[index] == UInt8(ascii: "<") else { continue }
            // Any element start tag counts: the k-th entry is the k-th element on its line.
            let next = index + 1 < end ? bytes[index + 1] : 0
            guard next != UInt8(ascii: "/") && next != UInt8(ascii: "!") && next != UInt8(ascii: "?"),
                let close = bytes[index..<end].firstIndex(of: UInt8(ascii: ">"))
            else { continue }
            let counted = countedIndex
            countedCharacters += bytes.withUnsafeBufferPointer { TextPositions.characterCount($0, from: counted, to: close + 1) }
            countedIndex = close + 1
            return countedCharacters + 1
        }
        return 1
    }

    private func firstIndex(of needle: [UInt8], in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index + needle.count <= range.upperBound {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
