/// What an `import` could not carry over from its source, and what it filled in because the source
/// does not say: one line per kind, counted ("the package holds no status; 12 products imported as
/// draft"), never one line per product. `iapcat import` prints them after writing the catalog.
/// A note may quote the source (a store name, a version): print it escaped.
public struct ImportNotes: Sendable, Equatable {
    /// The notes, in the order they were added.
    public private(set) var lines: [String] = []

    /// Creates an empty set of notes.
    public init() {}

    /// Adds a note.
    public mutating func add(_ line: String) {
        lines.append(line)
    }

    /// Adds the note `line` makes of `count`, when `count` is not zero.
    package mutating func add(_ count: Int, _ line: (Int) -> String) {
        if count > 0 { lines.append(line(count)) }
    }

    /// "1 product", "2 products".
    package static func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
    }

    /// Up to three names, then how many more: "a, b, c and 4 more".
    package static func some(_ names: [String]) -> String {
        let shown = names.prefix(3).joined(separator: ", ")
        return names.count > 3 ? "\(shown) and \(names.count - 3) more" : shown
    }
}
