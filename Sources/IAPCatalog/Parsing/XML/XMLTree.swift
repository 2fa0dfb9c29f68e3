internal import CLibXML2

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed XML document, read safely: never from the network, never loading a DTD, and never
/// with XML entities (a document that declares one is refused before libxml2 sees it, which rules
/// out external entities and expansion bombs alike). Owns the libxml2 tree.
final class XMLTree {
    private let document: xmlDocPtr

    /// Why a document could not be read.
    enum Failure: Error {
        case entities(SourcePosition)
        case syntax(String, SourcePosition)
    }

    private static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue
            | XML_PARSE_NOCDATA.rawValue)

    init(_ bytes: [UInt8], file: String) throws(Failure) {
        if let declaration = Self.entityDeclaration(in: bytes) { throw .entities(declaration) }
        guard let context = xmlNewParserCtxt() else { throw .syntax("libxml2 could not allocate a parser", .start) }
        defer { xmlFreeParserCtxt(context) }
        // libxml2 keeps only the last error; the first one is where the document went wrong.
        let firstError = FirstError()
        context.pointee._private = Unmanaged.passUnretained(firstError).toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = parser.pointee._private else { return }
            let firstError = Unmanaged<FirstError>.fromOpaque(box).takeUnretainedValue()
            guard firstError.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            firstError.message = error.pointee.message.map { String(cString: $0) }
            firstError.position = SourcePosition(line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1))
        }
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), file, nil, Self.options)
            }
        }
        guard let parsed else {
            if let message = firstError.message {
                throw .syntax(Self.oneLine(message), firstError.position)
            }
            guard let error = xmlCtxtGetLastError(context) else { throw .syntax("malformed XML", .start) }
            let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
            throw .syntax(
                Self.oneLine(message), SourcePosition(line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1)))
        }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// libxml2's message as one line: "Input is not proper UTF-8, indicate encoding !\nBytes: …"
    /// becomes "Input is not proper UTF-8, indicate encoding !; Bytes: …".
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// The diagnostic for a document of `kind` ("plist", "package") that could not be read.
    static func diagnostic(for failure: Failure, file: String, kind: String, syntaxRule: RuleID) -> Diagnostic {
        switch failure {
        case .entities(let position):
            Diagnostic(
                .xmlEntities, "the \(kind) declares an XML entity; iapcat never expands or fetches entities",
                at: SourceLocation(file: file, position))
        case .syntax(let message, let position):
            Diagnostic(syntaxRule, message, at: SourceLocation(file: file, position))
        }
    }

    /// Runs `body` with the libxml2 document (for schema validation).
    func withDocument<Result>(_ body: (xmlDocPtr) -> Result) -> Result { body(document) }

    var root: XMLElement? { xmlDocGetRootElement(document).map { XMLElement(node: $0, tree: self) } }

    /// The position of the first `<!ENTITY` in `bytes`, if any (the `<`s found with `memchr`:
    /// this runs over every byte of every XML input).
    static func entityDeclaration(in bytes: [UInt8]) -> SourcePosition? {
        let needle = Array("<!ENTITY".utf8)
        return bytes.withUnsafeBufferPointer { buffer -> SourcePosition? in
            guard let base = buffer.baseAddress else { return nil }
            var offset = 0
            while offset + needle.count <= buffer.count,
                let found = memchr(base + offset, Int32(needle[0]), buffer.count - offset - needle.count + 1)
            {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if buffer[index..<index + needle.count].elementsEqual(needle) {
                    return TextPositions.position(ofByte: index, in: buffer)
                }
                offset = index + 1
            }
            return nil
        }
    }
}

/// The first error libxml2 reported while parsing.
private final class FirstError {
    var message: String?
    var position = SourcePosition.start
}

/// An element of an ``XMLTree`` (which it keeps alive).
struct XMLElement {
    fileprivate let node: xmlNodePtr
    fileprivate let tree: XMLTree

    var name: String { node.pointee.name.map { String(cString: $0) } ?? "" }

    /// The element's line (libxml2 gives no column).
    var line: Int { Int(xmlGetLineNo(node)) }

    var position: SourcePosition { SourcePosition(line: line, column: 1) }

    var children: [XMLElement] {
        var result: [XMLElement] = []
        forEachChild { result.append($0) }
        return result
    }

    /// Calls `body` with each child element in order, without collecting them (for long lists).
    func forEachChild(_ body: (XMLElement) -> Void) {
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { body(XMLElement(node: current, tree: tree)) }
            child = current.pointee.next
        }
    }

    /// Whether the element's name is `name` (compared without making a string).
    func isNamed(_ name: StaticString) -> Bool {
        guard let own = node.pointee.name else { return false }
        return name.withUTF8Buffer { expected in
            var index = 0
            while index < expected.count {
                guard own[index] == expected[index] else { return false }
                index += 1
            }
            return own[index] == 0
        }
    }

    func child(_ name: String) -> XMLElement? { children.first { $0.name == name } }

    func children(_ name: String) -> [XMLElement] { children.filter { $0.name == name } }

    /// The concatenated text of the element's text children.
    var text: String {
        // The common case: one text child (`<string>id</string>`).
        if let only = node.pointee.children, only.pointee.next == nil, only.pointee.type == XML_TEXT_NODE {
            return only.pointee.content.map { String(cString: $0) } ?? ""
        }
        var text = ""
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content { text += String(cString: content) }
            child = current.pointee.next
        }
        return text
    }

    /// The text with surrounding whitespace removed.
    var trimmedText: String { text.trimmingWhitespace() }

    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { xmlFreeValue(value) }
        return String(cString: value)
    }
}
