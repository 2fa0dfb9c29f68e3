internal import CLibXML2

/// Writes the property-list array of identifiers an app embeds, with libxml2's text writer, in
/// the layout Xcode writes: Apple's DOCTYPE, `<array>` at the margin, one tab before each entry.
enum PlistListWriter {
    static let publicID = "-//Apple//DTD PLIST 1.0//EN"
    static let systemID = "http://www.apple.com/DTDs/PropertyList-1.0.dtd"

    static func render(_ identifiers: [String]) -> [UInt8] {
        let buffer = xmlBufferCreate()!
        defer { xmlBufferFree(buffer) }
        let writer = xmlNewTextWriterMemory(buffer, 0)!
        xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil)
        xml(publicID) { publicID in
            xml(systemID) { systemID in
                _ = xmlTextWriterWriteDTD(writer, "plist", publicID, systemID, nil)
            }
        }
        raw(writer, "\n")
        xmlTextWriterStartElement(writer, "plist")
        xmlTextWriterWriteAttribute(writer, "version", "1.0")
        raw(writer, "\n")
        xmlTextWriterStartElement(writer, "array")
        for identifier in identifiers {
            raw(writer, "\n\t")
            xml(identifier) { text in _ = xmlTextWriterWriteElement(writer, "string", text) }
        }
        if !identifiers.isEmpty { raw(writer, "\n") }
        xmlTextWriterEndElement(writer)
        raw(writer, "\n")
        xmlTextWriterEndElement(writer)
        xmlTextWriterEndDocument(writer)
        xmlFreeTextWriter(writer)
        let content = xmlBufferContent(buffer)!
        return Array(UnsafeBufferPointer(start: content, count: Int(xmlBufferLength(buffer))))
    }

    private static func raw(_ writer: xmlTextWriterPtr, _ text: String) {
        xml(text) { _ = xmlTextWriterWriteRaw(writer, $0) }
    }

    /// Passes `text` to libxml2 as a NUL-terminated `xmlChar` string.
    static func xml(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Void) {
        text.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: xmlChar.self)) }
    }
}
