import ArgumentParser
import Foundation

/// `iapcat-fakes`: the test suite's fake App Store Connect and fake Play Developer API as one
/// program, so `iapcat asc` and `iapcat play` can be tried without an account (docs/try-locally.md).
/// Loopback only; state lives in memory and is gone when the fakes stop.
@main
struct FakeStores: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iapcat-fakes",
        abstract: "Run a fake App Store Connect and a fake Google Play Developer API on loopback.",
        discussion: """
            For trying `iapcat asc` and `iapcat play` without an account: the fakes hold the rules the \
            real services document (auth, paging, errors, limits) and keep everything in memory. \
            `start` runs them in the background and writes DIR/env.sh, which points iapcat at them; \
            `stop` ends them. Walkthrough: docs/try-locally.md.

            Examples:
              iapcat-fakes start --dir .fakes && . .fakes/env.sh
              iapcat-fakes stop --dir .fakes
            """,
        subcommands: [Start.self, Serve.self, Stop.self]
    )
}
