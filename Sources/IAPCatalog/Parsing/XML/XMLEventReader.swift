internal import CLibXML2

/// Receives a document's elements and text from ``XMLEventReader``, in document order.
protocol XMLEventHandler: AnyObject {
    /// An element starts. `line` is where its start tag ends (libxml2's count, as ``XMLTree``
    /// gives it), and `contentStart` the offset, in the document as UTF-8, of the first byte
    /// after that tag (`>` or `/>`).
    func startElement(_ name: XMLName, line: Int, contentStart: Int)
    /// The element last started ends.
    func endElement()
    /// Character data of the current element, CDATA and character references included; one
    /// run of text may come in several calls.
    func characters(_ text: UnsafeBufferPointer<UInt8>)
}

/// An element's local name, valid only during the ``XMLEventHandler`` call it is given to.
struct XMLName {
    fileprivate let bytes: UnsafePointer<xmlChar>

    var string: String { String(cString: bytes) }

    /// Whether the name is `name` (compared without making a string).
    func isNamed(_ name: StaticString) -> Bool {
        name.withUTF8Buffer { expected in
            var index = 0
            while index < expected.count {
                guard bytes[index] == expected[index] else { return false }
                index += 1
            }
            return bytes[index] == 0
        }
    }
}

/// Reads an XML document as a stream of events with libxml2's SAX2 interface: no tree is built,
/// so a long list costs what its entries cost, not a DOM as well. The same safety as
/// ``XMLTree``: never the network, never a DTD, no entity declarations (refused before parsing),
/// and the same first error with its position.
enum XMLEventReader {
    /// Sends the events of the document in `bytes` to `handler`; throws when it is not
    /// well-formed (the events sent until then describe a prefix of it).
    static func read(_ bytes: [UInt8], file: String, into handler: some XMLEventHandler) throws(XMLReadFailure) {
        if let declaration = XMLReadFailure.entityDeclaration(in: bytes) { throw .entities(declaration) }
        LibXML.ready()
        guard let context = xmlNewParserCtxt() else { throw .syntax("libxml2 could not allocate a parser", .start) }
        defer { xmlFreeParserCtxt(context) }
        let sink = EventSink(handler)
        // Only these callbacks: no document is built, no DTD or entity is looked up.
        var callbacks = xmlSAXHandler()
        callbacks.initialized = XML_SAX2_MAGIC
        callbacks.startElementNs = { context, name, _, _, _, _, _, _, _ in
            guard let context, let name else { return }
            let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let input = parser.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return }
            // libxml2 calls back with the start tag read up to its `>` or `/>`.
            let tagEnd = Int(input.pointee.consumed) + base.distance(to: cur) + (cur[0] == UInt8(ascii: "/") ? 2 : 1)
            let sink = EventSink.of(parser)
            sink.sawElement = true
            sink.handler.startElement(XMLName(bytes: name), line: Int(input.pointee.line), contentStart: tagEnd)
        }
        callbacks.endElementNs = { context, _, _, _ in
            guard let context else { return }
            EventSink.of(context.assumingMemoryBound(to: xmlParserCtxt.self)).handler.endElement()
        }
        let characters: charactersSAXFunc = { context, text, count in
            guard let context, let text, count > 0 else { return }
            EventSink.of(context.assumingMemoryBound(to: xmlParserCtxt.self)).handler.characters(
                UnsafeBufferPointer(start: text, count: Int(count)))
        }
        callbacks.characters = characters
        // The same callback, so that libxml2 never tries to tell whitespace apart (it keeps all).
        callbacks.ignorableWhitespace = characters
        context.pointee.sax.pointee = callbacks
        sink.install(on: context)
        _ = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                // Returns no document: the callbacks above build none.
                xmlCtxtReadMemory(context, $0.baseAddress, Int32(clamping: $0.count), file, nil, XMLReadFailure.parserOptions)
            }
        }
        guard context.pointee.wellFormed != 0, sink.sawElement else { throw sink.failure(of: context) }
    }
}

/// What a parser context's `_private` points at during ``XMLEventReader/read(_:file:into:)``:
/// the first error, and the handler events go to.
private final class EventSink: XMLFirstError {
    let handler: any XMLEventHandler
    /// Whether the document had an element (libxml2 reports an empty one, unless it refused the
    /// bytes without parsing).
    var sawElement = false

    init(_ handler: any XMLEventHandler) { self.handler = handler }

    static func of(_ parser: UnsafeMutablePointer<xmlParserCtxt>) -> EventSink {
        Unmanaged<EventSink>.fromOpaque(parser.pointee._private!).takeUnretainedValue()
    }
}
