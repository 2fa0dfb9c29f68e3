/// Builds a document from ``YAMLEventBatch``es: resolves anchors and aliases, rejects a second
/// document, and passes the rest to ``SourceDocumentBuilder``.
struct YAMLDocumentAssembler {
    private var builder: SourceDocumentBuilder
    private var anchors: [String: Int32] = [:]
    private var documents = 0
    /// The node the last event made (for an anchor event that follows a scalar).
    private var lastNode: Int32 = 0

    init(limits: DocumentLimits, estimatedBytes: Int, itemStream: ItemStream?) {
        builder = SourceDocumentBuilder(limits: limits, resolvesMergeKeys: true, estimatedBytes: estimatedBytes, itemStream: itemStream)
    }

    /// Adds a batch's events; returns the document once the stream ended. Throws the first
    /// problem, whether found here or by libyaml.
    mutating func consume(_ batch: YAMLEventBatch) throws(DocumentSyntaxError) -> ParsedDocument? {
        try batch.text.withUnsafeBufferPointer { text throws(DocumentSyntaxError) -> ParsedDocument? in
            for event in batch.events {
                let position = event.position
                let eventText =
                    event.hasText ? UnsafeBufferPointer(rebasing: text[Int(event.textStart)..<Int(event.textStart + event.textCount)]) : nil
                switch event.kind {
                case .streamEnd:
                    return builder.build()
                case .documentStart:
                    documents += 1
                    guard documents == 1 else {
                        throw DocumentSyntaxError("a second YAML document (`---`); a catalog is one document", at: position)
                    }
                case .scalar:
                    lastNode = try builder.scalar(eventText!, isPlain: event.isPlain, at: position)
                case .anchor:
                    anchors[String(decoding: eventText!, as: UTF8.self)] = lastNode
                    builder.noteAnchor(lastNode)
                case .sequenceStart, .mappingStart:
                    lastNode = try builder.begin(
                        event.kind == .sequenceStart ? .sequence : .mapping, at: position, isAnchored: eventText != nil)
                    if let eventText {
                        anchors[String(decoding: eventText, as: UTF8.self)] = lastNode
                        builder.noteAnchor(lastNode)
                    }
                case .collectionEnd:
                    try builder.end()
                case .alias:
                    let name = String(decoding: eventText!, as: UTF8.self)
                    guard let target = anchors[name] else {
                        throw DocumentSyntaxError("alias *\(name) refers to no anchor", at: position)
                    }
                    guard !builder.isOpen(target) else {
                        throw DocumentSyntaxError("alias *\(name) refers to a collection that contains it", at: position)
                    }
                    try builder.alias(target, at: position)
                }
            }
            if let error = batch.error { throw error }
            return nil
        }
    }
}
