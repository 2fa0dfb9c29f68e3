import AppStoreConnect
import ArgumentParser
import Foundation
import IAPCatalog

extension IAPCat {
    /// `iapcat asc pull`: a catalog from App Store Connect.
    struct ASCPull: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pull",
            abstract: "Write a catalog from the app's current state in App Store Connect.",
            discussion: """
                Reads in-app purchases, subscription groups and subscriptions, the current version's \
                localizations, review notes, Family Sharing, availability (territories and new territories), every \
                price customers pay now or will pay (current, scheduled and dated rows in every territory, and \
                the prices existing subscribers are kept on) and introductory offers as rows; the store's state \
                is written as store_state, and status is approved for a product App Review approved (on sale or \
                removed from sale), draft otherwise. Pull, then plan, is empty. With --catalog, that catalog names \
                the app and supplies what App Store Connect does not hold (client data, promotion, lists, \
                screenshot paths). Product ids are the identity: nothing else needs to be kept.
                """
        )

        @Option(
            name: .shortAndLong, help: ArgumentHelp("Write the catalog here instead of stdout (- is stdout).", valueName: "file"),
            completion: .file())
        var output: String?

        mutating func validate() throws {
            if output == "-" { output = nil }
        }

        @Option(name: .shortAndLong, help: ArgumentHelp("An existing catalog to start from (app, lists, client data).", valueName: "file"))
        var catalog: String?

        @Option(help: ArgumentHelp("The app's App Store Connect id (default: the catalog's app.apple_id).", valueName: "id"))
        var app: String?

        @OptionGroup var connect: ConnectOptions

        func run() async throws(CommandFailure) {
            let base = try catalog.map { path throws(CommandFailure) in try loadCatalogForConnect(path) }
            guard let appID = app ?? base?.app.appleID, !appID.isEmpty else {
                throw .usage("no app: pass --app or --catalog with app.apple_id")
            }
            let today = todayUTC()
            let result = try await ConnectSession.run(connect) { session throws(CommandFailure) -> CatalogBuilder.Result in
                let remote = try await session.read(appID: appID)
                var info = base?.app ?? AppInfo(bundleID: nil)
                info.appleID = appID
                if let app = try? await RemoteReader(api: session.client).readApp(appID: appID) {
                    info.bundleID = info.bundleID ?? app.bundleID
                    info.sku = info.sku ?? app.sku
                    if base == nil, let locale = app.primaryLocale { info.defaultLocale = locale }
                }
                return CatalogBuilder(today: today).build(remote, app: info, base: base)
            }
            for note in result.notes { Output.error(PlanRenderer.printable("iapcat: note: \(note.resource) \(note.message)")) }
            let text = CatalogYAMLWriter(headerComments: ["Pulled by iapcat from App Store Connect (app \(appID))."]).render(result.catalog)
            guard let output else {
                Output.report(text)
                return
            }
            do {
                try AtomicFile.write(Array(text.utf8), to: output)
            } catch {
                throw .io(error)
            }
            Output.error(
                "wrote \(output): \(Plural.count(result.catalog.products.count, "product")), \(Plural.count(result.catalog.subscriptionGroups.count, "subscription group"))"
            )
        }
    }
}
