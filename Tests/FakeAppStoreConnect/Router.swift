import Foundation
import LoopbackHTTP

extension HTTPResponse {
    static func json(_ status: Int, _ document: JSON, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(document.serialized.utf8))
    }
}

/// What a handler answers.
enum Reply {
    case document(Int, JSON)
    /// A document and its bytes, serialized before.
    case prepared(Int, JSON, Data)
    /// Bytes that are not JSON (`text/csv`), with their media type: the document must declare that
    /// media type for the operation's answer with that status.
    case raw(Int, contentType: String, Data)
    case noContent
}

/// A handler's view of one request: the store, the path parameters, the validated query.
struct Context {
    let state: FakeState
    let request: HTTPRequest
    /// The `{id}` segments of the path, in order.
    let parameters: [String]
    let query: Query
    /// The body, parsed once, when it is sent as JSON and parses; nil otherwise.
    let json: JSON?

    /// Whether `request` says its body is JSON.
    static func isJSON(_ request: HTTPRequest) -> Bool {
        request.header("Content-Type")?.lowercased().hasPrefix("application/json") ?? false
    }

    /// The first path parameter.
    var id: String { parameters[0] }

    var renderer: DocumentRenderer { DocumentRenderer(state: state, query: query) }

    private var selfURL: String {
        state.baseURL + request.path + (request.query.isEmpty ? "" : "?" + request.query)
    }

    /// The validated request entity: `Content-Type: application/json`, then the schema.
    func body(_ schema: BodySchema) throws(APIError) -> RequestDocument {
        guard Self.isJSON(request) else { throw .unsupportedMediaType(request.header("Content-Type")) }
        return try schema.validate(json, pathID: parameters.first)
    }

    /// 200 with one resource (`data: null` when nil).
    func one(_ ref: Ref?) -> Reply {
        .document(200, renderer.single(ref, selfURL: selfURL))
    }

    /// 201 with the created resource.
    func created(_ ref: Ref) -> Reply {
        .document(201, renderer.single(ref, selfURL: selfURL))
    }

    /// 200 with a page of `refs`.
    func list(_ refs: [Ref]) -> Reply {
        .document(200, renderer.list(refs, selfURL: selfURL, path: request.path))
    }

    /// 200 with a page of the resource identifiers of `refs` (a `…/relationships/x` answer).
    func linkages(_ refs: [Ref]) -> Reply {
        .document(200, renderer.linkages(refs, selfURL: selfURL, path: request.path))
    }

    /// 200 with a page of the price points `refs` gives, made once per request target in a
    /// process (``PricePointPages``).
    func pricePointList(_ refs: () -> [Ref]) -> Reply {
        let key = state.territoryList + " " + request.path + "?" + request.query
        let (answer, body) = PricePointPages.shared.page(key, base: state.baseURL) {
            renderer.list(refs(), selfURL: selfURL, path: request.path)
        }
        return .prepared(200, answer, body)
    }
}

/// One endpoint: method, path template (`{id}` segments are parameters), accepted query, handler.
struct Route: Sendable {
    typealias Handler = @Sendable (Context) throws(APIError) -> Reply

    let method: String
    /// `/v1/apps/{id}`: the path as the OpenAPI document names it.
    let template: String
    let segments: [String?]
    let rules: QueryRules
    let handler: Handler

    init(_ method: String, _ template: String, _ rules: QueryRules, _ handler: @escaping Handler) {
        self.method = method
        self.template = template
        self.segments = template.split(separator: "/").map { $0.hasPrefix("{") ? nil : String($0) }
        self.rules = rules
        self.handler = handler
    }

    /// The parameters when `path` fits the template.
    func parameters(of path: [Substring]) -> [String]? {
        guard path.count == segments.count else { return nil }
        var parameters: [String] = []
        for (segment, part) in zip(segments, path) {
            if let segment {
                guard segment == part else { return nil }
            } else {
                parameters.append(String(part))
            }
        }
        return parameters
    }
}

/// Finds the route of a request: 404 for an unknown path, 405 for a known path and another method.
struct Router: Sendable {
    let routes: [Route]

    func route(method: String, path: String) throws(APIError) -> (Route, [String]) {
        let parts = path.split(separator: "/")
        var pathExists = false
        for route in routes {
            guard let parameters = route.parameters(of: parts) else { continue }
            if route.method == method { return (route, parameters) }
            pathExists = true
        }
        if pathExists { throw .methodNotAllowed(method, path) }
        throw .notFound("The path '\(path)' could not be found.")
    }
}
