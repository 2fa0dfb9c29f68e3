/// One report as `POST /v1/reports` takes it (docs/field-reports.md, `schemas/report.schema.json`):
/// the app, the store's context, the list, and what the store left out. It carries no user,
/// account, device or advertising id, no transaction id and no free text.
public struct OutgoingReport: Sendable, Hashable {
    /// Made once for the report and sent unchanged with every retry (a random UUID).
    public var reportID: String
    /// `bundle_id`, `app_version`, `os`, `os_version`, `store`.
    public var app: ReportApp
    /// `environment`, `storefront`, `sdk`.
    public var context: StoreContext
    /// `list`, `list_etag`.
    public var list: ReportedList
    /// `requested`, `missing`.
    public var products: MissingProducts

    /// A report of these parts; ``validate()`` says whether the server would take it.
    public init(reportID: String, app: ReportApp, context: StoreContext, list: ReportedList, products: MissingProducts) {
        self.reportID = reportID
        self.app = app
        self.context = context
        self.list = list
        self.products = products
    }

    /// Checks every field against the contract; throws for the first that breaks it, in the
    /// contract's order, so a report the server would refuse is never sent.
    public func validate() throws(ReportContractViolation) {
        func check(_ rule: ReportTextRule, _ value: String?, _ field: String) throws(ReportContractViolation) {
            guard let value, let reason = rule.violation(value) else { return }
            throw ReportContractViolation(field: field, reason: reason)
        }
        try check(ReportContract.reportID, reportID, "/report_id")
        try check(ReportContract.bundleID, app.bundleID, "/bundle_id")
        try check(ReportContract.appVersion, app.appVersion, "/app_version")
        try check(ReportContract.os, app.os, "/os")
        try check(ReportContract.osVersion, app.osVersion, "/os_version")
        try check(ReportContract.storefront, context.storefront, "/storefront")
        try check(ReportContract.list, list.name, "/list")
        try check(ReportContract.sdk, context.sdk, "/sdk")
        guard ReportContract.requestedCount.contains(products.requested.count) else {
            throw ReportContractViolation(field: "/requested", reason: "must hold 1–1000 ids")
        }
        for (index, id) in products.requested.enumerated() { try check(ReportContract.productID, id, "/requested/\(index)") }
        guard ReportContract.missingCount.contains(products.missing.count) else {
            throw ReportContractViolation(field: "/missing", reason: "must hold 0–1000 ids")
        }
        for (index, entry) in products.missing.enumerated() {
            try check(ReportContract.productID, entry.id, "/missing/\(index)/id")
            try check(ReportContract.status, entry.status, "/missing/\(index)/status")
        }
        try check(ReportContract.listETag, list.etag, "/list_etag")
    }

    /// The body: one JSON object, its members in the contract's order, optional ones left out when
    /// nil; `sent_at` is `sentAt` (seconds since 1970) in RFC 3339, UTC, whole seconds.
    public func json(sentAt: Int64) -> [UInt8] {
        ReportJSON.object { json in
            json.member("report_id", reportID)
            json.member("bundle_id", app.bundleID)
            json.member("app_version", app.appVersion)
            json.member("os", app.os)
            json.member("os_version", app.osVersion)
            json.member("store", app.store.rawValue)
            json.member("environment", context.environment.rawValue)
            json.member("storefront", context.storefront)
            json.member("list", list.name)
            json.member("sdk", context.sdk)
            json.member("requested", strings: products.requested)
            json.member("missing", missing: products.missing)
            json.member("list_etag", list.etag)
            json.member("sent_at", CivilTime.timestamp(secondsSince1970: sentAt))
        }
    }
}
