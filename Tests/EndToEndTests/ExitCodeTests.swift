import Foundation
import IAPCatTestSupport
import Testing

/// docs/exit-codes.md's table of failing runs is the test data: every row is run through the
/// binary and must exit with its status and print its fragment, and every command and
/// subcommand `iapcat --help` lists must have a row. So neither the table nor a command can drift.
@Suite struct ExitCodeTests {
    /// One row: `iapcat …` as typed from the repository root, what it prints, and the status.
    struct Row: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var says: String
        var status: Int32
        var testDescription: String { "iapcat " + arguments.joined(separator: " ") }
    }

    static let page = IAPCat.packageRoot + "/docs/exit-codes.md"

    /// The rows of the page's table of failing runs: `| \`iapcat …\` | what fails | \`it says\` | status |`.
    static let rows: [Row] = {
        let text = (try? String(contentsOfFile: page, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line -> Row? in
            guard line.hasPrefix("| `iapcat ") else { return nil }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, let status = Int32(cells[3]) else { return nil }
            let command = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            return Row(
                arguments: command.split(separator: " ").dropFirst().map(String.init),
                says: cells[2].trimmingCharacters(in: CharacterSet(charactersIn: "`")), status: status)
        }
    }()

    /// No credentials from the developer's environment: the rows mean a machine without them.
    static let environment = ["ASC_KEY_ID": "", "ASC_PRIVATE_KEY_PATH": "", "GOOGLE_APPLICATION_CREDENTIALS": ""]

    @Test(arguments: rows)
    func eachRowExitsWithItsStatus(_ row: Row) async throws {
        let run = try await IAPCat.run(row.arguments, timeout: 60, environment: Self.environment)
        #expect(run.status == row.status, "\(run.stderr)")
        // Errors are on stderr; lint's diagnostics are its report, on stdout.
        #expect((run.stderr + run.stdout).contains(row.says), "\(run.stdout)\(run.stderr)")
    }

    @Test func everyCommandHasARow() async throws {
        #expect(Self.rows.count >= 20)
        let covered = Set(Self.rows.map { $0.arguments.prefix(2).joined(separator: " ") } + Self.rows.map { $0.arguments[0] })
        for command in try await Self.subcommands([]) {
            let nested = try await Self.subcommands([command])
            for name in nested.isEmpty ? [command] : nested.map({ command + " " + $0 }) {
                #expect(covered.contains(name), "docs/exit-codes.md has no row for iapcat \(name)")
            }
        }
    }

    /// The subcommands `iapcat PATH --help` lists.
    static func subcommands(_ path: [String]) async throws -> [String] {
        let help = try await IAPCat.run(path + ["--help"]).stdout
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.compactMap { line in
            // `  import, import-xml   Import …`: the name, without its aliases.
            guard line.hasPrefix("  "), line.dropFirst(2).first != " ", let name = line.split(separator: " ").first else { return nil }
            return String(name.split(separator: ",")[0])
        }
    }
}
