/// What App Review needs to see a product.
public struct ReviewInfo: Sendable, Equatable {
    /// Notes for the reviewer (at most 4,000 characters): how to reach the purchase, which sandbox account to use.
    public var notes: String?
    /// Screenshot path, relative to the catalog file.
    public var screenshot: String?
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var notes: SourcePosition?
        package var screenshot: SourcePosition?
        package init() {}
    }

    /// Creates review info with optional notes and screenshot path.
    public init(notes: String? = nil, screenshot: String? = nil) {
        self.notes = notes
        self.screenshot = screenshot
    }
}
