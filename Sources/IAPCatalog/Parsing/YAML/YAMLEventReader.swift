internal import CYAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pulls libyaml's events from a buffer or an open file and packs them into ``YAMLEventBatch``es.
///
/// Owns the libyaml parser; the input buffer (or file descriptor) must outlive it. Used from one
/// thread at a time (hence unchecked: it moves to the thread that runs libyaml and stays there).
final class YAMLEventReader: @unchecked Sendable {
    enum Input {
        case bytes(UnsafeBufferPointer<UInt8>)
        /// Read in libyaml's own small chunks: the file is never in memory whole.
        case file(descriptor: Int32)
    }

    @exclusivity(unchecked) private var parser = yaml_parser_t()
    private let input: Input
    private var isFinished = false

    init?(_ input: Input) {
        self.input = input
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        switch input {
        case .bytes(let bytes):
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
        case .file(let descriptor):
            // libyaml passes `data` back to the handler: here the descriptor itself (plus one, so
            // that descriptor 0 is not a null pointer). The handler fills libyaml's buffer from it.
            let data = UnsafeMutableRawPointer(bitPattern: Int(descriptor) + 1)
            yaml_parser_set_input(
                &parser,
                { data, buffer, size, sizeRead in
                    let descriptor = Int32(Int(bitPattern: data) - 1)
                    while true {
                        let count = read(descriptor, buffer, size)
                        if count < 0 && errno == EINTR { continue }
                        guard count >= 0 else { return 0 }
                        sizeRead?.pointee = count
                        return 1
                    }
                }, data)
        }
    }

    deinit {
        yaml_parser_delete(&parser)
    }

    /// The next batch, or nil once the stream end or an error was delivered.
    func nextBatch() -> YAMLEventBatch? {
        guard !isFinished else { return nil }
        var batch = YAMLEventBatch()
        var event = yaml_event_t()
        while !batch.isFull {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                batch.error = error()
                isFinished = true
                return batch
            }
            defer { yaml_event_delete(&event) }
            let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_STREAM_END_EVENT:
                batch.append(.streamEnd, line: line, column: column, text: nil)
                isFinished = true
                return batch
            case YAML_DOCUMENT_START_EVENT:
                batch.append(.documentStart, line: line, column: column, text: nil)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let isPlain = scalar.style == YAML_PLAIN_SCALAR_STYLE && !Self.isStringTag(scalar.tag)
                batch.append(
                    .scalar, line: line, column: column, isPlain: isPlain,
                    text: UnsafeBufferPointer(start: scalar.value, count: scalar.length))
                if let anchor = scalar.anchor { batch.append(.anchor, line: line, column: column, text: Self.bytes(anchor)) }
            case YAML_SEQUENCE_START_EVENT:
                batch.append(.sequenceStart, line: line, column: column, text: event.data.sequence_start.anchor.map(Self.bytes))
            case YAML_MAPPING_START_EVENT:
                batch.append(.mappingStart, line: line, column: column, text: event.data.mapping_start.anchor.map(Self.bytes))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                batch.append(.collectionEnd, line: line, column: column, text: nil)
            case YAML_ALIAS_EVENT:
                batch.append(.alias, line: line, column: column, text: Self.bytes(event.data.alias.anchor))
            default:
                break
            }
        }
        return batch
    }

    private static func bytes(_ string: UnsafeMutablePointer<yaml_char_t>) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        while string[count] != 0 { count += 1 }
        return UnsafeBufferPointer(start: string, count: count)
    }

    private static func isStringTag(_ tag: UnsafeMutablePointer<yaml_char_t>?) -> Bool {
        guard let tag else { return false }
        return String(cString: tag) == "tag:yaml.org,2002:str"
    }

    /// The line and column of byte `offset`, from the buffer or by reading the file up to it.
    private func readerErrorPosition(offset: Int) -> SourcePosition {
        switch input {
        case .bytes(let bytes):
            return TextPositions.position(ofByte: offset, in: bytes)
        case .file(let descriptor):
            var prefix = [UInt8](repeating: 0, count: offset)
            let count = prefix.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, offset, 0) }
            return prefix.withUnsafeBufferPointer {
                TextPositions.position(ofByte: offset, in: UnsafeBufferPointer(rebasing: $0[..<max(count, 0)]))
            }
        }
    }

    private func error() -> DocumentSyntaxError {
        let problem = parser.problem.map { String(cString: $0) } ?? "malformed YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
        }
        if parser.error == YAML_READER_ERROR {
            // Reader errors (bad UTF-8, control characters) carry a byte offset, not a mark.
            return DocumentSyntaxError(message, at: readerErrorPosition(offset: Int(parser.problem_offset)))
        }
        let mark = parser.problem_mark
        return DocumentSyntaxError(message, at: SourcePosition(line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}
