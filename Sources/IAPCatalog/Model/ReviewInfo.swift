/// What App Review needs to see a product.
public struct ReviewInfo: Sendable, Equatable {
    public var notes: String?
    /// Screenshot path, relative to the catalog file.
    public var screenshot: String?
    public var positions = Positions()

    public struct Positions: Sendable, Equatable {
        public var notes: SourcePosition?
        public var screenshot: SourcePosition?
        public init() {}
    }

    public init(notes: String? = nil, screenshot: String? = nil) {
        self.notes = notes
        self.screenshot = screenshot
    }
}
