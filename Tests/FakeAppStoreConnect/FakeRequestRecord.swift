/// One request the fake received, for assertions on what a client sent.
public struct FakeRequestRecord: Sendable, Equatable {
    /// The HTTP method, upper case (`GET`, `POST`…).
    public var method: String
    /// The path, without the query string.
    public var path: String
    /// The raw query string (without `?`; empty when there was none).
    public var query: String
    /// The status answered; 0 when the connection was dropped without an answer (an injected fault).
    public var status: Int

    /// A record of `method path?query` answered with `status`.
    public init(method: String, path: String, query: String, status: Int) {
        self.method = method
        self.path = path
        self.query = query
        self.status = status
    }
}
