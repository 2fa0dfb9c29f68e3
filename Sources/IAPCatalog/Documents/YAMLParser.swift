internal import CYAML

/// Parses YAML with libyaml's event API into a ``SourceDocument``.
///
/// Supports anchors, aliases and merge keys; rejects duplicate keys, recursive aliases, more than
/// one document, and input beyond ``DocumentLimits``. Positions are libyaml's marks made 1-based.
public struct YAMLParser: Sendable {
    public var limits: DocumentLimits

    public init(limits: DocumentLimits = .default) {
        self.limits = limits
    }

    public func parse(_ bytes: [UInt8]) throws(DocumentSyntaxError) -> ParsedDocument {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw DocumentSyntaxError("libyaml could not be initialised", at: .start)
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) -> ParsedDocument in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            do throws(DocumentSyntaxError) {
                return try parseEvents(&parser, estimatedNodes: buffer.count / 12)
            } catch {
                guard parser.error == YAML_READER_ERROR else { throw error }
                // Reader errors (bad UTF-8, control characters) carry a byte offset, not a mark.
                throw DocumentSyntaxError(error.message, at: TextPositions.position(ofByte: Int(parser.problem_offset), in: buffer))
            }
        }
    }

    private func parseEvents(_ parser: inout yaml_parser_t, estimatedNodes: Int) throws(DocumentSyntaxError) -> ParsedDocument {
        var builder = SourceDocumentBuilder(limits: limits, resolvesMergeKeys: true, estimatedNodes: estimatedNodes)
        var anchors: [String: Int32] = [:]
        var documents = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw Self.error(from: parser)
            }
            defer { yaml_event_delete(&event) }
            let position = SourcePosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return builder.build()
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                guard documents == 1 else {
                    throw DocumentSyntaxError("a second YAML document (`---`); a catalog is one document", at: position)
                }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && !Self.isStringTag(scalar.tag)
                let index = builder.scalar(text, isPlain: isPlain, at: position)
                if let anchor = scalar.anchor { anchors[String(cString: anchor)] = index }
            case YAML_SEQUENCE_START_EVENT:
                let index = try builder.begin(.sequence, at: position)
                if let anchor = event.data.sequence_start.anchor { anchors[String(cString: anchor)] = index }
            case YAML_MAPPING_START_EVENT:
                let index = try builder.begin(.mapping, at: position)
                if let anchor = event.data.mapping_start.anchor { anchors[String(cString: anchor)] = index }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try builder.end()
            case YAML_ALIAS_EVENT:
                let name = String(cString: event.data.alias.anchor)
                guard let target = anchors[name] else {
                    throw DocumentSyntaxError("alias *\(name) refers to no anchor", at: position)
                }
                guard !builder.isOpen(target) else {
                    throw DocumentSyntaxError("alias *\(name) refers to a collection that contains it", at: position)
                }
                try builder.alias(target, at: position)
            default:
                break
            }
        }
    }

    private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        guard let tag else { return false }
        return String(cString: tag) == "tag:yaml.org,2002:str"
    }

    private static func error(from parser: yaml_parser_t) -> DocumentSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
        }
        let mark = parser.problem_mark
        return DocumentSyntaxError(message, at: SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
