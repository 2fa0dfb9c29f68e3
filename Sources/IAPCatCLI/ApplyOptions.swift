import ArgumentParser
import IAPCatalog

/// What `asc apply` and `play apply` share: a saved plan or the catalog, consent and confirmation.
struct ApplyOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "A plan saved by `plan -o`: apply exactly its steps, refusing when the catalog or what they depend on changed.",
            valueName: "plan"),
        completion: .file(extensions: ["json"]))
    var planFile: String?

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("The catalog (default: catalogs/catalog.yaml, or the saved plan's).", valueName: "file"),
        completion: .file(extensions: ["yaml", "yml"]))
    var catalog: String?

    @Flag(help: "Apply without asking.")
    var yes = false

    @Flag(help: "Carry out steps marked - (remove, narrow) and ! (what customers pay, where a live product is sold) too.")
    var allowImpact = false

    @Option(
        help: """
            text, or json: standard output then holds only a document of what was applied and where each product stands; \
            the plan and the progress go to standard error.
            """)
    var format: IAPCat.ApplyFormat = .text

    /// Applies the saved plan, or plans the catalog (within `scope`) and applies that.
    func run<Options: StoreOptions>(_ options: Options, scope: ScopeOptions, paths: PathOptions, settings: SyncSettings)
        async throws(CommandFailure)
    {
        guard let planFile else {
            try await SyncRunner.apply(
                options, catalog: catalog ?? Catalog.defaultPath, scope: scope, settings: settings, validator: paths.validator, yes: yes,
                allowImpact: allowImpact, format: format)
            return
        }
        guard scope.products.isEmpty && scope.changedSince == nil else {
            throw .usage("a saved plan keeps its own scope: --product and --changed-since go with `plan`")
        }
        try await SyncRunner.applySaved(
            options, plan: planFile, catalog: catalog, settings: settings, validator: paths.validator, yes: yes, allowImpact: allowImpact,
            format: format)
    }
}

extension IAPCat {
    /// Output formats of `apply`.
    enum ApplyFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }
}

/// What `asc show` and `play show` take: the saved plan and the format.
struct ShowOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The saved plan.", valueName: "plan"), completion: .file(extensions: ["json"]))
    var planFile: String

    @Option(help: "text, json or markdown (for a pull-request comment, at most 65,000 characters).")
    var format: IAPCat.PlanFormat = .text
}
