import ArgumentParser
import IAPCatalog

extension IAPCat {
    struct Rules: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List every rule with its id, default severity and what it checks.")

        /// How `iapcat rules` prints the table.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, markdown
        }

        @Option(name: .long, help: "text, or markdown (docs/rules.md is this output).")
        var format: Format = .text

        func run() {
            Output.report(format == .markdown ? RuleTable.markdown() : RuleTable.text())
        }
    }
}
