/// The fields of a report, each declared here once: its JSON name, whether it is required and its
/// rule. ``ReportDecoder`` checks bodies against them, and a test checks that
/// `schemas/report.schema.json` states the same names, lengths, patterns, vocabularies and counts.
/// Fields not listed here are ignored, so the contract can grow compatibly.
package enum ReportField: String, CaseIterable, Sendable {
    case reportID = "report_id"
    case bundleID = "bundle_id"
    case appVersion = "app_version"
    case os
    case osVersion = "os_version"
    case store
    case environment
    case storefront
    case list
    case sdk
    case requested
    case missing
    case listETag = "list_etag"
    case sentAt = "sent_at"

    /// Optional fields may also be `null`, which means absent.
    package var isRequired: Bool {
        switch self {
        case .sdk, .listETag, .sentAt: false
        default: true
        }
    }

    package var rule: FieldRule {
        switch self {
        case .reportID: .text(ReportRules.reportID)
        case .bundleID: .text(ReportRules.bundleID)
        case .appVersion: .text(ReportRules.appVersion)
        case .os: .text(ReportRules.os)
        case .osVersion: .text(ReportRules.osVersion)
        case .store: .vocabulary(ReportRules.stores)
        case .environment: .vocabulary(ReportRules.environments)
        case .storefront: .text(ReportRules.storefront)
        case .list: .text(ReportRules.list)
        case .sdk: .text(ReportRules.sdk)
        case .requested: .ids(count: ReportRules.requestedCount, each: ReportRules.productID)
        case .missing: .missingProducts(count: ReportRules.missingCount)
        case .listETag: .text(ReportRules.listETag)
        case .sentAt: .text(ReportRules.sentAt)
        }
    }
}

/// The fields of one object of `missing`.
package enum MissingField: String, CaseIterable, Sendable {
    case id
    case status

    package var isRequired: Bool { self == .id }

    package var rule: TextRule {
        switch self {
        case .id: ReportRules.productID
        case .status: ReportRules.status
        }
    }
}

/// What a field's value must be.
package enum FieldRule: Sendable {
    /// A string.
    case text(TextRule)
    /// A string, one of these.
    case vocabulary([String])
    /// An array of `count` strings.
    case ids(count: ClosedRange<Int>, each: TextRule)
    /// An array of `count` objects of ``MissingField``s.
    case missingProducts(count: ClosedRange<Int>)
}
