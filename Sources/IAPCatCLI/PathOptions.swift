import ArgumentParser
import IAPCatalog

/// `--allow-outside-paths`, for the commands that read the files a catalog names.
struct PathOptions: ParsableArguments {
    @Flag(
        name: .long,
        help: """
            Read review screenshots and images outside the catalog's folder (absolute paths, '..', symbolic links \
            leading out); without it they are refused (path_outside_folder).
            """)
    var allowOutsidePaths = false

    /// The validator these options ask for.
    var validator: CatalogValidator { CatalogValidator(allowsOutsidePaths: allowOutsidePaths) }
}
