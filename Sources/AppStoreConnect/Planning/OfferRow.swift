/// One introductory offer in one territory: the unit both sides of an offer plan are compared in.
package struct OfferRow: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The territory (`USA`).
    package var territory: String
    /// The mode (open: a mode iapcat does not know is kept as App Store Connect sent it).
    package var mode: APIOfferMode
    /// `ONE_WEEK`, … (open).
    package var duration: String
    /// Number of periods.
    package var periods: Int
    /// The customer price (paid modes).
    package var customerPrice: String?
    /// `YYYY-MM-DD` of the first day; nil: running.
    package var startDate: String?
    /// `YYYY-MM-DD` of the first day it no longer runs; nil: open-ended.
    package var endDate: String?
    /// `MONTHLY`; nil for the usual plan.
    package var planType: String?

    /// A row.
    package init(
        territory: String, mode: APIOfferMode, duration: String, periods: Int, customerPrice: String? = nil, startDate: String? = nil,
        endDate: String? = nil, planType: String? = nil
    ) {
        self.territory = territory
        self.mode = mode
        self.duration = duration
        self.periods = periods
        self.customerPrice = customerPrice
        self.startDate = startDate
        self.endDate = endDate
        self.planType = planType
    }

    /// The offer without its territory and price: `FREE_TRIAL ONE_WEEK × 1 from 2026-12-01 (MONTHLY)`.
    package var terms: String {
        var text = "\(mode) \(duration) × \(periods)"
        if let startDate { text += " from \(startDate)" }
        if let endDate { text += " until \(endDate)" }
        if let planType { text += " (\(planType))" }
        return text
    }

    /// `USA FREE_TRIAL ONE_WEEK × 1`, with the price of a paid row.
    package var description: String { "\(territory) \(terms)" + (customerPrice.map { " at \($0)" } ?? "") }

    /// Terms, then territory.
    package static func < (lhs: OfferRow, rhs: OfferRow) -> Bool {
        (lhs.terms, lhs.territory, lhs.customerPrice ?? "") < (rhs.terms, rhs.territory, rhs.customerPrice ?? "")
    }
}

extension DesiredIntroductoryOffer {
    /// The offer's rows: in its territories, or (simple form) a free trial wherever the product is
    /// sold (`soldIn`) and a paid offer wherever it has a price. A paid row without a price in a
    /// territory is left out (lint reports it).
    func rows(soldIn: [String], universe: [String]) -> [OfferRow] {
        let paid = mode.isPaid
        let territories = territories?.resolved(in: universe) ?? (paid ? prices.keys.sorted() : soldIn)
        return territories.compactMap { territory in
            let price = paid ? prices[territory] : nil
            if paid && price == nil { return nil }
            return OfferRow(
                territory: territory, mode: .known(mode), duration: duration.apiName, periods: periods, customerPrice: price,
                startDate: startDate,
                endDate: endDate, planType: planType)
        }
    }
}

extension RemoteProduct {
    /// The introductory offers that run now or will, one row per territory (an offer without a
    /// territory runs in each of `universe`), each with its resource id; ended offers are history.
    package func offerRows(universe: [String], today: String) -> [(id: String, row: OfferRow)] {
        introductoryOffers.filter { ($0.endDate ?? "9999-12-31") > today }.flatMap { offer in
            (offer.territory.map { [$0] } ?? universe).map { territory in
                (
                    offer.id,
                    OfferRow(
                        territory: territory, mode: offer.mode, duration: offer.duration, periods: offer.periods,
                        customerPrice: offer.mode.isFree ? nil : offer.customerPrice, startDate: offer.startDate,
                        endDate: offer.endDate, planType: offer.planType)
                )
            }
        }
    }
}

/// What changes between the introductory offers App Store Connect runs and the catalog's.
package struct OfferDiff: Sendable, Equatable {
    /// Rows to create.
    package var added: [OfferRow]
    /// Rows the catalog no longer has.
    package var removed: [OfferRow]
    /// The resource ids of the offers to delete (an offer of every territory is one resource).
    package var removedIDs: [String]

    /// The difference of the store's rows and the catalog's.
    package init(remote: [(id: String, row: OfferRow)], desired: [OfferRow]) {
        let wanted = Set(desired)
        let gone = remote.filter { !wanted.contains($0.row) }
        // An offer of every territory that loses one territory is deleted whole; its other
        // territories are created again as rows.
        let goneIDs = Set(gone.map(\.id))
        let kept = remote.filter { !goneIDs.contains($0.id) }.map(\.row)
        added = wanted.subtracting(kept).sorted()
        removed = Set(gone.map(\.row)).sorted()
        removedIDs = goneIDs.sorted()
    }

    /// Whether both sides run the same offers.
    package var isEmpty: Bool { added.isEmpty && removedIDs.isEmpty }

    /// `+ FREE_TRIAL ONE_WEEK × 1 in CAN, USA`, `+ PAY_AS_YOU_GO ONE_MONTH × 3 in JPN at 300`,
    /// `− PAY_UP_FRONT THREE_MONTHS × 1 until 2027-01-31 in DEU at 9.99`: one phrase per offer.
    package var lines: [String] {
        func group(_ rows: [OfferRow], _ mark: String) -> [String] {
            var byTerms: [String: [OfferRow]] = [:]
            for row in rows { byTerms[row.terms, default: []].append(row) }
            return byTerms.keys.sorted().map { terms in
                let places = byTerms[terms]!.sorted().map { $0.territory + ($0.customerPrice.map { " at \($0)" } ?? "") }
                return "\(mark) \(terms) in \(places.joined(separator: ", "))"
            }
        }
        return group(removed, "−") + group(added, "+")
    }
}
