import ArgumentParser
import Foundation
import GooglePlay
import IAPCatalog

extension IAPCat {
    /// `iapcat play pull|plan|apply`: the catalog against Google Play, through the Play Developer API.
    struct Play: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "play",
            abstract: "Pull, plan and apply the catalog against Google Play, through the Play Developer API.",
            discussion: """
                Credentials: a Google Cloud service account's JSON key, invited in Play Console with access to \
                the app: --service-account FILE or GOOGLE_APPLICATION_CREDENTIALS. The app is the catalog's \
                app.google_play.package_name. Nothing prints or logs a token or the key. \
                Guide: docs/google-play.md.

                Examples:
                  iapcat play pull --package-name com.example.cosmicquest -o catalogs/catalog.yaml
                  iapcat play plan --catalog catalogs/catalog.yaml
                  iapcat play apply --catalog catalogs/catalog.yaml --yes
                """,
            subcommands: [IAPCat.PlayPullCommand.self, IAPCat.PlayPlanCommand.self, IAPCat.PlayApplyCommand.self]
        )
    }
}

/// The options every `play` subcommand shares: credentials and the API's address.
struct PlayOptions: ParsableArguments {
    @Option(
        name: .customLong("service-account"),
        help: ArgumentHelp("The service account's JSON key (or GOOGLE_APPLICATION_CREDENTIALS).", valueName: "file"),
        completion: .file(extensions: ["json"]))
    var serviceAccount: String?

    @Option(
        name: .customLong("api-url"),
        help: ArgumentHelp("The API's base URL (or PLAY_API_URL), for proxies and tests.", valueName: "url"))
    var apiURL: String?

    @Flag(name: .shortAndLong, help: "Print every request with its status.")
    var verbose = false

    /// A client of `packageName`, or a failure naming the missing setting. Warns when the key
    /// file is readable by others.
    func client(packageName: String) throws(CommandFailure) -> PlayClient {
        let environment = ProcessInfo.processInfo.environment
        guard let path = serviceAccount ?? environment["GOOGLE_APPLICATION_CREDENTIALS"], !path.isEmpty else {
            throw .usage("no service account: pass --service-account or set GOOGLE_APPLICATION_CREDENTIALS")
        }
        let loaded: (key: ServiceAccountKey, warning: String?)
        do {
            loaded = try ServiceAccountKey.load(path: path)
        } catch {
            // A key that cannot be read is an unreadable input (2); one that is not a key, an input with an error (1).
            guard case .notAKey = error else { throw CommandFailure(status: .usageOrIO, message: error.message) }
            throw .inputErrors(error.message)
        }
        if let warning = loaded.warning { Output.error("iapcat: warning: \(warning)") }
        let verbose = self.verbose
        let base = try SyncCommands.apiURL(flag: apiURL, variable: "PLAY_API_URL", standard: PlayClient.defaultBaseURL)
        return PlayClient(
            baseURL: base, packageName: packageName, key: loaded.key,
            observer: { exchange in
                if let (wait, reason) = exchange.retry {
                    SyncCommands.reportRetry(request: exchange.request, wait: wait, reason: reason, attempt: exchange.attempt)
                    return
                }
                guard verbose else { return }
                var line = "\(ServerText.printable(exchange.request)) → \(exchange.status == 0 ? "no answer" : String(exchange.status))"
                if exchange.attempt > 1 { line += " (attempt \(exchange.attempt))" }
                Output.error(line)
            })
    }
}

/// One command's connection to Google Play: it owns the HTTP client and closes it when the
/// command's work ends, however it ends.
struct PlaySession {
    let client: PlayClient
    let packageName: String

    /// Runs `work` with a client of `packageName`, closing it afterwards.
    static func run<T>(_ options: PlayOptions, packageName: String, _ work: (PlaySession) async throws(CommandFailure) -> T)
        async throws(CommandFailure) -> T
    {
        guard GooglePlayLimits.isPackageName(packageName) else {
            // Only `--package-name` can get here: the catalog's is validated.
            throw .usage(
                "'\(ServerText.printable(packageName))' is not an Android package name (two or more parts such as com.example.app)")
        }
        let session = PlaySession(client: try options.client(packageName: packageName), packageName: packageName)
        let result: Result<T, CommandFailure>
        do {
            result = .success(try await work(session))
        } catch {
            result = .failure(error)
        }
        await session.client.shutdown()
        return try result.get()
    }

    /// Everything the app holds on Play.
    func read() async throws(CommandFailure) -> PlayRemoteState {
        do throws(PlayAPIError) {
            return try await PlayRemoteReader(api: client).read()
        } catch {
            throw .inputErrors("Google Play: \(error)")
        }
    }

    /// The catalog at `path` planned against the app it names.
    func plan(_ catalog: Catalog) async throws(CommandFailure) -> (plan: PlayPlan, remote: PlayRemoteState) {
        let version: String
        if let pinned = catalog.app.googlePlay?.regionsVersion {
            version = pinned
        } else {
            do throws(PlayAPIError) {
                version = try await PlayRemoteReader(api: client).currentRegionsVersion()
            } catch {
                throw .inputErrors("Google Play: \(error)")
            }
        }
        let remote = try await read()
        return (PlayPlanner(regionsVersion: version).plan(catalog, against: remote), remote)
    }
}

/// The catalog at `path`, validated, and the package name it gives Play; errors stop a plan.
func loadCatalogForPlay(_ path: String, paths: PathOptions? = nil) throws(CommandFailure) -> (catalog: Catalog, packageName: String) {
    let catalog = try loadCatalogForConnect(path, validator: paths?.validator ?? CatalogValidator(), store: "Google Play")
    guard let name = catalog.app.googlePlay?.packageName, !name.isEmpty else {
        throw .inputErrors("\(path): app.google_play.package_name is not set: it names the app on Google Play")
    }
    return (catalog, name)
}
