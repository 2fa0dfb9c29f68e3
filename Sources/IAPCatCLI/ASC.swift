import AppStoreConnect
import ArgumentParser
import Foundation
import IAPCatalog

extension IAPCat {
    /// `iapcat asc pull|plan|apply`: the catalog against App Store Connect, through its API.
    struct ASC: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "asc",
            abstract: "Pull, plan and apply the catalog against App Store Connect, and send products to App Review, through its API.",
            discussion: """
                Credentials: an App Store Connect API key (Users and Access → Integrations): --key-id, \
                --issuer-id (team keys; omit it for an individual key) and --private-key (the .p8 file), or \
                ASC_KEY_ID, ASC_ISSUER_ID and ASC_PRIVATE_KEY_PATH. The app is the catalog's app.apple_id. \
                Nothing prints or logs a token or the key. Guide: docs/app-store-connect.md.

                Examples:
                  iapcat asc pull --app 1234567890 -o catalogs/catalog.yaml
                  iapcat asc plan --catalog catalogs/catalog.yaml
                  iapcat asc apply --catalog catalogs/catalog.yaml --yes
                  iapcat asc submit --catalog catalogs/catalog.yaml --app-version 1.0 --dry-run
                """,
            subcommands: [
                IAPCat.ASCPull.self, IAPCat.ASCPlan.self, IAPCat.ASCApply.self, IAPCat.StoreShow<ConnectOptions>.self,
                IAPCat.ASCSubmit.self,
                IAPCat.ASCCancelSubmission.self, IAPCat.ASCOfferCodes.self,
            ]
        )
    }
}

/// The options every `asc` subcommand shares: credentials and the API's address.
struct ConnectOptions: StoreOptions {
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

    static let appFlag = "--app"

    static func check(app: String) throws(CommandFailure) {}

    func connect(app: String, settings: SyncSettings) throws(CommandFailure) -> StoreConnection<ConnectAdapter> {
        let client = try client()
        let adapter = ConnectAdapter(
            api: client, today: todayUTC(), allowOutsidePaths: settings.allowOutsidePaths,
            options: ConnectApplier.Options(preserveCurrentPrice: !settings.moveExistingSubscribers))
        return StoreConnection(adapter: adapter, close: { await client.shutdown() })
    }

    /// A client, or a failure naming the missing setting. Warns when the key file is readable by others.
    func client() throws(CommandFailure) -> ConnectClient {
        let environment = Console.current.environment
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
        let base = try SyncRunner.apiURL(flag: apiURL, variable: "ASC_API_URL", standard: ConnectClient.defaultBaseURL)
        return ConnectClient(baseURL: base, tokens: TokenProvider(key: loaded.key), observer: SyncRunner.observer(verbose: verbose))
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
