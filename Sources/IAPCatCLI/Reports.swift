import ArgumentParser
import FieldReports
import Foundation
import IAPCatalog
import Logging

extension IAPCat {
    /// `iapcat reports`: the product ids apps reported missing, each with its likely cause.
    struct Reports: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explain the product ids apps reported missing: how often, where, and the likely cause.",
            discussion: """
                Reads the reports database `iapcat serve --reports-db` fills (docs/field-reports.md), joins every reported id with the \
                catalog and the lists it declares (and, with --observed, the store's state as `asc pull` or \
                `play pull` wrote it), and prints one finding per id and store: counts, first and last seen, app \
                versions, storefronts, environments, lists, statuses, and the likely cause with its evidence \
                (docs/reports.md). Production findings come first, then the most reported.

                Reports can be forged: anyone who reaches the server can send one. --min-reports, --min-days and \
                --min-app-versions hold back what has less behind it (counted in the summary, never failing --fail-on).

                Exit status: 0, or 1 when --fail-on finds what it names (production: a finding with a report from \
                production; any: any finding); 1 for a catalog with errors; 2 for a usage error, a file or a \
                database that cannot be read.

                Examples:
                  iapcat reports --db catalogs/example/reports.sqlite --catalog catalogs/example.yaml
                  iapcat reports --db catalogs/example/reports.sqlite --catalog catalogs/example.yaml --environment production --format markdown
                  iapcat reports --db catalogs/example/reports.sqlite --catalog catalogs/example.yaml --since 7d --format json
                  iapcat reports --db catalogs/example/reports.sqlite --catalog catalogs/example.yaml --min-reports 3 --min-days 2
                  iapcat reports --db catalogs/example/reports.sqlite --catalog catalogs/example.yaml --store google_play --app-version 3.0 --format html
                """
        )

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The reports database: a SQLite file, or a postgres:// URL (default: IAPCAT_REPORTS_DB, as `iapcat serve` reads it).",
                valueName: "path|url"),
            completion: .file())
        var db: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The postgres:// URL's password, alone in this file, when the URL holds none; else PGPASSWORD, else PGPASSFILE or ~/.pgpass, as libpq (default: IAPCAT_REPORTS_DB_PASSWORD_FILE, as `iapcat serve` reads it).",
                valueName: "file"),
            completion: .file())
        var dbPasswordFile: String?

        /// `--db`, else `IAPCAT_REPORTS_DB`: the database `serve` writes into.
        var database: String? {
            if let db, !db.isEmpty { return db }
            return Console.current.environment["IAPCAT_REPORTS_DB"].flatMap { $0.isEmpty ? nil : $0 }
        }

        @OptionGroup var catalogOptions: CatalogOptions

        @Option(
            name: .long,
            help: ArgumentHelp(
                "A catalog `iapcat asc pull` or `iapcat play pull` wrote: the store's state (repeatable; the first that has a product is read).",
                valueName: "file"),
            completion: .file(extensions: ["yaml", "yml"]))
        var observed: [String] = []

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Only reports from this day (YYYY-MM-DD, UTC) on, or of the last N days, today included (7d).", valueName: "day|Nd"))
        var since: String?

        @Option(name: .long, help: "Only reports from this environment: production, sandbox, xcode or unknown.")
        var environment: ReportedEnvironment?

        @Option(name: .long, help: "Only reports from this store: app_store or google_play.")
        var store: ReportedStore?

        @Option(
            name: .long, help: ArgumentHelp("Only reports from this app version, exactly as apps sent it (2.4.1).", valueName: "version"))
        var appVersion: String?

        @Option(name: .long, help: "text, json, markdown, or html (the page `iapcat serve` shows at /reports).")
        var format: ReportsFormat = .text

        @Option(name: .long, help: "Exit 1 when there is a finding from production (production), any finding (any), or never.")
        var failOn: FailOn = .never

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Show an incident or a finding only with at least N reports behind it; the rest are counted in the summary, not listed, and never fail --fail-on (default: 1).",
                valueName: "N"))
        var minReports: Int = 1

        @Option(
            name: .long,
            help: ArgumentHelp(
                "… and reports on at least N UTC days, as the server received them: what one sender cannot fake in a few seconds (default: 1).",
                valueName: "N"))
        var minDays: Int = 1

        @Option(name: .long, help: ArgumentHelp("… and from at least N app versions (default: 1).", valueName: "N"))
        var minAppVersions: Int = 1

        /// `--min-reports`, `--min-days`, `--min-app-versions`.
        private var threshold: EvidenceThreshold {
            EvidenceThreshold(reports: Int64(minReports), days: minDays, appVersions: minAppVersions)
        }

        mutating func validate() throws {
            if let since, ReportFilter.Period(since) == nil {
                throw ValidationError("--since \(since) is neither a day (YYYY-MM-DD) nor a number of days (7d)")
            }
            for (name, value) in [("--min-reports", minReports), ("--min-days", minDays), ("--min-app-versions", minAppVersions)]
            where value < 1 {
                throw ValidationError("\(name) \(value) is not a number of at least 1")
            }
        }

        /// The reports `--environment`, `--store`, `--app-version` and `--since` keep: the page's filter.
        private var filter: ReportFilter {
            ReportFilter(environment: environment, store: store, appVersion: appVersion, period: since.flatMap { ReportFilter.Period($0) })
        }

        func run() async throws(CommandFailure) {
            guard let database else { throw .usage("no reports database: pass --db, or set IAPCAT_REPORTS_DB as for `iapcat serve`") }
            let catalog: Catalog
            do {
                catalog = try catalogOptions.loadValidCatalog()
            } catch {
                var failure = error
                if failure.status == .inputErrors { failure.message = "the catalog has errors; fix them to explain the reports" }
                throw failure
            }
            let context = ReportContext.load(
                catalog: catalog, catalogFile: catalogOptions.catalog, observed: try observed.map(Self.loadObserved))
            if db.map({ !$0.isEmpty }) ?? false, ReportDatabases.holdsPassword(database) {
                Output.error(
                    "iapcat: warning: the --db URL holds a password, which every user of this machine can read in the process list (ps, /proc/PID/cmdline); give it in --db-password-file, PGPASSWORD or PGPASSFILE (~/.pgpass) instead, or the whole URL in IAPCAT_REPORTS_DB"
                )
            }
            let variables = Console.current.environment
            let postgres = PostgresEnvironment(
                variables: variables,
                passwordFile: dbPasswordFile ?? variables["IAPCAT_REPORTS_DB_PASSWORD_FILE"].flatMap { $0.isEmpty ? nil : $0 })
            let today = ReportDay(secondsSince1970: Int64(Date().timeIntervalSince1970))
            let filter = self.filter
            let snapshot = filter.apply(to: try await Self.read(database, filter.query(today: today), postgres: postgres), today: today)
            let analysis = ReportAnalyzer(context: context).analyze(snapshot).admitting(threshold)
            switch format {
            case .text: Output.report(ReportTextRenderer().render(analysis))
            case .json: Output.report(ReportJSONRenderer().render(analysis))
            case .markdown: Output.report(ReportMarkdownRenderer().render(analysis))
            case .html:
                var page = ReportPage()
                if filter != ReportFilter() { page.filter = ReportPageFilter(filter: filter, today: today) }
                Output.report(page.render(analysis))
            }
            try Output.finish(failOn.fails(analysis) ? .inputErrors : .clean)
        }

        /// A pulled catalog (``ObservedCatalog/read(_:)``), or the command's failure.
        static func loadObserved(_ path: String) throws(CommandFailure) -> ObservedCatalog {
            do {
                return try ObservedCatalog.read(path)
            } catch {
                switch error {
                case .unreadable(let error): throw .io(error)
                case .notACatalog(let errors):
                    throw .inputErrors("\(path) cannot be read as a catalog", details: Output.diagnostics(errors))
                }
            }
        }

        /// The rows `query` selects from the database at `location`. A SQLite file must exist: reading never creates one.
        static func read(_ location: String, _ query: ReportQuery, postgres: PostgresEnvironment = .none) async throws(CommandFailure)
            -> ReportSnapshot
        {
            if !ReportDatabases.isPostgres(location), !InputFile.exists(location) { throw .usage("\(location): no such reports database") }
            let database: any ReportDatabase
            do {
                let console = Console.current
                database = try await ReportDatabases.openForReading(
                    location, environment: postgres, logger: Logger(label: "iapcat.reports", factory: { _ in SwiftLogNoOpLogHandler() })
                ) { console.error(raw: "iapcat: warning: \($0)\n") }
            } catch {
                throw .io(error)
            }
            do {
                let snapshot = try await database.read(query)
                await database.close()
                return snapshot
            } catch {
                await database.close()
                throw .io(error)
            }
        }
    }
}

/// `--format` of `iapcat reports`.
enum ReportsFormat: String, CaseIterable, ExpressibleByArgument {
    case text, json, markdown, html
}

/// `--fail-on`: which findings make `iapcat reports` exit 1.
enum FailOn: String, CaseIterable, ExpressibleByArgument {
    case production, any, never

    func fails(_ analysis: ReportAnalysis) -> Bool {
        switch self {
        case .production: analysis.productionFindings > 0
        case .any: !analysis.isEmpty
        case .never: false
        }
    }
}

extension ReportedEnvironment: ExpressibleByArgument {}

extension ReportedStore: ExpressibleByArgument {}
