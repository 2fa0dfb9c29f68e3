// StoreKit 2 (Apple platforms only; not built on Linux).
#if canImport(StoreKit)
    import StoreKit

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    extension FieldReporter {
        /// Reports the ids of `requested` that `Product.products(for: requested)` left out (it
        /// omits them silently), with the environment and storefront StoreKit states. Call it only
        /// with an answer: a thrown error is a failed request, not a missing list.
        @discardableResult
        public func check(products: [Product], requested: [String], list: ReportedList) async -> Outcome {
            await check(MissingProducts(requested: requested, returned: products.map(\.id)), list: list) {
                await StoreContext.storeKit2()
            }
        }
    }

    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    extension StoreContext {
        /// StoreKit 2's context: `AppTransaction.shared`'s environment (iOS 16 and later; `unknown`
        /// before, or when there is no app transaction), `Storefront.current`'s country code
        /// (``unknownStorefront`` when there is none), `sdk` `storekit2`.
        public static func storeKit2() async -> StoreContext {
            var environment = Environment.unknown
            if #available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *), let result = try? await AppTransaction.shared {
                switch result {
                case .verified(let transaction), .unverified(let transaction, _):
                    environment = Environment(transaction.environment)
                }
            }
            let storefront = await Storefront.current?.countryCode ?? unknownStorefront
            return StoreContext(environment: environment, storefront: storefront, sdk: "storekit2")
        }
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    extension StoreContext.Environment {
        /// StoreKit's environment (TestFlight is `sandbox`: StoreKit cannot tell it apart).
        init(_ environment: AppStore.Environment) {
            switch environment {
            case .production: self = .production
            case .sandbox: self = .sandbox
            case .xcode: self = .xcode
            default: self = .unknown
            }
        }
    }
#endif
