/// How a product is promoted on the App Store product page.
public struct Promotion: Sendable, Equatable {
    /// Whether the product is promoted on the App Store product page (default true).
    public var visible: Bool
    /// Position among promoted products, 1 first.
    public var order: Int?
    /// Whether the promotion is switched on (App Store Connect's `enabled`; default true). A
    /// promotion switched off keeps its place and image.
    public var enabled: Bool = true
    package var positions = Positions()

    package struct Positions: Sendable, Equatable {
        package var entry: SourcePosition?
        package var order: SourcePosition?
        package init() {}
    }

    /// Creates a promotion, visible unless told otherwise, at an optional position (1 first).
    public init(visible: Bool = true, order: Int? = nil) {
        self.visible = visible
        self.order = order
    }
}
