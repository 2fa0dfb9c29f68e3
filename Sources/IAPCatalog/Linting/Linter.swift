/// Runs `iapcat lint`: loads the catalog, validates it, reads each list (the ones given, or the
/// ones the catalog declares), checks them against the catalog, and filters by enabled rules.
public struct Linter: Sendable {
    public var options: LintOptions
    public var catalogLoader = CatalogLoader()
    public var catalogValidator = CatalogValidator()

    public init(options: LintOptions) {
        self.options = options
    }

    public func run() throws(LintSetupError) -> LintResult {
        var inputs: [(path: String, bytes: [UInt8], kind: InputKind)] = []
        for path in options.paths {
            let bytes: [UInt8]
            do { bytes = try InputFile.read(path) } catch { throw .unreadable(error) }
            inputs.append((path, bytes, InputKind.detect(bytes, path: path)))
        }
        guard
            let catalogPath = options.catalogPath
                ?? inputs.first(where: { $0.kind == .catalog })?.path
                ?? (InputFile.isRegularFile(LintOptions.defaultCatalogPath) ? LintOptions.defaultCatalogPath : nil)
        else { throw .noCatalog }

        var run = Run(options: options, loader: catalogLoader, validator: catalogValidator)
        let reference: Catalog?
        if let input = inputs.first(where: { FilePaths.normalized($0.path) == FilePaths.normalized(catalogPath) }) {
            reference = run.lintCatalog(input.bytes, file: input.path)
        } else {
            // Streamed from the file: a large catalog is never in memory whole.
            let loaded: CatalogLoader.Result
            do { loaded = try catalogLoader.load(catalogPath) } catch { throw .unreadable(error) }
            reference = run.lintCatalog(loaded, file: catalogPath)
        }

        if inputs.isEmpty {
            for declaration in reference?.lists ?? [] {
                run.lintDeclaredList(declaration, catalog: reference!, catalogFile: catalogPath)
            }
        }
        for input in inputs where FilePaths.normalized(input.path) != FilePaths.normalized(catalogPath) {
            switch input.kind {
            case .catalog:
                _ = run.lintCatalog(input.bytes, file: input.path)
            case .plist, .jsonList:
                let declaration = reference?.lists.first {
                    FilePaths.normalized(FilePaths.join(FilePaths.directory(of: catalogPath), $0.path)) == FilePaths.normalized(input.path)
                }
                run.lintList(
                    input.bytes, kind: input.kind, file: input.path, catalog: reference,
                    expectedFormat: declaration?.format ?? ProductListFormat.implied(byFileName: input.path),
                    environment: declaration?.environment)
            }
        }
        if options.isEnabled(.unlistedProduct), let reference {
            run.reportUnlisted(reference, catalogFile: catalogPath)
        }
        let diagnostics = run.diagnostics.filter { options.isEnabled($0.rule) }.sorted()
        return LintResult(diagnostics: diagnostics, files: run.files, catalog: reference)
    }

    /// The state of one run.
    private struct Run {
        let options: LintOptions
        let loader: CatalogLoader
        let validator: CatalogValidator
        var diagnostics: [Diagnostic] = []
        var files: [String] = []
        var listedIDs: Set<String> = []
        /// Built once per run, for the reference catalog.
        var listValidator: ProductListValidator?

        init(options: LintOptions, loader: CatalogLoader, validator: CatalogValidator) {
            self.options = options
            self.loader = loader
            self.validator = validator
        }

        mutating func lintCatalog(_ bytes: [UInt8], file: String) -> Catalog? {
            lintCatalog(loader.load(bytes, file: file), file: file)
        }

        mutating func lintCatalog(_ loaded: CatalogLoader.Result, file: String) -> Catalog? {
            files.append(file)
            diagnostics += loaded.diagnostics
            if let catalog = loaded.catalog {
                diagnostics += validator.validate(catalog, file: file)
            }
            return loaded.catalog
        }

        mutating func lintDeclaredList(_ declaration: ProductListDeclaration, catalog: Catalog, catalogFile: String) {
            let path = FilePaths.join(FilePaths.directory(of: catalogFile), declaration.path)
            let bytes: [UInt8]
            do {
                bytes = try InputFile.read(path)
            } catch {
                diagnostics.append(
                    Diagnostic(
                        error.isMissing ? .listNotFound : .fileUnreadable,
                        "list '\(declaration.path)' \(error.reason) (looked for \(path))",
                        at: SourceLocation(file: catalogFile, declaration.position ?? .start)))
                return
            }
            lintList(
                bytes, kind: InputKind.detect(bytes, path: path), file: path, catalog: catalog,
                expectedFormat: declaration.format, environment: declaration.environment)
        }

        /// Reads and checks one list. `environment` is the declared one; without a declaration the
        /// format's default applies (`.storekit` → sandbox), else `--environment`.
        mutating func lintList(
            _ bytes: [UInt8], kind: InputKind, file: String, catalog: Catalog?,
            expectedFormat: ProductListFormat?, environment: Environment?
        ) {
            files.append(file)
            let read = kind == .plist ? PlistReader().read(bytes, file: file) : ProductListJSONReader().read(bytes, file: file)
            diagnostics += read.diagnostics
            guard let list = read.list else { return }
            checkFormat(list, expected: expectedFormat)
            if options.isEnabled(.unlistedProduct) { listedIDs.formUnion(list.identifiers) }
            if let catalog {
                let validator = listValidator ?? ProductListValidator(catalog: catalog)
                listValidator = validator
                let served = environment ?? list.format.defaultEnvironment ?? options.undeclaredEnvironment
                diagnostics += validator.validate(list, environment: served, isEnabled: options.isEnabled)
            }
        }

        private mutating func checkFormat(_ list: ProductList, expected: ProductListFormat?) {
            guard let expected, expected != list.format else { return }
            let location = SourceLocation(file: list.file, line: list.isBinary ? nil : 1, column: list.isBinary ? nil : 1)
            let versioned: Set<ProductListFormat> = [.v1, .v2]
            if !versioned.contains(expected) || !versioned.contains(list.format) {
                diagnostics.append(
                    Diagnostic(
                        .invalidListStructure,
                        "expected a \(expected.rawValue) list, but the file is a \(list.format.rawValue) list", at: location))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .listVersionMismatch,
                        "expected a \(expected.rawValue) list, but the content is version \(list.contentVersion ?? 0)",
                        at: location))
            }
        }

        mutating func reportUnlisted(_ catalog: Catalog, catalogFile: String) {
            for product in catalog.products where product.status != .removed && !listedIDs.contains(product.id) {
                diagnostics.append(
                    Diagnostic(
                        .unlistedProduct, "no list names '\(product.id)'",
                        at: SourceLocation(file: catalogFile, product.positions.id ?? .start)))
            }
        }
    }
}
