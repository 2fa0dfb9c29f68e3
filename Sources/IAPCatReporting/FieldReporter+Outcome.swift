extension FieldReporter {
    /// What became of a check.
    public enum Outcome: Sendable, Hashable {
        /// The store returned every id: nothing was sent.
        case nothingMissing
        /// Today's report for this app version, list and ETag already went out (or is going out now).
        case alreadySent
        /// The server took it (`2xx`, also for a repeat of a report it had counted) after `attempts` sends.
        case sent(status: Int, attempts: Int)
        /// The server refused it for good (`400`, `413`, …): not repeated, and not sent again today.
        case refused(status: Int)
        /// Every attempt failed in a way worth repeating (`429`, `503`, a network error; `status`
        /// is the last answer's, nil for no answer), or the server asked to wait longer than
        /// ``ReportRetryPolicy/maximumRetryAfter``. Not remembered: the next check tries again.
        case gaveUp(status: Int?, attempts: Int)
        /// The report would break the contract (an empty bundle id, more than 1,000 ids): never sent.
        case invalid(ReportContractViolation)
        /// The task was cancelled before an answer. Not remembered.
        case cancelled
    }
}
