internal import CLibXML2

/// Validates a metadata.xml against schemas/bulk-iap.xsd with libxml2's XML Schema support.
/// The schema is compiled into the library: SwiftPM embeds `BulkXML/bulk-iap.xsd`, a symbolic link to
/// schemas/bulk-iap.xsd, as `PackageResources.bulk_iap_xsd` (see Package.swift).
final class BulkXMLSchema: @unchecked Sendable {
    private let schema: xmlSchemaPtr

    /// The schema, compiled once per process.
    static let shared: BulkXMLSchema = BulkXMLSchema()

    private init() {
        LibXML.ready()
        // libxml2 keeps a pointer to the buffer until the parse: both must happen while it is valid.
        let schema = PackageResources.bulk_iap_xsd.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text -> xmlSchemaPtr? in
                guard let parser = xmlSchemaNewMemParserCtxt(text.baseAddress, Int32(text.count)) else { return nil }
                defer { xmlSchemaFreeParserCtxt(parser) }
                return xmlSchemaParse(parser)
            }
        }
        guard let schema else { fatalError("schemas/bulk-iap.xsd does not compile") }
        self.schema = schema
    }

    /// The schema violations of the document in `bytes` (empty when it is valid).
    func violations(in bytes: [UInt8], file: String) -> [(message: String, line: Int)] {
        let tree: XMLTree
        do {
            tree = try XMLTree(bytes, file: file)
        } catch {
            switch error {
            case .entities(let position): return [("declares an XML entity", position.line)]
            case .syntax(let message, let position): return [(message, position.line)]
            }
        }
        let context = xmlSchemaNewValidCtxt(schema)!
        defer { xmlSchemaFreeValidCtxt(context) }
        let collector = ViolationCollector()
        let handler: xmlStructuredErrorFunc = { userData, error in
            guard let userData, let error else { return }
            let collector = Unmanaged<ViolationCollector>.fromOpaque(userData).takeUnretainedValue()
            var message = error.pointee.message.map { String(cString: $0) } ?? "schema violation"
            while message.last == "\n" { message.removeLast() }
            collector.violations.append((message, Int(error.pointee.line)))
        }
        xmlSchemaSetValidStructuredErrors(context, handler, Unmanaged.passUnretained(collector).toOpaque())
        let result = tree.withDocument { xmlSchemaValidateDoc(context, $0) }
        if result != 0 && collector.violations.isEmpty { collector.violations.append(("schema validation failed", 0)) }
        return collector.violations
    }

    private final class ViolationCollector {
        var violations: [(message: String, line: Int)] = []
    }
}
