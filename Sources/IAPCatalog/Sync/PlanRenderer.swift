import Foundation

/// Prints a plan (``SyncPlan``) for people (`text`), for programs (`json`) or for a pull-request comment (`markdown`).
public struct PlanRenderer: Sendable {
    /// A renderer.
    public init() {}

    /// `+ create …`, `~ update …`, `- …` (narrow), `! …` (customers) lines, then what will not be done and the warnings, then a
    /// count; in `style`, the marks and the words `warning` and `error` coloured.
    public func text<P: SyncPlan>(_ plan: P, style: TextStyle = .plain) -> String {
        var out = ""
        // Lines carry text from the catalog and the store: control characters are shown escaped, so
        // none starts a line of its own (a CI workflow command) or moves a terminal's cursor. Colour
        // goes only around what iapcat wrote, after the escaping.
        for step in plan.steps { out += Self.mark(step.impact, style) + " " + Self.printable(step.summary) + "\n" }
        for note in plan.notDone { out += Self.printable("not done: \(note.resource) \(note.message)") + "\n" }
        for note in plan.warnings {
            out += style.severity(.warning, "warning:") + " " + Self.printable("\(note.resource) \(note.message)") + "\n"
        }
        for note in plan.errors {
            out += style.severity(.error, "error:") + " " + Self.printable("\(note.resource) \(note.message)") + "\n"
        }
        let changes = plan.steps.count
        out += changes == 0 ? plan.emptyMessage : "Plan: \(Plural.count(changes, "change"))."
        let consent = plan.stepsNeedingConsent.count
        if consent > 0 {
            out += " \(consent) marked - or ! \(Plural.word(consent, "needs", "need")) \(plan.applyCommand) --allow-impact."
        }
        if !plan.notDone.isEmpty { out += " \(Plural.count(plan.notDone.count, "difference")) left alone." }
        if plan.hasChanges {
            out +=
                "\n\(Self.capitalized(plan.applyCommand)) sends about \(Plural.count(plan.estimatedRequests, "request")), its read-back included "
            out += "(\(P.store.budget))."
        }
        return out + "\n"
    }

    /// `apply` → `Apply`, `cancel-submission` → `Cancel submission`: a command as the subject of a sentence.
    private static func capitalized(_ command: String) -> String {
        command.prefix(1).uppercased() + command.dropFirst().replacingOccurrences(of: "-", with: " ")
    }

    /// A step's mark: `+` green, `~` yellow, `-` magenta, `!` bold red.
    private static func mark(_ impact: PlanImpact, _ style: TextStyle) -> String {
        switch impact {
        case .create: style.wrap(impact.rawValue, "32")
        case .change: style.wrap(impact.rawValue, "33")
        case .narrow: style.wrap(impact.rawValue, "35")
        case .customers: style.wrap(impact.rawValue, "1;31")
        }
    }

    /// `line` with every control character as `\u{…}` (``ServerText/printable(_:)``).
    package static func printable(_ line: String) -> String { ServerText.printable(line) }

    /// `{"changes": [{"resource", "kind", "action", "summary"}], "not_done": [...], "warnings": [...]}`. Strings keep
    /// what the catalog and the store say, every control character (C0, DEL, C1, the line and paragraph separators)
    /// and bidirectional control written as a JSON `\u` escape (``EscapedCharacters``), so a reader gets the text back
    /// as it was and the output holds no raw control character for a terminal or a log to act on, nor one that
    /// reorders what is shown.
    ///
    /// With `readiness` (`plan --readiness`), a `readiness` key holds where each product stands
    /// (``VerdictRenderer/entries(_:)``).
    public func json<P: SyncPlan>(_ plan: P, readiness: [ProductVerdict]? = nil) -> String {
        let document = JSONDocument(
            changes: plan.steps.map {
                JSONDocument.Change(
                    resource: $0.ownerKey, kind: $0.ownerNoun, action: $0.verb, impact: $0.impact.name, summary: $0.summary)
            },
            not_done: plan.notDone.map(JSONDocument.Note.init), warnings: plan.warnings.map(JSONDocument.Note.init),
            errors: plan.errors.map(JSONDocument.Note.init), estimated_requests: plan.estimatedRequests,
            readiness: readiness.map(VerdictRenderer.entries))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return EscapedCharacters.escapingJSON(String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self)) + "\n"
    }

    /// The most a `markdown` plan holds, in UTF-8 bytes (so in characters too): GitHub refuses comments over 65,536
    /// characters.
    public static let markdownLimit = 65_000

    /// GitHub-flavoured Markdown for a pull-request comment: a summary (counts by mark, a warning when steps need
    /// `--allow-impact`), the steps needing consent, the other steps, each group of steps under its resource, then what
    /// will not be done, the warnings and the errors. Text from the catalog and the store is escaped, never raw HTML:
    /// control characters as the `text` format shows them (`\u{1B}`), in code spans too. Longer than
    /// `limit` UTF-8 bytes, it is cut after a whole line (the summary and the consent-needing steps come first) and
    /// ends saying how many steps were left out.
    ///
    /// With `readiness` (`plan --readiness`), a last section says where each product stands.
    public func markdown<P: SyncPlan>(_ plan: P, readiness: [ProductVerdict] = [], limit: Int = PlanRenderer.markdownLimit) -> String {
        let command = P.store.command
        var document = MarkdownDocument(command: "\(command) \(plan.planCommand)")
        document.add(.summary, "### iapcat \(command) \(plan.planCommand)", "")
        let steps = plan.steps.count
        if steps == 0 {
            document.add(.summary, plan.emptyMessage)
        } else {
            let counts = PlanImpact.allMarks.map { impact in
                "`\(impact.rawValue) \(plan.steps.count { $0.impact == impact }) \(impact.name)`"
            }
            document.add(.summary, "**\(Plural.count(steps, "change")):** " + counts.joined(separator: " · "))
        }
        let consent = plan.stepsNeedingConsent
        if !consent.isEmpty {
            let count = Plural.count(consent.count, "step") + Plural.word(consent.count, " needs", " need")
            document.add(
                .summary, "",
                "**\(count) consent: `iapcat \(command) \(plan.applyCommand)` carries out the `-` and `!` steps only with `--allow-impact`.**"
            )
        }
        if !plan.errors.isEmpty {
            let count = Plural.count(plan.errors.count, "error")
            document.add(.summary, "", "**\(count): `iapcat \(command) \(plan.applyCommand)` would refuse this plan.**")
        }
        let rest = plan.steps.filter { !$0.impact.needsConsent }
        document.addSteps(consent, heading: "Needs consent")
        document.addSteps(rest, heading: consent.isEmpty ? "Changes" : "Other changes")
        document.addNotes(plan.notDone, heading: "Not done")
        document.addNotes(plan.warnings, heading: "Warnings")
        document.addNotes(plan.errors, heading: "Errors")
        document.addNotes(
            readiness.map { PlanNote(resource: $0.product, message: $0.summary) },
            heading: "Where each product stands in \(P.store.name)")
        return document.text(limit: limit)
    }

    /// The `json` output's shape (keys sorted when encoded).
    private struct JSONDocument: Encodable {
        struct Change: Encodable {
            var resource, kind, action, impact, summary: String
        }
        struct Note: Encodable {
            var resource, message: String
            init(_ note: PlanNote) { (resource, message) = (note.resource, note.message) }
        }
        // swift-format-ignore: AlwaysUseLowerCamelCase
        var changes: [Change], not_done: [Note], warnings: [Note], errors: [Note], estimated_requests: Int
        /// Left out unless asked for.
        var readiness: [VerdictRenderer.Entry]?
    }
}

extension PlanImpact {
    /// The marks in the order the Markdown summary counts them.
    fileprivate static let allMarks: [PlanImpact] = [.create, .change, .narrow, .customers]
}

/// The lines of a Markdown plan, and where they may be cut.
private struct MarkdownDocument {
    /// A resource steps are grouped under.
    struct Owner: Hashable {
        var noun, key: String
    }

    /// The `iapcat` command line the closing note names (`asc plan`).
    let command: String
    enum Kind {
        /// The summary: always kept.
        case summary
        /// A heading, a blank line or a resource: kept only before a step or a note.
        case structure
        case step
        case note
    }

    var lines: [(kind: Kind, text: String)] = []
    var stepCount = 0
    var noteCount = 0

    mutating func add(_ kind: Kind, _ texts: String...) {
        for text in texts { lines.append((kind, text)) }
    }

    /// A section of steps, grouped by resource in the order the resources first appear.
    mutating func addSteps<S: SyncStep>(_ steps: [S], heading: String) {
        guard !steps.isEmpty else { return }
        var owners: [Owner] = []
        var stepsOf: [Owner: [S]] = [:]
        for step in steps {
            let owner = Owner(noun: step.ownerNoun, key: step.ownerKey)
            if stepsOf[owner] == nil { owners.append(owner) }
            stepsOf[owner, default: []].append(step)
        }
        add(.structure, "", "#### \(heading) (\(steps.count))", "")
        for owner in owners {
            add(.structure, "- \(owner.noun) \(MarkdownText.code(owner.key))")
            for step in stepsOf[owner] ?? [] {
                add(.step, "  - `\(step.impact.rawValue)` \(MarkdownText.escaped(step.summary))")
                stepCount += 1
            }
        }
    }

    mutating func addNotes(_ notes: [PlanNote], heading: String) {
        guard !notes.isEmpty else { return }
        add(.structure, "", "#### \(heading) (\(notes.count))", "")
        for note in notes {
            add(.note, "- \(MarkdownText.code(note.resource)): \(MarkdownText.escaped(note.message))")
            noteCount += 1
        }
    }

    /// The lines, each ending in a newline; cut to at most `limit` UTF-8 bytes with a closing note when longer.
    func text(limit: Int) -> String {
        let full = lines.map { $0.text + "\n" }.joined()
        if full.utf8.count <= limit { return full }
        // Room for the longest closing note: every step and note left out.
        let reserve = ("\n" + cutNote(steps: stepCount, notes: noteCount) + "\n").utf8.count
        var kept = 0
        var size = 0
        for (kind, text) in lines {
            let length = text.utf8.count + 1
            guard kind == .summary || size + length + reserve <= limit else { break }
            size += length
            kept += 1
        }
        while kept > 0 && lines[kept - 1].kind == .structure { kept -= 1 }
        let shown = lines[..<kept]
        let note = cutNote(
            steps: stepCount - shown.count { $0.kind == .step }, notes: noteCount - shown.count { $0.kind == .note })
        return shown.map { $0.text + "\n" }.joined() + "\n" + note + "\n"
    }

    /// `… 19412 more steps not shown (the plan has 20000 steps); run `iapcat asc plan` for all of them.`
    func cutNote(steps: Int, notes: Int) -> String {
        var parts: [String] = []
        if steps > 0 { parts.append("\(Plural.count(steps, "more step", "more steps"))") }
        if notes > 0 { parts.append("\(Plural.count(notes, "more note", "more notes"))") }
        let total = steps > 0 ? " (the plan has \(Plural.count(stepCount, "step")))" : ""
        return "… \(parts.joined(separator: " and ")) not shown\(total); run `iapcat \(command)` for all of them."
    }
}
