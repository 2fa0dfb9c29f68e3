/// A batch of records as both databases write it: each remembered report id once, then the
/// counts of the records the database had not seen (and of those whose ids are not remembered), aggregated so that one statement touches each row once
/// (PostgreSQL refuses a second touch) and sorted by key, so that every writer takes row locks in
/// the same order (two replicas then cannot deadlock).
struct ReportBatch {
    /// The batch's records, each remembered report id's first occurrence only (a later one is a
    /// retry), and every record whose id is not remembered (``ReportRecord/remembered``).
    let records: [ReportRecord]
    /// The remembered report ids and their days, sorted by id.
    let seen: [(id: String, day: ReportDay)]

    init(_ records: [ReportRecord]) {
        var ids = Set<String>()
        ids.reserveCapacity(records.count)
        self.records = records.filter { !$0.remembered || ids.insert($0.reportID).inserted }
        seen = self.records.filter(\.remembered).map { ($0.reportID, $0.day) }.sorted { $0.id < $1.id }
    }

    /// The records counted without their ids: each is new.
    var unremembered: Int { records.count { !$0.remembered } }

    /// The newest day in the batch, from which seen ids older than ``ReportSchema/seenDays`` are pruned.
    var newestDay: ReportDay? { records.map(\.day).max() }

    /// The counts of the records whose ids are in `new` or not remembered, one row per key, sorted by key.
    func counts(new: Set<String>) -> (tallies: [TallyRow], missing: [MissingRow]) {
        var tallies: [TallyKey: TallyRow] = [:]
        var missing: [MissingKey: MissingRow] = [:]
        for record in records where !record.remembered || new.contains(record.reportID) {
            let day = record.day, at = record.receivedAt
            let tallyKey = TallyKey(day: day, dimensions: record.dimensions)
            let allMissing: Int64 = record.allMissing ? 1 : 0
            if var row = tallies[tallyKey] {
                row.reports += 1
                row.allMissing += allMissing
                row.firstSeen = min(row.firstSeen, at)
                row.lastSeen = max(row.lastSeen, at)
                tallies[tallyKey] = row
            } else {
                tallies[tallyKey] = TallyRow(
                    day: day, dimensions: record.dimensions, reports: 1, allMissing: allMissing, firstSeen: at, lastSeen: at)
            }
            for product in record.missing {
                let key = MissingKey(tally: tallyKey, productID: product.id, status: product.status ?? "")
                if var row = missing[key] {
                    row.count += 1
                    row.allMissing += allMissing
                    row.firstSeen = min(row.firstSeen, at)
                    row.lastSeen = max(row.lastSeen, at)
                    missing[key] = row
                } else {
                    missing[key] = MissingRow(
                        day: day, dimensions: record.dimensions, productID: key.productID, status: key.status, count: 1, firstSeen: at,
                        lastSeen: at, allMissing: allMissing)
                }
            }
        }
        return (
            tallies.sorted { $0.key < $1.key }.map(\.value),
            missing.sorted { $0.key < $1.key }.map(\.value)
        )
    }
}

/// The key of a `report_counts` row.
struct TallyKey: Hashable, Comparable {
    let day: ReportDay
    let dimensions: ReportDimensions

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.day, lhs.dimensions) < (rhs.day, rhs.dimensions) }
}

/// The key of a `missing_counts` row.
struct MissingKey: Hashable, Comparable {
    let tally: TallyKey
    let productID: String
    let status: String

    static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.tally, lhs.productID, lhs.status) < (rhs.tally, rhs.productID, rhs.status)
    }
}

extension ReportSnapshot {
    /// Rows in key order, whichever database they came from.
    func sorted() -> ReportSnapshot {
        ReportSnapshot(
            missing: missing.sorted {
                MissingKey(tally: TallyKey(day: $0.day, dimensions: $0.dimensions), productID: $0.productID, status: $0.status)
                    < MissingKey(tally: TallyKey(day: $1.day, dimensions: $1.dimensions), productID: $1.productID, status: $1.status)
            },
            tallies: tallies.sorted { TallyKey(day: $0.day, dimensions: $0.dimensions) < TallyKey(day: $1.day, dimensions: $1.dimensions) })
    }
}
