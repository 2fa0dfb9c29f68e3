/// The 400s and the 413, each worded once: ``ReportDecoder`` and ``ReportNormalizer`` say what is
/// wrong through these, naming the field by its pointer and never repeating what the client sent.
extension ReportProblem {
    /// `field` breaks a rule: "requested[2] must be a string, not a number." (`sentence` follows the field's label).
    package static func invalid(_ field: ReportPointer, _ sentence: String) -> ReportProblem {
        ReportProblem(.invalidReport, detail: "\(field.label) \(sentence).", field: field.description)
    }

    package static func notJSON(at offset: Int) -> ReportProblem {
        ReportProblem(.invalidReport, detail: "The body is not JSON (RFC 8259): the first error is at byte \(offset).")
    }

    package static func invalidUTF8(at offset: Int) -> ReportProblem {
        ReportProblem(.invalidReport, detail: "The body is not valid UTF-8: the first error is at byte \(offset).")
    }

    package static let tooDeep = ReportProblem(
        .invalidReport, detail: "The body nests arrays and objects more than \(ReportRules.maximumDepth) deep.")

    static func notAnObject(_ kind: ReportScanner.Kind) -> ReportProblem {
        ReportProblem(.invalidReport, detail: "The body must be a JSON object, not \(kind.noun).")
    }

    package static let notGzip = ReportProblem(.invalidReport, detail: "The body is not gzip (RFC 1952), as Content-Encoding says.")

    package static let tooLarge = ReportProblem(
        .contentTooLarge, detail: "The report is larger than \(grouped(ReportRules.maximumBodyBytes)) bytes after decompression.")

    /// `1,000`.
    package static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }

    /// "must be 1 to 64 characters long", "must be 2 or 3 characters long".
    package static func lengthSentence(_ length: ClosedRange<Int>) -> String {
        let range =
            switch length.count {
            case 1: "\(length.lowerBound)"
            case 2: "\(length.lowerBound) or \(length.upperBound)"
            default: "\(length.lowerBound) to \(length.upperBound)"
            }
        return "must be \(range) characters long"
    }
}
