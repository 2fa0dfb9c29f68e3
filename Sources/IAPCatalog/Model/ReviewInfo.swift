/// What App Review needs to see a product.
public struct ReviewInfo: Sendable, Equatable {
    public var notes: String?
    /// Screenshot path, relative to the catalog file.
    public var screenshot: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var notes: SourcePosition?
        package var screenshot: SourcePosition?
        package init() {}
    }

    public init(notes: String? = nil, screenshot: String? = nil) {
        self.notes = notes
        self.screenshot = screenshot
    }
}
