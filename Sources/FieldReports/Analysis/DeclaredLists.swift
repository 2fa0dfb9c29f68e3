import IAPCatalog

/// The product-ID lists a catalog declares and what each holds — what `iapcat export` writes for
/// it now, and what its file holds when it was read (an older file may still name a removed
/// product) — and which of them a report's `list` names.
public struct DeclaredLists: Sendable {
    /// One declared list.
    public struct List: Sendable {
        /// What the catalog declares: path, format, environment.
        public var declaration: ProductListDeclaration
        /// The ids its file holds; nil when the file was not read.
        public var fileIDs: Set<String>?

        /// The list `declaration` names, its file holding `fileIDs` (nil: not read).
        public init(declaration: ProductListDeclaration, fileIDs: Set<String>? = nil) {
            self.declaration = declaration
            self.fileIDs = fileIDs
        }

        /// The file's name: what an app fetching it names in its reports.
        var fileName: String { declaration.path.split(separator: "/").last.map(String.init) ?? declaration.path }
    }

    /// What a report's `list` stands for.
    public struct Resolution: Sendable {
        /// The declared lists it names: those of its file name (for `bundle`, the plists).
        public var lists: [List]
        /// The environment the list serves, when known: `/sandbox/…` is the sandbox copy `iapcat
        /// serve` renders; otherwise the one its declarations share, or the one `serve` renders at a
        /// path it serves (the declared one, else production).
        public var environment: StoreEnvironment?
        /// `bundle`: a list built into the app.
        public var isBundle: Bool
        /// A path `iapcat serve` renders from the catalog, with no declared list behind it (its
        /// `/sandbox/` copies, and its paths no list of that name is declared for).
        public var isRendered = false
    }

    /// The paths `iapcat serve` answers (`ArtifactSet.files`), at `/NAME` and `/sandbox/NAME`.
    static let servedNames: [String: ProductListFormat] = [
        "products_v1.json": .v1, "products_v2.json": .v2, "product_ids.plist": .plist,
    ]

    /// What a report says when the ids came from the list built into the app.
    public static let bundle = "bundle"

    /// In the catalog's order.
    public var lists: [List]
    /// The ids `iapcat export` writes into a list for each environment (the App Store's products).
    public var exported: [StoreEnvironment: Set<String>]

    /// The lists `catalog` declares, with the ids their files hold where `fileIDs` (by declared path) gives them.
    public init(catalog: Catalog, fileIDs: [String: Set<String>] = [:]) {
        lists = catalog.lists.map { List(declaration: $0, fileIDs: fileIDs[$0.path]) }
        let exporter = ProductListExporter(catalog: catalog)
        exported = Dictionary(
            uniqueKeysWithValues: StoreEnvironment.allCases.map { ($0, Set(exporter.products(for: $0).map(\.id))) })
    }

    /// The lists `catalog` (read from `catalogFile`) declares, each file read where it can be (a
    /// list that cannot be read is left unread: lint reports it).
    public static func read(catalog: Catalog, catalogFile: String) -> DeclaredLists {
        var fileIDs: [String: Set<String>] = [:]
        for declaration in catalog.lists where declaration.format != .unity {
            let path = FilePaths.join(FilePaths.directory(of: catalogFile), declaration.path)
            guard let bytes = try? InputFile.read(path) else { continue }
            let list: ProductList? =
                switch declaration.format {
                case .plist: PlistReader().read(bytes, file: path).list
                case .v1, .v2: ProductListJSONReader().read(bytes, file: path).list
                case .storekit: StoreKitReader().read(bytes, file: path).list
                case .unity: nil
                }
            if let list { fileIDs[declaration.path] = Set(list.identifiers) }
        }
        return DeclaredLists(catalog: catalog, fileIDs: fileIDs)
    }

    /// What `reported` (a report's `list`) names.
    public func resolve(_ reported: String) -> Resolution {
        if reported == Self.bundle {
            let plists = lists.filter { $0.declaration.format == .plist }
            return Resolution(lists: plists, environment: Self.shared(plists), isBundle: true)
        }
        var path = Substring(reported)
        while path.hasPrefix("/") { path = path.dropFirst() }
        let sandboxCopy = path.hasPrefix("sandbox/")
        if sandboxCopy { path = path.dropFirst("sandbox/".count) }
        let name = path.split(separator: "/").last.map(String.init) ?? String(path)
        if sandboxCopy { return Resolution(lists: [], environment: .sandbox, isBundle: false, isRendered: Self.servedNames[name] != nil) }
        let named = lists.filter { $0.declaration.path == path || $0.fileName == name }
        if let environment = Self.shared(named) { return Resolution(lists: named, environment: environment, isBundle: false) }
        guard named.isEmpty, let format = Self.servedNames[name] else {
            return Resolution(lists: named, environment: nil, isBundle: false)
        }
        let declared = Set(lists.filter { $0.declaration.format == format }.map(\.declaration.environment))
        return Resolution(lists: [], environment: declared.count == 1 ? declared.first! : .production, isBundle: false, isRendered: true)
    }

    /// The storekit lists: what Xcode's StoreKit testing answers from.
    var storeKitLists: [List] { lists.filter { $0.declaration.format == .storekit } }

    /// The environment every one of `lists` serves, if they share one.
    private static func shared(_ lists: [List]) -> StoreEnvironment? {
        let environments = Set(lists.map(\.declaration.environment))
        return environments.count == 1 ? environments.first : nil
    }
}
