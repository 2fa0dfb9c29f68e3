/// A remark about one resource.
public struct PlanNote: Sendable, Equatable {
    /// The product id or the group's reference name.
    public var resource: String
    /// What and why.
    public var message: String

    /// A note.
    public init(resource: String, message: String) {
        self.resource = resource
        self.message = message
    }
}
