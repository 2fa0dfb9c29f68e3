/// Writes the property-list array of identifiers an app embeds, with libxml2's text writer, in
/// the layout Xcode writes: Apple's DOCTYPE, `<array>` at the margin, one tab before each entry.
enum PlistListWriter {
    static let publicID = "-//Apple//DTD PLIST 1.0//EN"
    static let systemID = "http://www.apple.com/DTDs/PropertyList-1.0.dtd"

    static func render(_ identifiers: [String]) -> [UInt8] {
        let writer = XMLWriter()
        return writer.document {
            writer.doctype("plist", publicID: publicID, systemID: systemID)
            writer.raw("\n")
            writer.element("plist", attributes: [("version", "1.0")]) {
                writer.raw("\n")
                writer.element("array") {
                    for identifier in identifiers {
                        writer.raw("\n\t")
                        writer.element("string", text: identifier)
                    }
                    if !identifiers.isEmpty { writer.raw("\n") }
                }
                writer.raw("\n")
            }
        }
    }
}
