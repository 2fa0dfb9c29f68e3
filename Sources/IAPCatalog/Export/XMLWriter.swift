internal import CLibXML2

/// A thin, non-throwing wrapper over libxml2's `xmlTextWriter` writing to memory (which cannot
/// fail but for lack of memory). Text and attribute values are escaped by libxml2.
final class XMLWriter {
    private let buffer: xmlBufferPtr
    private let writer: xmlTextWriterPtr

    /// `indentation` indents nested elements by that string; nil writes only what `raw` adds.
    init(indentation: String? = nil) {
        LibXML.ready()
        buffer = xmlBufferCreate()!
        writer = xmlNewTextWriterMemory(buffer, 0)!
        if let indentation {
            xmlTextWriterSetIndent(writer, 1)
            Self.withXML(indentation) { _ = xmlTextWriterSetIndentString(writer, $0) }
        }
    }

    deinit {
        xmlFreeTextWriter(writer)
        xmlBufferFree(buffer)
    }

    /// Writes the XML declaration, `body`, closes what is open, and returns the bytes.
    func document(_ body: () -> Void) -> [UInt8] {
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        body()
        xmlTextWriterEndDocument(writer)
        xmlTextWriterFlush(writer)
        let content = xmlBufferContent(buffer)!
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    func doctype(_ name: String, publicID: String, systemID: String) {
        Self.withXML(name) { name in
            Self.withXML(publicID) { publicID in
                Self.withXML(systemID) { systemID in _ = xmlTextWriterWriteDTD(writer, name, publicID, systemID, nil) }
            }
        }
    }

    func element(_ name: String, attributes: [(String, String)] = [], _ body: () -> Void) {
        start(name, attributes)
        body()
        xmlTextWriterEndElement(writer)
    }

    func element(_ name: String, attributes: [(String, String)] = [], text: String) {
        start(name, attributes)
        Self.withXML(text) { _ = xmlTextWriterWriteString(writer, $0) }
        xmlTextWriterEndElement(writer)
    }

    /// Writes `text` as it is: whitespace between elements, for layouts indentation cannot make.
    func raw(_ text: String) {
        Self.withXML(text) { _ = xmlTextWriterWriteRaw(writer, $0) }
    }

    private func start(_ name: String, _ attributes: [(String, String)]) {
        Self.withXML(name) { _ = xmlTextWriterStartElement(writer, $0) }
        for (key, value) in attributes {
            Self.withXML(key) { key in Self.withXML(value) { value in _ = xmlTextWriterWriteAttribute(writer, key, value) } }
        }
    }

    private static func withXML(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Void) {
        text.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
    }
}
