import AppStoreConnect
import ArgumentParser
import Foundation
import IAPCatalog

extension IAPCat {
    /// `iapcat asc pull|plan|apply`: the catalog against App Store Connect, through its API.
    struct ASC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "asc",
            abstract: "Pull, plan and apply the catalog against App Store Connect, through its API.",
            discussion: """
                Credentials: an App Store Connect API key (Users and Access → Integrations): --key-id, \
                --issuer-id (team keys; omit it for an individual key) and --private-key (the .p8 file), or \
                ASC_KEY_ID, ASC_ISSUER_ID and ASC_PRIVATE_KEY_PATH. The app is the catalog's app.apple_id. \
                Nothing prints or logs a token or the key. Guide: docs/app-store-connect.md.

                Examples:
                  iapcat asc pull --app 1234567890 -o catalogs/catalog.yaml
                  iapcat asc plan --catalog catalogs/catalog.yaml
                  iapcat asc apply --catalog catalogs/catalog.yaml --yes
                """,
            subcommands: [IAPCat.ASCPull.self, IAPCat.ASCPlan.self, IAPCat.ASCApply.self]
        )
    }
}

/// The options every `asc` subcommand shares: credentials and the API's address.
struct ConnectOptions: ParsableArguments {
    @Option(name: .customLong("key-id"), help: ArgumentHelp("The API key's id (or ASC_KEY_ID).", valueName: "id"))
    var keyID: String?

    @Option(
        name: .customLong("issuer-id"),
        help: ArgumentHelp("The issuer id of a team key (or ASC_ISSUER_ID); omit it for an individual key.", valueName: "id"))
    var issuerID: String?

    @Option(
        name: .customLong("private-key"), help: ArgumentHelp("The .p8 key file (or ASC_PRIVATE_KEY_PATH).", valueName: "file"),
        completion: .file(extensions: ["p8"]))
    var privateKey: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp("The API's base URL (or ASC_API_URL), for proxies and tests.", valueName: "url"))
    var apiURL: String?

    @Flag(name: .shortAndLong, help: "Print every request with its status and the rate limit left.")
    var verbose = false

    /// A client, or a failure naming the missing setting. Warns when the key file is readable by others.
    func client() throws(CommandFailure) -> ConnectClient {
        let environment = ProcessInfo.processInfo.environment
        guard let keyID = keyID ?? environment["ASC_KEY_ID"], !keyID.isEmpty else {
            throw .usage("no API key id: pass --key-id or set ASC_KEY_ID")
        }
        guard let path = privateKey ?? environment["ASC_PRIVATE_KEY_PATH"], !path.isEmpty else {
            throw .usage("no API key file: pass --private-key or set ASC_PRIVATE_KEY_PATH")
        }
        let issuer = (issuerID ?? environment["ASC_ISSUER_ID"]).flatMap { $0.isEmpty ? nil : $0 }
        let loaded: (key: APIKey, warning: String?)
        do {
            loaded = try APIKey.load(keyID: keyID, issuerID: issuer, path: path)
        } catch {
            // A key that cannot be read is an unreadable input (2); one that is not a key, an input with an error (1).
            guard case .notAKey = error else { throw CommandFailure(status: .usageOrIO, message: error.message) }
            throw .inputErrors(error.message)
        }
        if let warning = loaded.warning { Output.error("iapcat: warning: \(warning)") }
        let verbose = self.verbose
        let base = try SyncCommands.apiURL(flag: apiURL, variable: "ASC_API_URL", standard: ConnectClient.defaultBaseURL)
        return ConnectClient(
            baseURL: base, tokens: TokenProvider(key: loaded.key),
            observer: { exchange in
                // A wait is always one line: nobody should wonder whether iapcat hangs.
                if let (wait, reason) = exchange.retry {
                    SyncCommands.reportRetry(request: exchange.request, wait: wait, reason: reason, attempt: exchange.attempt)
                    return
                }
                guard verbose else { return }
                var line = "\(exchange.request) → \(exchange.status == 0 ? "no answer" : String(exchange.status))"
                if exchange.attempt > 1 { line += " (attempt \(exchange.attempt))" }
                if let limit = exchange.rateLimit { line += " [rate limit \(limit.remaining)/\(limit.limit) left]" }
                Output.error(line)
            })
    }
}

/// Today's date in UTC, `YYYY-MM-DD`: what separates current prices from scheduled ones.
func todayUTC() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter.string(from: Date())
}

/// An API failure as a diagnostic line: the request, the status, `code`, `detail`, and where the
/// catalog holds the value a `source.pointer` names.
func describe(_ error: APIError) -> String {
    var text = "App Store Connect: " + error.message
    for object in error.errors.dropFirst() { text += "\n  \(object.code): \(object.detail ?? object.title ?? "")" }
    if let pointer = error.errors.first?.pointer { text += " (at \(pointer))" }
    return text
}

/// The catalog at `path`, validated; its errors stop a plan.
func loadCatalogForConnect(_ path: String, validator: CatalogValidator = CatalogValidator(), store: String = "App Store Connect")
    throws(CommandFailure) -> Catalog
{
    let result: CatalogLoader.Result
    do {
        result = try CatalogLoader().loadValidated(path, validator: validator)
    } catch {
        // Missing or unreadable: exit 2, as in every command (`plan --detailed-exitcode` makes it 1).
        throw .io(error)
    }
    let report = result.diagnostics.isEmpty ? nil : Output.diagnostics(LintResult(diagnostics: result.diagnostics, files: [path]))
    guard let catalog = result.catalog, !result.hasErrors else {
        throw .inputErrors("\(path) has errors; fix them before talking to \(store)", details: report)
    }
    return catalog
}

/// One command's connection to App Store Connect: it owns the HTTP client and closes it when the
/// command's work ends, however it ends.
struct ConnectSession {
    let client: ConnectClient

    /// Runs `work` with a session of `options`' client, closing the client afterwards.
    static func run<T>(_ options: ConnectOptions, _ work: (ConnectSession) async throws(CommandFailure) -> T) async throws(CommandFailure)
        -> T
    {
        let session = ConnectSession(client: try options.client())
        let result: Result<T, CommandFailure>
        do {
            result = .success(try await work(session))
        } catch {
            result = .failure(error)
        }
        await session.client.shutdown()
        return try result.get()
    }

    /// Reads the app's state (of `productIDs` only, when given); API failures become diagnostics.
    func read(appID: String) async throws(CommandFailure) -> RemoteState {
        do throws(APIError) {
            return try await RemoteReader(api: client).read(appID: appID)
        } catch {
            throw .inputErrors(describe(error))
        }
    }

    /// The catalog at `catalogPath` against the app it names: what `plan` and `apply` work from.
    func plan(catalogPath: String, paths: PathOptions) async throws(CommandFailure) -> PlannedCatalog {
        let catalog = try loadCatalogForConnect(catalogPath, validator: paths.validator)
        guard let appID = catalog.app.appleID, !appID.isEmpty else {
            throw .inputErrors("\(catalogPath): app.apple_id is not set: it names the app in App Store Connect")
        }
        var desired = DesiredState(catalog: catalog)
        _ = desired.readScreenshots(catalogDirectory: FilePaths.directory(of: catalogPath), allowingOutside: paths.allowOutsidePaths)
        let today = todayUTC()
        let remote = try await read(appID: appID)
        return PlannedCatalog(
            catalog: catalog, desired: desired, remote: remote, plan: Planner(today: today).plan(desired, against: remote), today: today)
    }
}

/// A catalog planned against App Store Connect.
struct PlannedCatalog {
    /// The catalog as loaded (for positions of API errors).
    let catalog: Catalog
    /// What it asks for.
    let desired: DesiredState
    /// What the store held when planned.
    let remote: RemoteState
    /// The steps.
    let plan: Plan
    /// `YYYY-MM-DD` the plan was made for.
    let today: String
}
