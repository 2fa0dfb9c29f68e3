/// Why a report would break the server's contract (`schemas/report.schema.json`): such a report is
/// never sent, since the server would refuse it with 400 every time.
public struct ReportContractViolation: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field at fault, as a JSON Pointer (`/app_version`, `/requested/3`, `/missing/1/status`).
    public var field: String
    /// What is wrong with it (`must be 1–64 characters`).
    public var reason: String

    /// The violation of `field`, for `reason`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `/app_version must be 1–64 characters`.
    public var description: String { "\(field) \(reason)" }
}
