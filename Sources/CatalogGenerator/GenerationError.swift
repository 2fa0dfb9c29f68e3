import IAPCatalog

/// Why a synthetic catalog could not be made or written.
package enum GenerationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option out of range.
    case invalidOption(String)
    /// `--list-ids` asks for more identifiers than the catalog has approved, cleared products.
    case notEnoughListIDs(requested: Int, available: Int)
    /// A file or folder could not be written.
    case output(OutputError)

    package var description: String {
        switch self {
        case .invalidOption(let message):
            message
        case .notEnoughListIDs(let requested, let available):
            "--list-ids \(requested) exceeds the \(available) approved, cleared products of this catalog "
                + "(a list may not repeat an identifier); raise --products"
        case .output(let error):
            error.description
        }
    }
}
