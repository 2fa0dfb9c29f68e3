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
            subcommands: [
                IAPCat.PlayPullCommand.self, IAPCat.PlayPlanCommand.self, IAPCat.PlayApplyCommand.self, IAPCat.StoreShow<PlayOptions>.self,
            ]
        )
    }
}

/// The options every `play` subcommand shares: credentials and the API's address.
struct PlayOptions: StoreOptions {
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

    static let appFlag = "--package-name"

    static func check(app: String) throws(CommandFailure) {
        // Only `--package-name` can fail here: the catalog's is validated.
        guard GooglePlayLimits.isPackageName(app) else {
            throw .usage("'\(ServerText.printable(app))' is not an Android package name (two or more parts such as com.example.app)")
        }
    }

    func connect(app: String, settings: SyncSettings) throws(CommandFailure) -> StoreConnection<PlayAdapter> {
        let client = try client(packageName: app)
        return StoreConnection(adapter: PlayAdapter(api: client, packageName: app), close: { await client.shutdown() })
    }

    /// A client of `packageName`, or a failure naming the missing setting. Warns when the key
    /// file is readable by others.
    private func client(packageName: String) throws(CommandFailure) -> PlayClient {
        let environment = Console.current.environment
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
        let base = try SyncRunner.apiURL(flag: apiURL, variable: "PLAY_API_URL", standard: PlayClient.defaultBaseURL)
        return PlayClient(baseURL: base, packageName: packageName, key: loaded.key, observer: SyncRunner.observer(verbose: verbose))
    }
}
