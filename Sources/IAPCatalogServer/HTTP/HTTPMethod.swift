/// The request methods the server tells apart; every other method is `other` (405 on a known path).
package enum HTTPMethod: Sendable, Equatable {
    case get, head, post, other

    /// The method's name as `Allow` lists it (`other` has none).
    package var name: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .other: ""
        }
    }
}
