/// A place in an input file that a diagnostic points at.
///
/// Lines and columns are 1-based; columns count characters (Unicode scalars), as libyaml does.
/// Binary property lists have no lines: their entries are located by array index instead.
///
/// Line, column and index are stored in 32 bits each, 0 standing for "none" (lines and columns
/// start at 1; the index is stored plus one): every entry of a list keeps a location, so their
/// size shows in a 35 MB list.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// The file as the user named it (relative paths stay relative, so reports match the CLI input).
    public var file: String
    private var storedLine: UInt32
    private var storedColumn: UInt32
    private var storedIndex: UInt32

    /// 1-based line, or nil when the input has no lines (binary plist) or the whole file is meant.
    public var line: Int? {
        get { storedLine == 0 ? nil : Int(storedLine) }
        set { storedLine = newValue.map { UInt32(clamping: $0) } ?? 0 }
    }

    /// 1-based column in characters, or nil.
    public var column: Int? {
        get { storedColumn == 0 ? nil : Int(storedColumn) }
        set { storedColumn = newValue.map { UInt32(clamping: $0) } ?? 0 }
    }

    /// Index of the entry in a line-less list (binary plist), or nil.
    public var index: Int? {
        get { storedIndex == 0 ? nil : Int(storedIndex) - 1 }
        set { storedIndex = newValue.map { UInt32(clamping: $0 + 1) } ?? 0 }
    }

    /// Creates a location in `file`; leave out line and column for the whole file, or give `index` for a binary plist entry.
    public init(file: String, line: Int? = nil, column: Int? = nil, index: Int? = nil) {
        self.file = file
        storedLine = line.map { UInt32(clamping: $0) } ?? 0
        storedColumn = column.map { UInt32(clamping: $0) } ?? 0
        storedIndex = index.map { UInt32(clamping: $0 + 1) } ?? 0
    }

    /// A location for `position` in `file`.
    public init(file: String, _ position: SourcePosition) {
        self.init(file: file, line: position.line, column: position.column)
    }

    /// Orders locations by file, then line, column and index, a missing one first.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.file != rhs.file { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return (lhs.line ?? 0) < (rhs.line ?? 0) }
        if lhs.column != rhs.column { return (lhs.column ?? 0) < (rhs.column ?? 0) }
        return (lhs.index ?? 0) < (rhs.index ?? 0)
    }
}

/// A line and column inside one document, without the file name.
///
/// Stored in 32 bits each (inputs are at most 256 MiB): a catalog's model keeps a position for
/// every field it may report on, so their size shows at 50,000 products.
public struct SourcePosition: Hashable, Sendable {
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// The 1-based line (stored clamped to 32 bits).
    public var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }

    /// The 1-based column in characters (stored clamped to 32 bits).
    public var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    /// Creates a position at the 1-based `line` and `column`, each clamped to 32 bits.
    public init(line: Int, column: Int) {
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    /// The start of a document.
    public static let start = SourcePosition(line: 1, column: 1)
}
