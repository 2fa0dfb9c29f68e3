import ArgumentParser
import IAPCatalog

struct Rules: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every rule with its id, default severity and what it checks.")

    @Flag(name: .long, help: "Print a Markdown table (the README's rule table is this output).")
    var markdown = false

    func run() {
        Output.report(markdown ? RuleTable.markdown() : RuleTable.text())
    }
}
