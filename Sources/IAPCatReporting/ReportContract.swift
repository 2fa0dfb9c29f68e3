/// The numbers and character classes of the report contract (`schemas/report.schema.json`), as
/// the client checks a report before sending it.
package enum ReportContract {
    package static let reportID = ReportTextRule(length: 1...64, characters: .token)
    package static let bundleID = ReportTextRule(length: 1...255, characters: .dottedToken)
    package static let appVersion = ReportTextRule(length: 1...64, characters: .printable)
    package static let os = ReportTextRule(length: 1...32, characters: .printable)
    package static let osVersion = ReportTextRule(length: 1...32, characters: .printable)
    package static let storefront = ReportTextRule(length: 2...3, characters: .letters)
    package static let list = ReportTextRule(length: 1...128, characters: .path)
    package static let sdk = ReportTextRule(length: 1...32, characters: .lowercaseToken)
    package static let productID = ReportTextRule(length: 1...128, characters: .printable)
    package static let status = ReportTextRule(length: 1...64, characters: .dottedToken)
    package static let listETag = ReportTextRule(length: 1...128, characters: .printable)

    package static let requestedCount = 1...1_000
    package static let missingCount = 0...1_000
}
