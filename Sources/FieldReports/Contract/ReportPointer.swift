/// Where in a report a problem is: a JSON Pointer (RFC 6901) such as `/missing/3/id`, made only of
/// the contract's own field names and array indexes (never of a key the client sent).
package struct ReportPointer: Sendable, Equatable, CustomStringConvertible {
    package enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    package var steps: [Step]

    package init(_ steps: [Step]) { self.steps = steps }

    package init(_ field: ReportField) { steps = [.key(field.rawValue)] }

    package init(_ field: ReportField, _ index: Int) { steps = [.key(field.rawValue), .index(index)] }

    package init(missing index: Int, _ field: MissingField) {
        steps = [.key(ReportField.missing.rawValue), .index(index), .key(field.rawValue)]
    }

    /// `/missing/3/id` (`~` and `/` in a key escaped as `~0` and `~1`).
    package var description: String {
        steps.map { step in
            switch step {
            case .key(let key): "/" + key.replacingEvery("~", with: "~0").replacingEvery("/", with: "~1")
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    /// `missing[3].id`: how a problem's detail names the field.
    package var label: String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension String {
    fileprivate func replacingEvery(_ character: Character, with replacement: String) -> String {
        contains(character) ? split(separator: character, omittingEmptySubsequences: false).joined(separator: replacement) : self
    }
}
