import Foundation

/// Prints a ``Plan`` for people (`text`) or for programs (`json`).
public struct PlanRenderer: Sendable {
    /// A renderer.
    public init() {}

    /// `+ create …`, `~ update …`, `- …` (narrow), `! …` (customers) lines, then what will not be done and the warnings, then a count.
    public func text(_ plan: Plan) -> String {
        var out = ""
        for step in plan.steps { out += "\(step.impact.rawValue) \(step.summary)\n" }
        for note in plan.notDone { out += "not done: \(note.resource) \(note.message)\n" }
        for note in plan.warnings { out += "warning: \(note.resource) \(note.message)\n" }
        for note in plan.errors { out += "error: \(note.resource) \(note.message)\n" }
        let changes = plan.steps.count
        out += changes == 0 ? "No changes: App Store Connect matches the catalog." : "Plan: \(changes) change\(changes == 1 ? "" : "s")."
        let consent = plan.stepsNeedingConsent.count
        if consent > 0 { out += " \(consent) marked - or ! need\(consent == 1 ? "s" : "") apply --allow-impact." }
        if !plan.notDone.isEmpty { out += " \(plan.notDone.count) difference\(plan.notDone.count == 1 ? "" : "s") left alone." }
        return out + "\n"
    }

    /// `{"changes": [{"resource", "kind", "action", "summary"}], "not_done": [...], "warnings": [...]}`.
    public func json(_ plan: Plan) -> String {
        func notes(_ notes: [PlanNote]) -> APIValue {
            .array(notes.map { .object(["resource": .string($0.resource), "message": .string($0.message)]) })
        }
        let document = APIValue.object([
            "changes": .array(
                plan.steps.map {
                    .object([
                        "resource": .string($0.owner.key), "kind": .string($0.owner.noun), "action": .string($0.verb),
                        "impact": .string($0.impact.name), "summary": .string($0.summary),
                    ])
                }),
            "not_done": notes(plan.notDone),
            "warnings": notes(plan.warnings),
            "errors": notes(plan.errors),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}
