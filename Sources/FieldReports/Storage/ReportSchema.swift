/// The tables reports are counted in, declared once for both SQL dialects: their columns, how a
/// batch's row merges into a stored one, how a row is bound and read back, and the migrations.
///
/// - `report_counts`: reports per day × dimensions (and how many said every id was missing).
/// - `missing_counts`: how often each id (with its status) was missing, per day × dimensions.
/// - `seen_reports`: the report ids already counted, with the day they arrived, so that a retry
///   is counted once. An id is remembered for the day it arrived and the ``seenDays`` days after
///   (pruned by the writer from the newest day it writes); a retry later than that counts again.
/// - `schema_version`: one row, the number of migrations applied.
enum ReportSchema {
    /// Days a seen report id is kept after the day it arrived.
    static let seenDays = 2

    /// Day × app version × store × environment × storefront × list: what every count is per.
    static let dimensions: [ReportColumn] = [
        ReportColumn("day", .day, .key),
        ReportColumn("app_version", .text, .key),
        ReportColumn("store", .text, .key),
        ReportColumn("environment", .text, .key),
        ReportColumn("storefront", .text, .key),
        ReportColumn("storefront_raw", .text, .key),
        ReportColumn("list", .text, .key),
    ]

    static let reportCounts = ReportTable(
        name: "report_counts",
        columns: dimensions + [
            ReportColumn("reports", .count, .sum),
            ReportColumn("all_missing", .count, .sum),
            ReportColumn("first_seen", .seconds, .earliest),
            ReportColumn("last_seen", .seconds, .latest),
        ])

    static let missingCounts = ReportTable(
        name: "missing_counts",
        columns: dimensions + [
            ReportColumn("product_id", .text, .key),
            ReportColumn("status", .text, .key),
            ReportColumn("count", .count, .sum),
            ReportColumn("first_seen", .seconds, .earliest),
            ReportColumn("last_seen", .seconds, .latest),
            // Migration 2: how many of the id's reports said every requested id was missing.
            ReportColumn("all_missing", .count, .sum, since: 2),
        ])

    static let seenReports = ReportTable(
        name: "seen_reports",
        columns: [ReportColumn("report_id", .text, .key), ReportColumn("day", .day, .keep)])

    /// The migrations, in order; the schema's version is how many have been applied. Each is
    /// written out as it was, whatever the declarations above say now; a change to a declaration
    /// adds one (`ALTER TABLE …`).
    static let migrations: [@Sendable (SQLDialect) -> [String]] = [
        // 1: the three tables. A table whose key is its content is one B-tree in SQLite, not a table and an index.
        { dialect in
            let day = dialect == .sqlite ? "INTEGER" : "integer", text = dialect == .sqlite ? "TEXT" : "text"
            let count = dialect == .sqlite ? "INTEGER" : "bigint", rowid = dialect == .sqlite ? " WITHOUT ROWID" : ""
            let dimensions =
                "day \(day) NOT NULL, app_version \(text) NOT NULL, store \(text) NOT NULL, environment \(text) NOT NULL, "
                + "storefront \(text) NOT NULL, storefront_raw \(text) NOT NULL, list \(text) NOT NULL"
            let key = "day, app_version, store, environment, storefront, storefront_raw, list"
            return [
                "CREATE TABLE report_counts (\(dimensions), reports \(count) NOT NULL, all_missing \(count) NOT NULL, "
                    + "first_seen \(count) NOT NULL, last_seen \(count) NOT NULL, PRIMARY KEY (\(key)))\(rowid)",
                "CREATE TABLE missing_counts (\(dimensions), product_id \(text) NOT NULL, status \(text) NOT NULL, "
                    + "count \(count) NOT NULL, first_seen \(count) NOT NULL, last_seen \(count) NOT NULL, "
                    + "PRIMARY KEY (\(key), product_id, status))\(rowid)",
                "CREATE TABLE seen_reports (report_id \(text) NOT NULL, day \(day) NOT NULL, PRIMARY KEY (report_id))\(rowid)",
            ]
        },
        // 2: per missing id, how many of its reports said every requested id was missing (the
        // analysis weighs an app version's "every id missing" by the distinct ids, and leaves out
        // of an id's count only the reports that finding explains). Rows written before count 0.
        { dialect in
            ["ALTER TABLE missing_counts ADD COLUMN all_missing \(dialect == .sqlite ? "INTEGER" : "bigint") NOT NULL DEFAULT 0"]
        },
    ]

    static var version: Int { migrations.count }

    static let versionTable = "schema_version"
    static let createVersionTable = "CREATE TABLE IF NOT EXISTS \(versionTable) (version INTEGER NOT NULL)"

    // MARK: Rows as values, in the tables' column order

    static func values(_ day: ReportDay, _ dimensions: ReportDimensions) -> [ReportValue] {
        [
            .integer(Int64(day.value)), .text(dimensions.appVersion), .text(dimensions.store.rawValue),
            .text(dimensions.environment.rawValue), .text(dimensions.storefront), .text(dimensions.storefrontRaw),
            .text(dimensions.list),
        ]
    }

    static func values(_ row: TallyRow) -> [ReportValue] {
        values(row.day, row.dimensions) + [
            .integer(row.reports), .integer(row.allMissing), .integer(row.firstSeen), .integer(row.lastSeen),
        ]
    }

    static func values(_ row: MissingRow) -> [ReportValue] {
        values(row.day, row.dimensions) + [
            .text(row.productID), .text(row.status), .integer(row.count), .integer(row.firstSeen), .integer(row.lastSeen),
            .integer(row.allMissing),
        ]
    }

    /// A row of `report_counts` as read back, its values in column order.
    static func tally(_ values: [ReportValue]) throws(ReportDatabaseError) -> TallyRow {
        var reader = RowReader(table: reportCounts, values: values)
        let (day, dimensions) = try reader.dimensions()
        return TallyRow(
            day: day, dimensions: dimensions, reports: try reader.count(), allMissing: try reader.count(),
            firstSeen: try reader.seconds(), lastSeen: try reader.seconds())
    }

    /// A row of `missing_counts` as read back, its values in column order.
    static func missing(_ values: [ReportValue]) throws(ReportDatabaseError) -> MissingRow {
        var reader = RowReader(table: missingCounts, values: values)
        let (day, dimensions) = try reader.dimensions()
        return MissingRow(
            day: day, dimensions: dimensions, productID: try reader.text(), status: try reader.text(), count: try reader.count(),
            firstSeen: try reader.seconds(), lastSeen: try reader.seconds(), allMissing: try reader.count())
    }

    /// Reads a stored row's values in column order; a value of the wrong type or out of range (a
    /// day outside ``ReportDay/range``, a negative count), or a store or an environment this
    /// version does not know, is an error naming the table and the column (the database is not
    /// trusted to hold only what this code wrote).
    private struct RowReader {
        let table: ReportTable
        let values: [ReportValue]
        var index = 0

        init(table: ReportTable, values: [ReportValue]) {
            self.table = table
            self.values = values
        }

        mutating func next() throws(ReportDatabaseError) -> ReportValue {
            guard index < values.count, index < table.columns.count else {
                throw .unreadableRow(table: table.name, column: "(\(values.count) columns)", value: "")
            }
            defer { index += 1 }
            return values[index]
        }

        mutating func integer() throws(ReportDatabaseError) -> Int64 {
            let value = try next()
            guard case .integer(let number) = value else { throw bad(value) }
            return number
        }

        /// A count (0 or more) or an instant (seconds within the days ``ReportDay/range`` holds).
        mutating func count() throws(ReportDatabaseError) -> Int64 {
            let number = try integer()
            guard number >= 0 else { throw bad(.integer(number)) }
            return number
        }

        mutating func seconds() throws(ReportDatabaseError) -> Int64 {
            let number = try integer()
            guard (0...Int64(ReportDay.range.upperBound) * 86_400 + 86_399).contains(number) else { throw bad(.integer(number)) }
            return number
        }

        mutating func text() throws(ReportDatabaseError) -> String {
            let value = try next()
            guard case .text(let text) = value else { throw bad(value) }
            return text
        }

        mutating func dimensions() throws(ReportDatabaseError) -> (ReportDay, ReportDimensions) {
            let day = try integer()
            guard let dayValue = Int(exactly: day), ReportDay.range.contains(dayValue) else { throw bad(.integer(day)) }
            let appVersion = try text()
            let storeText = try text()
            guard let store = ReportedStore(rawValue: storeText) else { throw bad(.text(storeText)) }
            let environmentText = try text()
            guard let environment = ReportedEnvironment(rawValue: environmentText) else { throw bad(.text(environmentText)) }
            let dimensions = ReportDimensions(
                appVersion: appVersion, store: store, environment: environment, storefront: try text(), storefrontRaw: try text(),
                list: try text())
            return (ReportDay(dayValue), dimensions)
        }

        private func bad(_ value: ReportValue) -> ReportDatabaseError {
            .unreadableRow(table: table.name, column: table.columns[index - 1].name, value: value.description)
        }
    }
}
