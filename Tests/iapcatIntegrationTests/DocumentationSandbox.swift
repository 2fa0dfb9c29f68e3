import Foundation
import IAPCatTestSupport

/// Where the documentation test runs a page's commands: a scratch copy of the repository in which
/// `iapcat init` has run, as a new user's first step (so `catalogs/catalog.yaml`, the catalog the
/// commands use when none is named, is the starter catalog with its lists), the built `iapcat`
/// and `iapcat-fakes` first on the PATH, `swift run PRODUCT` running the built product, the fake
/// App Store Connect and Google Play running with the variables that point iapcat at them,
/// `$EDITOR` a no-op and `$HOME` a scratch folder.
struct DocumentationSandbox {
    /// The copy of the repository; commands run here.
    let repository: String
    let environment: [String: String]
    private let root: String
    private let fakes: String

    /// What the copy holds: everything a documented command reads (the tests' fixtures too), none of
    /// the sources.
    static let copied = ["README.md", "CHANGELOG.md", "action.yml", "catalogs", "schemas", "scripts", "docs", "Benchmarks", "Tests"]

    static func create() throws -> DocumentationSandbox {
        let files = FileManager.default
        let root = NSTemporaryDirectory() + "iapcat-docs-\(UUID().uuidString)"
        let repository = root + "/repository", bin = root + "/bin", fakes = root + "/fakes"
        for folder in [repository, bin, root + "/home"] { try files.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        for item in copied { try files.copyItem(atPath: IAPCat.packageRoot + "/" + item, toPath: repository + "/" + item) }

        let built = URL(fileURLWithPath: IAPCat.executable).deletingLastPathComponent().path
        for product in ["iapcat", "iapcat-fakes"] {
            try files.createSymbolicLink(atPath: bin + "/" + product, withDestinationPath: built + "/" + product)
        }
        let swift = """
            #!/bin/sh
            # The documentation test's `swift`: `swift run [-c release] PRODUCT ARGS…` runs the product already built.
            [ "$1" = run ] || { echo "doc test: only \\`swift run\\` runs here, not \\`swift $*\\`" >&2; exit 97; }
            shift
            [ "$1" = -c ] && shift 2
            product="$1"; shift
            exec "\(bin)/$product" "$@"

            """
        _ = files.createFile(atPath: bin + "/swift", contents: Data(swift.utf8), attributes: [.posixPermissions: 0o755])

        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["EDITOR"] = "true"
        environment["HOME"] = root + "/home"
        environment["NO_COLOR"] = "1"
        // A new user's first step: the catalog the commands use when none is named, its lists and a workflow.
        let initialized = try Self.run(["iapcat", "init"], in: repository, environment: environment)
        guard initialized.status == 0 else { throw FixtureError("iapcat init failed: \(initialized.stderr)") }
        // The fakes hold the apps of the example catalog (the default) and of the starter catalog.
        let start = try Self.run(
            ["iapcat-fakes", "start", "--dir", fakes, "--play-app", "com.example.cosmicquest", "--play-app", "com.example.app"],
            in: repository, environment: environment)
        guard start.status == 0 else { throw FixtureError("iapcat-fakes start failed: \(start.stdout)\(start.stderr)") }
        for line in try String(contentsOfFile: fakes + "/env.sh", encoding: .utf8).split(separator: "\n")
        where line.hasPrefix("export ") {
            let assignment = line.dropFirst("export ".count).split(separator: "=", maxSplits: 1)
            environment[String(assignment[0])] = String(assignment[1]).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }
        return DocumentationSandbox(repository: repository, environment: environment, root: root, fakes: fakes)
    }

    /// Runs `script` with bash in the copy; killed after `timeout` seconds.
    func run(script: String, timeout: Double = 300) throws -> IAPCatRun {
        try Self.run(["bash", "-c", script], in: repository, environment: environment, timeout: timeout)
    }

    /// Writes `text` to `path` inside the copy, making its folder.
    func write(_ text: String, to path: String) throws {
        let target = URL(fileURLWithPath: repository + "/" + path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    /// Stops the fakes (the sandbox's, and any a page started and a failure left running) and
    /// removes everything.
    func remove() {
        let started = (FileManager.default.subpaths(atPath: repository) ?? []).filter { $0 == "pid" || $0.hasSuffix("/pid") }
        for folder in [fakes] + started.map({ repository + "/" + $0.dropLast("pid".count) }) {
            _ = try? Self.run(["iapcat-fakes", "stop", "--dir", folder], in: repository, environment: environment)
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String], timeout: Double = 120) throws
        -> IAPCatRun
    {
        try ChildProcess.run("/usr/bin/env", arguments, in: directory, timeout: timeout, environment: environment)
    }
}
