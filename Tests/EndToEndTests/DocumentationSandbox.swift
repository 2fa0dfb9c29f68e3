import Foundation
import IAPCatTestSupport

/// The template's folder, for the `atexit` handler that removes it (set once, before it is registered).
nonisolated(unsafe) private var templateRoot: String?

/// Where the documentation test runs a page's commands: a scratch copy of the repository in which
/// `iapcat init` has run, as a new user's first step (so `catalogs/catalog.yaml`, the catalog the
/// commands use when none is named, is the starter catalog with its lists), the built `iapcat`
/// and `iapcat-fakes` first on the PATH, `swift run PRODUCT` running the built product, the fake
/// App Store Connect and Google Play running with the variables that point iapcat at them,
/// `$EDITOR` a no-op and `$HOME` a scratch folder.
///
/// The copy and `init` are made once per test process (``Template``); each page gets a copy of
/// that copy (`cp -a`, a few milliseconds) and fakes of its own, so no page sees another's changes.
struct DocumentationSandbox {
    /// The copy of the repository; commands run here.
    let repository: String
    let environment: [String: String]
    private let root: String
    private let fakes: String

    /// What the copy holds: everything a documented command reads (the tests' fixtures too), none of
    /// the sources.
    static let copied = ["README.md", "CHANGELOG.md", "action.yml", "catalogs", "schemas", "scripts", "docs", "Benchmarks", "Tests"]

    /// The repository copied once, `init` run in it, and the folder of programs on the PATH.
    struct Template: Sendable {
        let root: String
        let bin: String
        var repository: String { root + "/repository" }

        /// Made on first use and kept for the test process; removed when the process exits.
        static let shared = Task { try await Template.make() }

        static func make() async throws -> Template {
            let files = FileManager.default
            let root = NSTemporaryDirectory() + "iapcat-docs-template-\(UUID().uuidString)"
            let repository = root + "/repository", bin = root + "/bin"
            for folder in [repository, bin] { try files.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let copy = try await ChildProcess.run(
                "/bin/cp", ["-R"] + DocumentationSandbox.copied + [repository], in: IAPCat.packageRoot, timeout: 120)
            guard copy.status == 0 else { throw FixtureError("copying the repository failed: \(copy.stderr)") }

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
            let template = Template(root: root, bin: bin)
            templateRoot = root
            atexit { if let root = templateRoot { try? FileManager.default.removeItem(atPath: root) } }
            // A new user's first step: the catalog the commands use when none is named, its lists and a workflow.
            let initialized = try await DocumentationSandbox.run(
                ["iapcat", "init"], in: repository, environment: template.environment(home: root + "/home"))
            guard initialized.status == 0 else { throw FixtureError("iapcat init failed: \(initialized.stderr)") }
            return template
        }

        /// The variables every sandbox starts from.
        func environment(home: String) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["EDITOR"] = "true"
            environment["HOME"] = home
            environment["NO_COLOR"] = "1"
            return environment
        }
    }

    /// Runs `body` in a sandbox of its own, then stops its fakes and removes it (also when `body` throws).
    static func with<T>(_ body: (DocumentationSandbox) async throws -> T) async throws -> T {
        let sandbox = try await create()
        do {
            let result = try await body(sandbox)
            await sandbox.remove()
            return result
        } catch {
            await sandbox.remove()
            throw error
        }
    }

    private static func create() async throws -> DocumentationSandbox {
        let template = try await Template.shared.value
        let root = NSTemporaryDirectory() + "iapcat-docs-\(UUID().uuidString)"
        let repository = root + "/repository", fakes = root + "/fakes"
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        let copy = try await ChildProcess.run("/bin/cp", ["-a", template.repository, repository], in: root, timeout: 120)
        guard copy.status == 0 else { throw FixtureError("copying the sandbox failed: \(copy.stderr)") }
        var environment = template.environment(home: root + "/home")
        // The fakes hold the apps of the example catalog (the default) and of the starter catalog.
        let start = try await Self.run(
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
    func run(script: String, timeout: Double = 300) async throws -> IAPCatRun {
        try await Self.run(["bash", "-c", script], in: repository, environment: environment, timeout: timeout)
    }

    /// Writes `text` to `path` inside the copy, making its folder.
    func write(_ text: String, to path: String) throws {
        let target = URL(fileURLWithPath: repository + "/" + path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
    }

    /// Stops the fakes (the sandbox's, and any a page started and a failure left running) and
    /// removes everything.
    private func remove() async {
        let started = (FileManager.default.subpaths(atPath: repository) ?? []).filter { $0 == "pid" || $0.hasSuffix("/pid") }
        for folder in [fakes] + started.map({ repository + "/" + $0.dropLast("pid".count) }) {
            _ = try? await Self.run(["iapcat-fakes", "stop", "--dir", folder], in: repository, environment: environment)
        }
        try? FileManager.default.removeItem(atPath: root)
    }

    static func run(_ arguments: [String], in directory: String, environment: [String: String], timeout: Double = 300) async throws
        -> IAPCatRun
    {
        try await ChildProcess.run("/usr/bin/env", arguments, in: directory, timeout: timeout, environment: environment)
    }
}
