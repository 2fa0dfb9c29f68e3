/// A pulled product keeps the base catalog's way of saying a value wherever the store holds the
/// same thing: a legacy tier where the store holds that tier's prices, `cleared_for_sale` where it
/// holds "everywhere", a free trial where it holds that offer. Without this a refresh would rewrite
/// every value the team wrote in its own words into the store's, and an unchanged store would not
/// give an unchanged file.
///
/// Which forms are the same is the store's planner's to say (`sameToStore`): the base's form is
/// kept when planning it against the store changes nothing the pulled form does not.
package enum BaseForms {
    /// A part of a product that a catalog can say in more than one way.
    package struct Part: Sendable {
        package var name: String
        /// Copies the part from the second product into the first.
        package var copy: @Sendable (inout Product, Product) -> Void
        /// Whether the base's form may stand for the pulled one at all (before the planner is
        /// asked): where the planner looks at less than the store holds.
        package var admits: @Sendable (_ base: Product, _ pulled: Product) -> Bool = { _, _ in true }
    }

    /// The parts, each taken from the base as a whole.
    package static let parts: [Part] = [
        Part(
            name: "price", copy: { $0.price = $1.price },
            admits: { base, pulled in
                // No price says nothing: the store's stands. An in-app purchase's pulled price
                // names its base territory and its manual prices, each of which the base must
                // price the same (a tier stands for its U.S. price). A subscription's names every
                // territory; the base's form stands for the ones it does not name (equalized from
                // its base price), as the planner reads it.
                guard let price = base.price, !price.isEmpty else { return pulled.price == nil }
                guard base.subscription == nil, let pulledPrice = pulled.price else { return true }
                return pulledPrice.storefronts.allSatisfy { price.customerPrice(in: $0.storefront) == $0.amount }
            }),
        Part(name: "availability") { product, base in
            product.availability = base.availability
            product.clearedForSale = base.clearedForSale
        },
        Part(name: "introductory offers") { product, base in
            guard product.subscription != nil, let terms = base.subscription else { return }
            product.subscription?.introductoryOffer = terms.introductoryOffer
            product.subscription?.introductoryOffers = terms.introductoryOffers
        },
        Part(name: "promotional offers") { product, base in
            guard product.subscription != nil, let terms = base.subscription else { return }
            product.subscription?.promotionalOffers = terms.promotionalOffers
        },
        Part(name: "offer codes") { product, base in
            guard product.subscription != nil, let terms = base.subscription else { return }
            product.subscription?.offerCodes = terms.offerCodes
        },
        Part(name: "win-back offers") { product, base in
            guard product.subscription != nil, let terms = base.subscription else { return }
            product.subscription?.winBackOffers = terms.winBackOffers
        },
        Part(name: "promotion") { $0.appStore.promotion = $1.appStore.promotion },
        // A one-time purchase's offer codes as the team ordered and said them (`active: true`,
        // eligibility in its order).
        Part(name: "purchase offer codes") { $0.appStore.offerCodes = $1.appStore.offerCodes },
        Part(name: "monthly billing") { product, base in
            guard product.subscription != nil, let terms = base.subscription else { return }
            product.subscription?.monthlyBilling = terms.monthlyBilling
        },
        // `multiseat: { enabled: true }` leaves the markets to the store: kept so. A catalog that
        // says nothing of multiseat gets the store's setting written (lint asks for it).
        Part(
            name: "multiseat",
            copy: { product, base in
                guard product.subscription != nil, let terms = base.subscription else { return }
                product.subscription?.multiseat = terms.multiseat
            },
            admits: { base, _ in base.subscription?.multiseat != nil }),
    ]

    /// `pulled` with each product's parts in `base`'s form where `sameToStore(candidate, pulled)`
    /// says the store cannot tell them apart.
    package static func keep(in pulled: inout Catalog, base: Catalog, sameToStore: (_ candidate: Product, _ pulled: Product) -> Bool) {
        let baseProducts = Dictionary(base.products.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for index in pulled.products.indices {
            let product = pulled.products[index]
            guard let previous = baseProducts[product.id], product.type == previous.type else { continue }
            var kept = product
            for part in parts where part.admits(previous, product) {
                var candidate = kept
                part.copy(&candidate, previous)
                if candidate != kept && sameToStore(candidate, product) { kept = candidate }
            }
            pulled.products[index] = kept
        }
    }
}
