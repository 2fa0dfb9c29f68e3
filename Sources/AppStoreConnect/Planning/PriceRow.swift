/// One dated customer price in one territory: the unit both sides of a price plan are compared in.
///
/// A row without a start date is in effect now; a row without an end date lasts until the next row
/// of its territory starts. Rows of the past (ended before today) are history and never compared.
package struct PriceRow: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The territory (`USA`).
    package var territory: String
    /// The customer price (`4.99`).
    package var customerPrice: String
    /// `YYYY-MM-DD`, or nil for "in effect now".
    package var startDate: String?
    /// `YYYY-MM-DD`, the first day the row no longer applies; nil for open-ended.
    package var endDate: String?

    /// A row.
    package init(territory: String, customerPrice: String, startDate: String? = nil, endDate: String? = nil) {
        self.territory = territory
        self.customerPrice = customerPrice
        self.startDate = startDate
        self.endDate = endDate
    }

    /// Territory, then start date ("now" first).
    package static func < (lhs: PriceRow, rhs: PriceRow) -> Bool {
        (lhs.territory, lhs.startDate ?? "", lhs.endDate ?? "~", lhs.customerPrice)
            < (rhs.territory, rhs.startDate ?? "", rhs.endDate ?? "~", rhs.customerPrice)
    }

    /// `USA 0.49 from 2026-12-01 until 2027-01-01`.
    package var description: String {
        var text = "\(territory) \(customerPrice)"
        if let startDate { text += " from \(startDate)" }
        if let endDate { text += " until \(endDate)" }
        return text
    }

    /// Whether the row starts after today (announced, not yet paid).
    func isScheduled(today: String) -> Bool { (startDate ?? "") > today }
}

extension RemoteProduct {
    /// The price rows customers pay now or will pay, in the form the catalog writes them: rows of
    /// the past dropped, rows in effect without their start date, an end date that only repeats
    /// the next row's start dropped. Preserved rows and rows of other plans than `planType` are left out.
    package func priceRows(today: String, planType: String = "UPFRONT") -> [PriceRow] {
        var byTerritory: [String: [RemotePrice]] = [:]
        for price in salePrices(planType: planType) where price.endDate.map({ $0 > today }) ?? true {
            byTerritory[price.territory, default: []].append(price)
        }
        var rows: [PriceRow] = []
        for (territory, prices) in byTerritory {
            let sorted = prices.sorted { ($0.startDate ?? "") < ($1.startDate ?? "") }
            // Of the rows already started, only the latest applies.
            let started = sorted.filter { ($0.startDate ?? "") <= today }
            let future = sorted.filter { ($0.startDate ?? "") > today }
            let starts = Set(future.compactMap(\.startDate))
            for price in (started.last.map { [$0] } ?? []) + future {
                let start = (price.startDate ?? "") <= today ? nil : price.startDate
                let end = price.endDate.flatMap { starts.contains($0) ? nil : $0 }
                rows.append(PriceRow(territory: territory, customerPrice: price.customerPrice, startDate: start, endDate: end))
            }
        }
        return rows.sorted()
    }
}

/// What changes between the price rows App Store Connect holds and the catalog's, territory by
/// territory, for the plan's lines and the apply.
package struct PriceDiff: Sendable, Equatable {
    /// Rows the catalog has and the store does not.
    package var added: [PriceRow]
    /// Rows the store has and the catalog does not.
    package var removed: [PriceRow]

    /// The difference of `remote` and `desired` rows (each side without repeats).
    package init(remote: [PriceRow], desired: [PriceRow]) {
        let remoteSet = Set(remote)
        let desiredSet = Set(desired)
        added = desiredSet.subtracting(remoteSet).sorted()
        removed = remoteSet.subtracting(desiredSet).sorted()
    }

    /// Whether both sides hold the same rows.
    package var isEmpty: Bool { added.isEmpty && removed.isEmpty }

    /// Rows announced for a later date that the change drops or alters: customers were told of them.
    package func cancelsScheduledPrices(today: String) -> Bool {
        removed.contains { $0.isScheduled(today: today) }
    }

    /// One phrase per change, territory by territory: `USA 2.99 → 0.49`, `DEU equalized → 1.99`,
    /// `JPN 450 → equalized`, `USA 0.49 from 2026-12-01`, `cancel USA 0.49 from 2026-12-01`.
    /// `missing` names what a territory without a row gets (`equalized`, or `none`).
    package func lines(missing: String) -> [String] {
        var lines: [String] = []
        for territory in Set(added.map(\.territory) + removed.map(\.territory)).sorted() {
            let new = added.filter { $0.territory == territory }
            let old = removed.filter { $0.territory == territory }
            let oldNow = old.first { $0.startDate == nil }
            let newNow = new.first { $0.startDate == nil }
            if oldNow != nil || newNow != nil {
                let until = newNow?.endDate.map { " until \($0)" } ?? ""
                lines.append("\(territory) \(oldNow.map(Self.amount) ?? missing) → \(newNow.map(Self.amount) ?? missing)\(until)")
            }
            for row in old where row.startDate != nil { lines.append("cancel \(row)") }
            for row in new where row.startDate != nil { lines.append("\(row)") }
        }
        return lines
    }

    private static func amount(_ row: PriceRow) -> String {
        row.customerPrice + (row.endDate.map { " (until \($0))" } ?? "")
    }
}
