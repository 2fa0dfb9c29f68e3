/// SARIF 2.1.0, the format GitHub code scanning uploads (`github/codeql-action/upload-sarif`).
/// Every rule is listed in the driver so rule metadata is stable across runs; file paths are
/// relative URIs against `%SRCROOT%`.
public struct SARIFReporter: DiagnosticReporter {
    /// Creates a reporter.
    public init() {}

    /// A SARIF log with one run: every rule in the driver and one result per diagnostic.
    public func report(_ result: LintResult) -> String {
        let rules = RuleID.allCases
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1, $0) })
        let driver: JSONValue = .object([
            ("name", .string("iapcat")),
            ("version", .string(IAPCatalogVersion.current)),
            (
                "rules",
                .array(
                    rules.map { rule in
                        .object([
                            ("id", .string(rule.rawValue)),
                            ("shortDescription", .object([("text", .string(rule.descriptor.summary))])),
                            (
                                "defaultConfiguration",
                                .object([
                                    ("enabled", .bool(rule.descriptor.enabledByDefault)),
                                    ("level", .string(rule.descriptor.severity.rawValue)),
                                ])
                            ),
                        ])
                    })
            ),
        ])
        let results: [JSONValue] = result.diagnostics.map { diagnostic in
            var physical: [(key: String, value: JSONValue)] = [
                ("artifactLocation", .object([("uri", .string(Self.uri(diagnostic.location.file))), ("uriBaseId", .string("%SRCROOT%"))]))
            ]
            if let line = diagnostic.location.line {
                var region: [(key: String, value: JSONValue)] = [("startLine", .int(line))]
                if let column = diagnostic.location.column { region.append(("startColumn", .int(column))) }
                physical.append(("region", .object(region)))
            }
            var location: [(key: String, value: JSONValue)] = [("physicalLocation", .object(physical))]
            if let index = diagnostic.location.index {
                location.append(
                    ("logicalLocations", .array([.object([("fullyQualifiedName", .string("[\(index)]")), ("kind", .string("element"))])])))
            }
            return .object([
                ("ruleId", .string(diagnostic.rule.rawValue)),
                ("ruleIndex", .int(ruleIndex[diagnostic.rule]!)),
                ("level", .string(diagnostic.severity.rawValue)),
                ("message", .object([("text", .string(Self.shown(diagnostic.text)))])),
                ("locations", .array([.object(location)])),
            ])
        }
        return JSONWriter.serialize(
            .object([
                ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
                ("version", .string("2.1.0")),
                (
                    "runs",
                    .array([
                        .object([
                            ("tool", .object([("driver", driver)])),
                            ("columnKind", .string("unicodeCodePoints")),
                            ("results", .array(results)),
                        ])
                    ])
                ),
            ]))
    }

    /// A message as GitHub shows it once the JSON is read: the characters no output carries raw (``EscapedCharacters``:
    /// ESC, U+202E, …) written as the `text` format writes them (`\u{202E}`), not only JSON-escaped, since a JSON escape
    /// gives GitHub the character back, to reorder the alert. Line breaks stay (JSON escapes them), as in annotations.
    static func shown(_ text: String) -> String {
        guard EscapedCharacters.any(in: text) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar != "\n" && scalar != "\r" && EscapedCharacters.contains(scalar) {
                result += ServerText.printable(String(scalar))
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A relative URI reference for `path`: unreserved characters and `/` kept, others percent-encoded.
    static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }
}
