import ArgumentParser
import CatalogGenerator
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension IAPCat {
    /// `iapcat init`: a starter catalog, its lists and a CI workflow, for a new project.
    struct Init: ParsableCommand, ColoredCommand {
        static let configuration = CommandConfiguration(
            abstract: "Start a catalog: write a starter catalog, the lists it declares and a GitHub Actions workflow that lints them.",
            discussion: """
                Writes into DIR (default: the current folder), creating folders as needed: \
                \(StarterProject.catalogPath) (four products: a consumable, a non-consumable and two \
                auto-renewable subscriptions in one group, their ids starting with --bundle-id, hyphens as \
                underscores), the lists it \
                declares beside it (product_ids.plist; products_v2.json, production, which `iapcat serve` offers \
                App Store builds at /products_v2.json; sandbox/products_v2.json, which it offers debug and \
                TestFlight builds at /sandbox/products_v2.json; Products.storekit; as `iapcat export --all` writes \
                them) and \(StarterProject.workflowPath). All of them lint clean. An existing file \
                is never replaced without --force: then nothing is written.

                Examples:
                  iapcat init --bundle-id com.example.app
                  iapcat init --bundle-id com.example.app --dir MyApp
                """
        )

        @Option(name: .customLong("bundle-id"), help: ArgumentHelp("The app's bundle id; product ids start with it.", valueName: "id"))
        var bundleID = StarterProject.defaultBundleID

        @Option(
            name: .long, help: ArgumentHelp("The project folder to write into (created if missing).", valueName: "dir"),
            completion: .directory)
        var dir = "."

        @Option(
            name: .long,
            help: ArgumentHelp("The iapcat action the workflow uses (OWNER: the account that hosts iapcat).", valueName: "owner/repo@ref"))
        var action = StarterProject().action

        @Flag(name: .long, help: "Replace files that already exist.")
        var force = false

        @OptionGroup var colorOptions: ColorOptions

        func validate() throws {
            if let problem = StarterProject.problem(withBundleID: bundleID) { throw ValidationError(problem) }
            // It goes into the workflow's YAML as it is: owner/repo[/path]@ref, nothing else.
            guard action.wholeMatch(of: #/[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(/[A-Za-z0-9_./-]+)?@[A-Za-z0-9_./-]+/#) != nil else {
                throw ValidationError("--action \(ServerText.printable(action)): expected owner/repo@ref, such as OWNER/iapcat@0.1.0")
            }
        }

        func run() throws(CommandFailure) {
            let files: [ExportedFile]
            switch StarterProject(bundleID: bundleID, action: action).files(in: dir == "." ? "" : dir) {
            case .success(let written): files = written
            case .failure(let error):
                throw .inputErrors(
                    "the starter catalog for \(bundleID) does not lint clean; nothing was written",
                    details: Output.diagnostics(LintResult(diagnostics: error.diagnostics, files: [StarterProject.catalogPath])))
            }
            if !force {
                let existing = files.map(\.path).filter { path in
                    var status = stat()
                    return lstat(path, &status) == 0
                }
                guard existing.isEmpty else {
                    throw CommandFailure(
                        status: .usageOrIO,
                        message: "\(existing.map(ServerText.printable).joined(separator: ", ")) already "
                            + "\(Plural.word(existing.count, "exists", "exist")); nothing was written (--force replaces them)")
                }
            }
            // Every target, then every folder, before the first file: what a write would refuse (a FIFO, a
            // directory, a device at a path) or a file in the way of a folder stops the run with nothing written.
            do {
                try OutputTarget.check(files.map(\.path))
                for file in files { try MissingFolders.createAbove(file.path) }
            } catch {
                throw failure(error)
            }
            for file in files {
                do {
                    try AtomicFile.write(file.bytes, to: file.path)
                } catch {
                    throw failure(error)
                }
                // --dir is printed escaped, as every path from the command line is.
                Output.error("wrote \(ServerText.printable(file.path))")
            }
            Output.error(nextSteps)
            try Output.finish()
        }

        /// `error` with its path and reason escaped (they hold --dir): the message stays one line.
        private func failure(_ error: OutputError) -> CommandFailure {
            .io(OutputError(path: ServerText.printable(error.path), reason: ServerText.printable(error.reason)))
        }

        /// The commands to run next, from the project folder.
        private var nextSteps: String {
            var lines = ["", "Next:"]
            if dir != "." { lines.append("  cd \(ServerText.printable(dir))") }
            lines += [
                "  iapcat lint                      # the catalog and its lists: clean",
                "  $EDITOR \(StarterProject.catalogPath)    # your products (docs/catalog.md)",
                "  iapcat export --all              # rewrite the lists from the catalog",
                "  iapcat lint                      # again; then commit: CI runs the same checks",
            ]
            if action.hasPrefix("OWNER/") { lines.append("Edit OWNER in \(StarterProject.workflowPath): the account that hosts iapcat.") }
            return lines.joined(separator: "\n")
        }
    }
}
