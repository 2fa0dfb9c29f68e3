internal import CLibXML2

/// A parsed XML document, read safely: never from the network, never loading a DTD, and never
/// with XML entities (a document that declares one is refused before libxml2 sees it, which rules
/// out external entities and expansion bombs alike). Owns the libxml2 tree.
final class XMLTree {
    private let document: xmlDocPtr

    init(_ bytes: [UInt8], file: String) throws(XMLReadFailure) {
        if let declaration = XMLReadFailure.entityDeclaration(in: bytes) { throw .entities(declaration) }
        LibXML.ready()
        guard let context = xmlNewParserCtxt() else { throw .syntax("libxml2 could not allocate a parser", .start) }
        defer { xmlFreeParserCtxt(context) }
        let firstError = XMLFirstError()
        firstError.install(on: context)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), file, nil, XMLReadFailure.parserOptions)
            }
        }
        guard let parsed else { throw firstError.failure(of: context) }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// Runs `body` with the libxml2 document (for schema validation).
    func withDocument<Result>(_ body: (xmlDocPtr) -> Result) -> Result { body(document) }

    var root: XMLElement? { xmlDocGetRootElement(document).map { XMLElement(node: $0, tree: self) } }
}

/// An element of an ``XMLTree`` (which it keeps alive).
struct XMLElement {
    fileprivate let node: xmlNodePtr
    fileprivate let tree: XMLTree

    var name: String { node.pointee.name.map { String(cString: $0) } ?? "" }

    /// The element's line (libxml2 gives no column).
    var line: Int { Int(xmlGetLineNo(node)) }

    var position: SourcePosition { SourcePosition(line: line, column: 1) }

    /// The child elements, in order.
    var children: [XMLElement] {
        var result: [XMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { result.append(XMLElement(node: current, tree: tree)) }
            child = current.pointee.next
        }
        return result
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
