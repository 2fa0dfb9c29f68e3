internal import CLibXML2

/// Why an XML document could not be read, by ``XMLTree`` or ``XMLEventReader``: both refuse
/// entity declarations before libxml2 sees the bytes and report libxml2's first error.
enum XMLReadFailure: Error {
    case entities(SourcePosition)
    case syntax(String, SourcePosition)

    /// The libxml2 options both readers use: never the network, messages only through the
    /// structured handler, line numbers past 65,535, CDATA as text.
    static let parserOptions = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_BIG_LINES.rawValue
            | XML_PARSE_NOCDATA.rawValue)

    /// The diagnostic for a document of `kind` ("plist", "package") that could not be read.
    func diagnostic(file: String, kind: String, syntaxRule: RuleID) -> Diagnostic {
        switch self {
        case .entities(let position):
            Diagnostic(
                .xmlEntities, "the \(kind) declares an XML entity; iapcat never expands or fetches entities",
                at: SourceLocation(file: file, position))
        case .syntax(let message, let position):
            Diagnostic(syntaxRule, message, at: SourceLocation(file: file, position))
        }
    }

    /// libxml2's message as one line: "Input is not proper UTF-8, indicate encoding !\nBytes: …"
    /// becomes "Input is not proper UTF-8, indicate encoding !; Bytes: …".
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// The position of the first `<!ENTITY` in `bytes`, if any (``Swift/Array/firstOffset(of:)``:
    /// this runs over every byte of every XML input).
    static func entityDeclaration(in bytes: [UInt8]) -> SourcePosition? {
        bytes.firstOffset(of: "<!ENTITY").map { offset in
            bytes.withUnsafeBufferPointer { TextPositions.position(ofByte: offset, in: $0) }
        }
    }
}

/// Keeps the first error libxml2 reports while parsing (libxml2 itself keeps only the last one,
/// and the first is where the document went wrong). A parser context's `_private` points at it,
/// or at a subclass that also receives the parser's events.
class XMLFirstError {
    private var message: String?
    private var position = SourcePosition.start

    /// Installs `self` as `context`'s receiver of structured errors. `context` must not outlive it.
    func install(on context: xmlParserCtxtPtr) {
        context.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.sax.pointee.serror = { userData, error in
            guard let userData, let error else { return }
            let parser = userData.assumingMemoryBound(to: xmlParserCtxt.self)
            guard let box = parser.pointee._private else { return }
            let first = Unmanaged<XMLFirstError>.fromOpaque(box).takeUnretainedValue()
            guard first.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            first.message = error.pointee.message.map { String(cString: $0) }
            first.position = SourcePosition(line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1))
        }
    }

    /// Why parsing with `context` failed: the first error, or libxml2's last when none was kept.
    func failure(of context: xmlParserCtxtPtr) -> XMLReadFailure {
        if let message { return .syntax(XMLReadFailure.oneLine(message), position) }
        guard let error = xmlCtxtGetLastError(context) else { return .syntax("malformed XML", .start) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "malformed XML"
        return .syntax(
            XMLReadFailure.oneLine(message),
            SourcePosition(line: max(Int(error.pointee.line), 1), column: max(Int(error.pointee.int2), 1)))
    }
}
