import AppStoreConnect
import ArgumentParser
import Foundation
import IAPCatalog

extension IAPCat {
    /// `iapcat asc offer-codes`: what the catalog cannot hold of offer codes.
    struct ASCOfferCodes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "offer-codes",
            abstract: "Make one-time-use codes of a one-time purchase's offer code: an event, never catalog state.",
            subcommands: [IAPCat.ASCOfferCodesGenerate.self])
    }

    /// `iapcat asc offer-codes generate`: a batch of one-time-use codes, written to a file.
    struct ASCOfferCodesGenerate: AsyncParsableCommand {
        /// `2027-03-31`, or `90d`: that many days after `today` (at most 3,660).
        static func day(_ text: String, today: CalendarDate) -> CalendarDate? {
            if let date = CalendarDate(text) { return date }
            guard text.hasSuffix("d"), let days = Int(text.dropLast()), (0...3_660).contains(days) else { return nil }
            return today.adding(days: days)
        }

        static let configuration = CommandConfiguration(
            commandName: "generate",
            abstract: "Ask App Store Connect for a batch of one-time-use codes and write them to a file, one per line.",
            discussion: """
                The offer code must exist in App Store Connect (the catalog's `offer_codes` of the product, created \
                by `asc apply`) and be active. Codes for customers need the in-app purchase approved (and the app \
                ready for distribution); --sandbox codes, for testing the redemption, do not. The codes go to --out \
                only, created readable by its owner alone (0600), written whole or not at all; they are never \
                printed, logged or put in the catalog. Each run makes a new batch: App Store Connect counts every \
                code made against the app's quarterly limit, and deletes none. --expires is a day (YYYY-MM-DD) or a \
                number of days from today (90d); App Store Connect allows at most six months.

                Examples:
                  iapcat asc offer-codes generate --catalog catalogs/example.yaml --product com.example.cosmicquest.season_pass.2026 --offer-code "Season pass for returning players" --count 5 --expires 90d --sandbox --out sandbox-codes.txt
                """)

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp("The catalog, for the app (default: catalogs/catalog.yaml).", valueName: "file"),
            completion: .file(extensions: ["yaml", "yml"]))
        var catalog: String?

        @Option(help: ArgumentHelp("The one-time purchase (its product id).", valueName: "id"))
        var product: String

        @Option(name: .customLong("offer-code"), help: ArgumentHelp("The offer code's reference name.", valueName: "name"))
        var offerCode: String

        @Option(help: ArgumentHelp("How many codes (1 to 100,000).", valueName: "n"))
        var count: Int

        @Option(help: ArgumentHelp("The last day the codes redeem: YYYY-MM-DD, or days from today (90d).", valueName: "date"))
        var expires: String

        @Flag(help: "Codes for the sandbox, not for customers.")
        var sandbox = false

        @Option(
            name: [.customShort("o"), .customLong("out")],
            help: ArgumentHelp("Where the codes go: a new file readable by its owner alone.", valueName: "file"))
        var out: String

        @OptionGroup var connect: ConnectOptions
        @OptionGroup var paths: PathOptions

        func run() async throws(CommandFailure) {
            let today = CalendarDate(todayUTC()) ?? .distantPast
            guard let date = Self.day(expires, today: today) else {
                throw .usage("--expires \(ServerText.printable(expires)): expected YYYY-MM-DD or a number of days such as 90d")
            }
            guard date >= today else { throw .usage("--expires \(date): the day is past; codes would not redeem") }
            // A new file only, checked before the batch is made: codes never replace another file
            // (an earlier batch's codes, a catalog), and a batch is not spent on a path that fails.
            guard (try? FileManager.default.attributesOfItem(atPath: out)) == nil else {
                throw .usage("--out \(ServerText.printable(out)) exists: the codes go to a new file")
            }
            let loaded = try ReviewRunner.load(catalog ?? Catalog.defaultPath, validator: paths.validator)
            let request = OneTimeUseCodeBatch.Request(
                appID: loaded.app, productID: product, offerCode: offerCode, count: count, expires: date,
                environment: sandbox ? "SANDBOX" : "PRODUCTION")
            let client = try connect.client()
            let result: Result<OneTimeUseCodeBatch, OneTimeUseCodeBatch.Failure>
            do throws(OneTimeUseCodeBatch.Failure) {
                result = .success(try await OneTimeUseCodeBatch.generate(request, api: client))
            } catch {
                result = .failure(error)
            }
            await client.shutdown()
            let batch: OneTimeUseCodeBatch
            switch result {
            case .success(let made): batch = made
            case .failure(let failure): throw .inputErrors(failure.message)
            }
            do throws(OutputError) {
                try AtomicFile.write(Array(batch.codes.map { $0 + "\n" }.joined().utf8), to: out, mode: 0o600)
            } catch {
                throw .io(
                    OutputError(
                        path: ServerText.printable(error.path),
                        reason: "\(ServerText.printable(error.reason)); batch \(batch.id) was made in App Store Connect"))
            }
            Output.info(
                "wrote \(Plural.count(batch.codes.count, "one-time-use code")) of offer code \"\(ServerText.printable(offerCode))\" "
                    + "(batch \(ServerText.printable(batch.id)), \(sandbox ? "sandbox" : "production"), until \(date)) to \(ServerText.printable(out))"
            )
        }
    }
}
