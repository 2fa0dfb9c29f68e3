import Dispatch

/// Runs `iapcat lint`: loads the catalog, validates it, reads each list (the ones given, or the
/// ones the catalog declares), checks them against the catalog, and filters by enabled rules.
public struct Linter: Sendable {
    /// What the run checks.
    public var options: LintOptions
    /// Reads the catalog and any catalogs given as inputs (default document limits unless replaced).
    public var catalogLoader = CatalogLoader()
    /// Checks the catalog's rules, review screenshots against the file system included.
    public var catalogValidator = CatalogValidator()

    /// Creates a linter for `options`, with the default loader and validator.
    public init(options: LintOptions) {
        self.options = options
    }

    /// Lints the inputs; throws only when there is no catalog or an input cannot be read.
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
                ?? (InputFile.isRegularFile(Catalog.defaultPath) ? Catalog.defaultPath : nil)
        else { throw .noCatalog }

        var run = Run(options: options, loader: catalogLoader, validator: catalogValidator)
        run.catalogFile = catalogPath
        let reference: Catalog?
        if let input = inputs.first(where: { FilePaths.normalized($0.path) == FilePaths.normalized(catalogPath) }) {
            reference = run.lintCatalog(input.bytes, file: input.path)
            run.catalogIsValid = reference != nil && !run.diagnostics.contains { $0.severity == .error }
        } else {
            // Streamed from the file: a large catalog is never in memory whole.
            let loaded: CatalogLoader.Result
            do { loaded = try catalogLoader.load(catalogPath) } catch { throw .unreadable(error) }
            reference = run.lintCatalog(loaded, file: catalogPath, validates: false)
            let declared = inputs.isEmpty ? reference?.lists ?? [] : []
            // Lists are compared with what export writes only when that can matter: a catalog
            // that loaded with errors is never exported.
            let exported = options.isEnabled(.staleList) && !loaded.hasErrors ? reference : nil
            let (validation, lists) = Self.validateAndRead(
                reference, file: catalogPath, lists: declared, validator: catalogValidator, comparingWith: exported)
            run.catalogIsValid = !loaded.hasErrors && !validation.contains { $0.severity == .error }
            run.diagnostics += validation
            for list in lists { run.check(list, catalog: reference) }
        }
        for index in inputs.indices where FilePaths.normalized(inputs[index].path) != FilePaths.normalized(catalogPath) {
            let (path, kind) = (inputs[index].path, inputs[index].kind)
            switch kind {
            case .catalog:
                _ = run.lintCatalog(inputs[index].bytes, file: path)
                inputs[index].bytes = []
            case .plist, .jsonList, .storeKit, .unity:
                let declaration = reference?.lists.first {
                    FilePaths.normalized(FilePaths.join(FilePaths.directory(of: catalogPath), $0.path)) == FilePaths.normalized(path)
                }
                let parsed = ReadList.parse(inputs[index].bytes, kind: kind, file: path)
                var list = ReadList(
                    file: path, read: parsed,
                    expectedFormat: declaration?.format ?? ProductListFormat.implied(byFileName: path),
                    environment: declaration?.environment)
                if let declaration, options.isEnabled(.staleList), run.catalogIsValid {
                    list.isStale = ReadList.isStale(inputs[index].bytes, declaration, catalog: reference)
                }
                // The bytes are let go once read: a 35 MB list is not held while its entries are checked.
                inputs[index].bytes = []
                run.check(list, catalog: reference)
            }
        }
        if options.isEnabled(.unlistedProduct), let reference {
            run.reportUnlisted(reference, catalogFile: catalogPath)
        }
        let diagnostics = run.diagnostics.filter { options.isEnabled($0.rule) }.sorted()
        return LintResult(diagnostics: diagnostics, files: run.files, catalog: reference)
    }

    /// A product-ID list read and parsed, not yet checked against the catalog.
    struct ReadList: Sendable {
        var file: String
        /// False when the file could not be read at all (it then counts as no file read).
        var wasRead = true
        /// The list, or nil when it could not be read (with why in the diagnostics).
        var read: (list: ProductList?, diagnostics: [Diagnostic])
        /// A StoreKit configuration's full content, checked against the catalog value by value.
        var storeKit: StoreKitConfiguration?
        /// A Unity IAP catalog's full content, its types checked against the catalog.
        var unity: UnityProductCatalog?
        var expectedFormat: ProductListFormat?
        var environment: StoreEnvironment?
        /// For a declared plist, v1 or v2 list: whether it differs from what export would write.
        var isStale: Bool?

        /// Whether `bytes`, the list `declaration` names, differ from what `iapcat export --all`
        /// writes for it in every ``ListOrder``; nil for a `.storekit` file (the drift rules compare
        /// it value by value: its storefront and version are export's options) or without a catalog.
        static func isStale(_ bytes: [UInt8], _ declaration: ProductListDeclaration, catalog: Catalog?) -> Bool? {
            // A .storekit file is compared value by value (storekit_*), a Unity catalog is never written by export.
            guard let catalog, declaration.format != .storekit, declaration.format != .unity else { return nil }
            return !ListOrder.allCases.contains { order in
                ProductListExporter(catalog: catalog, order: order).render(declaration.format, environment: declaration.environment)
                    == bytes
            }
        }

        /// What a list file holds: its entries, and the whole content of the formats checked value by value.
        typealias Parsed = (
            list: ProductList?, diagnostics: [Diagnostic], storeKit: StoreKitConfiguration?, unity: UnityProductCatalog?
        )

        static func parse(_ bytes: [UInt8], kind: InputKind, file: String) -> Parsed {
            switch kind {
            case .plist:
                let read = PlistReader().read(bytes, file: file)
                return (read.list, read.diagnostics, nil, nil)
            case .storeKit:
                let read = StoreKitReader().read(bytes, file: file)
                return (read.list, read.diagnostics, read.configuration, nil)
            case .unity:
                let read = UnityCatalogReader().read(bytes, file: file)
                return (read.list, read.diagnostics, nil, read.catalog)
            case .jsonList, .catalog:
                let read = ProductListJSONReader().read(bytes, file: file)
                return (read.list, read.diagnostics, nil, nil)
            }
        }

        /// Reads the list `declaration` names, relative to the catalog's directory, and compares
        /// it with what export would write from `catalog`.
        init(_ declaration: ProductListDeclaration, catalogFile: String, catalog: Catalog?) {
            let path = FilePaths.join(FilePaths.directory(of: catalogFile), declaration.path)
            file = path
            expectedFormat = declaration.format
            environment = declaration.environment
            do {
                let bytes = try InputFile.read(path)
                // A declared StoreKit configuration or Unity catalog is read as one whatever its content suggests.
                let kind: InputKind =
                    switch declaration.format {
                    case .storekit: .storeKit
                    case .unity: .unity
                    default: InputKind.detect(bytes, path: path)
                    }
                let parsed = Self.parse(bytes, kind: kind, file: path)
                read = (parsed.list, parsed.diagnostics)
                storeKit = parsed.storeKit
                unity = parsed.unity
                isStale = Self.isStale(bytes, declaration, catalog: catalog)
            } catch {
                let missing = Diagnostic(
                    error.isMissing ? .listNotFound : .fileUnreadable, "list '\(declaration.path)' \(error.reason) (looked for \(path))",
                    at: SourceLocation(file: catalogFile, declaration.position ?? .start),
                    hint: error.isMissing ? "`iapcat export --catalog \(catalogFile) --all` writes every list the catalog declares" : nil)
                read = (nil, [missing])
                wasRead = false
            }
        }

        init(file: String, read: Parsed, expectedFormat: ProductListFormat?, environment: StoreEnvironment?) {
            self.file = file
            self.read = (read.list, read.diagnostics)
            self.storeKit = read.storeKit
            self.unity = read.unity
            self.expectedFormat = expectedFormat
            self.environment = environment
        }
    }

    /// Validates the catalog and reads its declared lists at the same time, on all cores: the
    /// tasks are independent, and reading a 35 MB JSON list costs as much as the catalog rules.
    /// `exported`: the catalog the lists are compared with (``ReadList/isStale``), if any.
    static func validateAndRead(
        _ catalog: Catalog?, file: String, lists: [ProductListDeclaration], validator: CatalogValidator, comparingWith exported: Catalog?
    ) -> (validation: [Diagnostic], lists: [ReadList]) {
        // A list outside the catalog's folder is not read (the validation says why).
        let directory = FilePaths.directory(of: file)
        let lists = lists.filter {
            (try? ReferencedPath.resolve($0.path, in: directory, allowingOutside: validator.allowsOutsidePaths).get()) != nil
        }
        nonisolated(unsafe) var validation: [Diagnostic] = []
        nonisolated(unsafe) var read = [ReadList?](repeating: nil, count: lists.count)
        read.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: lists.count + 1) { task in
                // Each task writes only its own result.
                if task == lists.count {
                    if let catalog { validation = validator.validate(catalog, file: file) }
                } else {
                    slots[task] = ReadList(lists[task], catalogFile: file, catalog: exported)
                }
            }
        }
        return (validation, read.map { $0! })
    }

    /// The state of one run.
    private struct Run {
        let options: LintOptions
        let loader: CatalogLoader
        let validator: CatalogValidator
        var diagnostics: [Diagnostic] = []
        var files: [String] = []
        /// Whether the catalog has no errors: only then does export write lists, and a stale one is reported.
        var catalogIsValid = false
        /// The catalog the lists are checked against, as the user named it.
        var catalogFile = ""
        /// Which products of the reference catalog a list names, by the index of the first product
        /// with each identifier (marked while lists are validated: no second lookup per entry).
        var listedProducts: [Bool] = []
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

        /// Adds a loaded catalog's findings; with `validates`, also runs the catalog rules (the
        /// caller runs them otherwise, beside other work).
        mutating func lintCatalog(_ loaded: CatalogLoader.Result, file: String, validates: Bool = true) -> Catalog? {
            files.append(file)
            diagnostics += loaded.diagnostics
            if validates, let catalog = loaded.catalog {
                diagnostics += validator.validate(catalog, file: file)
            }
            return loaded.catalog
        }

        /// Checks a list that was read: its format, then its entries against the catalog.
        mutating func check(_ readList: ReadList, catalog: Catalog?) {
            if readList.wasRead { files.append(readList.file) }
            let read = readList.read
            diagnostics += read.diagnostics
            guard let list = read.list else { return }
            let expectedFormat = readList.expectedFormat, environment = readList.environment
            checkFormat(list, expected: expectedFormat)
            if readList.isStale == true, catalogIsValid {
                let format = expectedFormat.map { "\($0.rawValue) " } ?? ""
                diagnostics.append(
                    Diagnostic(
                        .staleList, "the \(format)list differs from what iapcat export writes from the catalog",
                        at: SourceLocation(file: list.file, line: list.isBinary ? nil : 1, column: list.isBinary ? nil : 1),
                        hint: "`iapcat export --catalog \(catalogFile) --all` rewrites it; add --check to see what differs"))
            }
            if let catalog {
                let validator = listValidator ?? ProductListValidator(catalog: catalog)
                listValidator = validator
                let served = environment ?? list.format.defaultEnvironment ?? options.undeclaredEnvironment
                var listed = listedProducts
                listedProducts = []
                if listed.isEmpty { listed = Array(repeating: false, count: catalog.products.count) }
                diagnostics += validator.validate(list, environment: served, isEnabled: options.isEnabled) { listed[$0] = true }
                listedProducts = listed
                if let configuration = readList.storeKit {
                    diagnostics += StoreKitDriftChecker(catalog: catalog).check(
                        configuration, environment: served, isEnabled: options.isEnabled)
                }
                if let unity = readList.unity {
                    diagnostics += UnityTypeChecker(catalog: catalog).check(unity, isEnabled: options.isEnabled)
                }
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
            let validator = listValidator ?? ProductListValidator(catalog: catalog)
            func isListed(_ id: String) -> Bool {
                guard let index = validator.productIndex(of: id), listedProducts.indices.contains(index) else { return false }
                return listedProducts[index]
            }
            // The lists are StoreKit's: a product only Google Play sells belongs in none of them.
            for product in catalog.products where product.status != .removed && product.isSold(on: .appStore) && !isListed(product.id) {
                diagnostics.append(
                    Diagnostic(
                        .unlistedProduct, "no list names '\(product.id)'",
                        at: SourceLocation(file: catalogFile, product.positions.id ?? .start)))
            }
        }
    }
}
