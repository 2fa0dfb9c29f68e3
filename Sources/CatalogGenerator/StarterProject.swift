import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `iapcat init` writes into a project folder: a starter catalog of a few products of
/// different types, the lists it declares (as `iapcat export --all` writes them) and a GitHub
/// Actions workflow that lints them. Everything it writes lints clean.
package struct StarterProject: Sendable {
    /// The catalog's path in the project (where `iapcat` looks without `--catalog`).
    package static let catalogPath = Catalog.defaultPath
    /// The workflow's path in the project.
    package static let workflowPath = ".github/workflows/iapcat.yml"
    /// The bundle id when none is given.
    package static let defaultBundleID = "com.example.app"

    /// The app's bundle id; the products' ids start with it.
    package var bundleID: String
    /// The action the workflow uses, `OWNER/iapcat@VERSION`.
    package var action: String

    package init(bundleID: String = defaultBundleID, action: String = "OWNER/iapcat@\(IAPCatalogVersion.current)") {
        self.bundleID = bundleID
        self.action = action
    }

    /// Why a bundle id cannot start a catalog, or nil: two or more dot-separated parts of ASCII
    /// letters, digits and hyphens, as Apple's bundle ids are.
    package static func problem(withBundleID id: String) -> String? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        let allowed = parts.allSatisfy { part in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
        return parts.count >= 2 && allowed
            ? nil
            : "'\(ServerText.printable(id))' is not a bundle id: give dot-separated parts of letters, digits and hyphens, such as com.example.app"
    }

    /// The files by path inside the project folder `directory`, in the order written: the
    /// catalog, its declared lists, the workflow. Fails with the diagnostics when the catalog
    /// for this bundle id does not lint clean.
    package func files(in directory: String) -> Result<[ExportedFile], StarterError> {
        let catalogFile = FilePaths.join(directory, Self.catalogPath)
        let text = catalogText
        let loaded = CatalogLoader().load(Array(text.utf8), file: catalogFile)
        guard let catalog = loaded.catalog else { return .failure(StarterError(diagnostics: loaded.diagnostics)) }
        let diagnostics = loaded.diagnostics + CatalogValidator().validate(catalog, file: catalogFile)
        guard diagnostics.isEmpty else { return .failure(StarterError(diagnostics: diagnostics.sorted())) }
        switch ProductListExporter(catalog: catalog).declaredFiles(catalogFile: catalogFile) {
        case .success(let lists):
            return .success(
                [ExportedFile(path: catalogFile, bytes: Array(text.utf8))] + lists
                    + [ExportedFile(path: FilePaths.join(directory, Self.workflowPath), bytes: Array(workflowText.utf8))])
        case .failure(let error):
            return .failure(StarterError(diagnostics: error.diagnostics))
        }
    }

    /// The starter catalog: commented, for a person to edit. Product ids start with the bundle id,
    /// its hyphens as underscores (App Store product ids take letters, digits, `.` and `_`).
    var catalogText: String {
        let id = bundleID.replacing("-", with: "_")
        return """
            # The master catalog of \(bundleID)'s in-app purchases, written by `iapcat init`.
            # Every field is described in iapcat's docs/catalog.md.
            #
            # After editing it:
            #   iapcat lint             # checks this catalog and the lists below
            #   iapcat export --all     # rewrites the lists below from it

            format_version: 1

            app:
              bundle_id: \(bundleID)
              default_locale: en-US

            x-defaults:                            # keys starting with x- are free: hold anchors there
              sale: &sale { status: approved, cleared_for_sale: true }

            subscription_groups:
              - id: premium
                reference_name: Premium
                localizations:
                  en-US: { name: Premium }

            products:
              - id: \(id).coins.small
                type: consumable                   # bought again and again
                reference_name: Coins (small)
                <<: *sale
                price: { storefronts: { USA: "0.99", DEU: "0.99", JPN: "160" } }   # per storefront
                localizations:
                  en-US: { display_name: 100 Coins, description: A small pouch of coins }

              - id: \(id).remove_ads
                type: non-consumable               # bought once, restored on every device
                reference_name: Remove ads
                <<: *sale
                price: { storefronts: { USA: "2.99", DEU: "2.99", JPN: "500" } }
                localizations:
                  en-US: { display_name: Remove Ads, description: No more ads ever }

              - id: \(id).premium.monthly
                type: auto-renewable
                reference_name: Premium monthly
                <<: *sale
                subscription: { group: premium, duration: P1M, rank: 2, multiseat: { enabled: true, markets: [app_store] } }
                price: { storefronts: { USA: "4.99", DEU: "4.99", JPN: "800" } }
                localizations:
                  en-US: { display_name: Premium Monthly, description: Everything for a month }

              - id: \(id).premium.yearly
                type: auto-renewable
                reference_name: Premium yearly
                <<: *sale
                subscription: { group: premium, duration: P1Y, rank: 1, free_trial_duration: P1W, multiseat: { enabled: false } }
                price: { storefronts: { USA: "39.99", DEU: "39.99", JPN: "6000" } }
                localizations:
                  en-US: { display_name: Premium Yearly, description: Everything for a year }

            # The product-ID lists the app ships or fetches, relative to this file. Production lists
            # may name only approved products; sandbox lists any product that is not removed.
            lists:
              - path: product_ids.plist            # embedded in the app bundle
                environment: production
              - path: products_v2.json             # App Store builds fetch it from your server: /products_v2.json
                environment: production
              - path: sandbox/products_v2.json     # debug and TestFlight builds: /sandbox/products_v2.json
                environment: sandbox
              - path: Products.storekit            # Xcode's StoreKit testing (Edit Scheme → Options)
                environment: sandbox

            """
    }

    /// The CI workflow: lint on every change, and fail when the lists are out of date.
    var workflowText: String {
        """
        # Lints the IAP catalog and its lists on every push and pull request (written by `iapcat init`).
        # \(action): the iapcat action; OWNER is the account that hosts iapcat (docs/ci.md).
        name: IAP catalog

        on:
          push:
          pull_request:

        permissions:
          contents: read

        jobs:
          lint:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v5
              - uses: \(action)
                with:
                  args: --strict
              - name: The lists match the catalog
                run: iapcat export --all --check

        """
    }
}

/// Why the starter catalog cannot be written: what linting it found.
package struct StarterError: Error, Sendable {
    /// The findings, sorted.
    package var diagnostics: [Diagnostic]
}
