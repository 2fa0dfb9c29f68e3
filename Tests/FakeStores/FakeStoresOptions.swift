import ArgumentParser
import Foundation

/// Where the fakes keep their files (keys, `env.sh`, `pid`, `log`), and which apps they hold.
struct FakeStoresOptions: ParsableArguments {
    /// The folder when `--dir` is not given.
    static let defaultDirectory = ".iapcat-fakes"

    @Option(help: ArgumentHelp("The folder for the fakes' keys, env.sh, pid and log (made owner-only when new).", valueName: "dir"))
    var dir = FakeStoresOptions.defaultDirectory

    @Option(
        name: .customLong("asc-app"),
        help: ArgumentHelp("An App Store Connect app the fake holds, as APPLE_ID=BUNDLE_ID (repeatable).", valueName: "id=bundle"))
    var ascApps: [String] = ["1234567890=com.example.cosmicquest"]

    @Option(
        name: .customLong("play-app"),
        help: ArgumentHelp("A Google Play package the fake holds (repeatable).", valueName: "package"))
    var playApps: [String] = ["com.example.cosmicquest"]

    /// The folder as an absolute path, so env.sh works from any working directory.
    var absoluteDirectory: String {
        URL(fileURLWithPath: dir, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardized.path
    }

    var envFile: String { absoluteDirectory + "/env.sh" }
    var pidFile: String { absoluteDirectory + "/pid" }
    var logFile: String { absoluteDirectory + "/log" }

    /// The `--asc-app` values as (apple id, bundle id) pairs.
    func parsedASCApps() throws -> [(id: String, bundleID: String)] {
        try ascApps.map { value in
            let parts = value.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy(\.isNumber), !parts[1].isEmpty else {
                throw ValidationError("--asc-app \(value): expected APPLE_ID=BUNDLE_ID, e.g. 1234567890=com.example.app")
            }
            return (parts[0], parts[1])
        }
    }
}
