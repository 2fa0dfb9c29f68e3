import ArgumentParser

/// How `pull --catalog` refreshes the catalog file: `--check` (CI drift) and `--prune`.
struct RefreshOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "With --catalog: write nothing; print what differs and exit 1 when the catalog differs from the store (0 when not)."))
    var check = false

    @Flag(
        help: ArgumentHelp(
            "With --catalog: remove the catalog's products the store does not hold (each is named) instead of keeping them marked."))
    var prune = false

    func validate(catalog: String?) throws(CommandFailure) {
        if catalog == nil && (check || prune) {
            throw .usage("--\(check ? "check" : "prune") needs --catalog: the catalog to compare with the store")
        }
    }
}
