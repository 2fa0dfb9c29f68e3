import NIOCore

/// Fully encoded responses for one event loop, so answering a request for a list costs a lookup
/// by path bytes and one write of a buffer made before (and, for a large body, one of a file).
/// Each response — status line, headers, and the body when it is small — is rendered on first use
/// in each second (for `Date`) and again only when the catalog changes; a large body is put in a
/// ``BodyFile`` once per catalog version. Used only on its own event loop.
final class PreparedResponses {
    enum Kind: Int {
        case ok, head, notModified, preconditionFailed
    }

    /// A body that travels apart from its headers.
    enum Body {
        /// In a file, sent without copying (sendfile).
        case file(BodyFile)
        /// In memory, where the system could not make a file.
        case buffer(ByteBuffer)
    }

    /// A response ready to write: `head` is the status line and headers, followed by the body
    /// when it is small enough to travel with them; `body` is the body when it travels alone.
    struct Response {
        var head: ByteBuffer
        var body: Body?
    }

    /// Bodies up to this size are copied behind their headers once per second, so such a response
    /// is one buffer; larger ones are sent from a ``BodyFile`` after their headers.
    static let inlineBodyLimit = 64 * 1024
    /// Responses per artifact: two encodings, four kinds, keep-alive or closing.
    private static let slotsPerArtifact = 16

    private struct Slot {
        var second: Int64
        var response: Response
    }

    private let allocator = ByteBufferAllocator()
    private let cacheControl: String
    private var second: Int64 = -1
    private var dateLine = ""
    private var generation = -1
    private(set) var artifacts: ArtifactSet?
    /// The current catalog's artifacts, in path order, and their paths' bytes.
    private var entries: [Artifact] = []
    private var paths: [[UInt8]] = []
    /// Per artifact and encoding (`index * 2 + gzip`): the large body, made on first use.
    private var bodies: [Body?] = []
    /// Per artifact, `slotsPerArtifact` responses, rendered on first use in each second.
    private var slots: [Slot?] = []

    init(cacheControl: String) {
        self.cacheControl = cacheControl
    }

    /// Brings the cache to this second and the store's current catalog.
    func refresh(now: Int64, store: CatalogStore) {
        let current = store.generation.load(ordering: .acquiring)
        if current != generation {
            generation = current
            artifacts = store.artifacts
            entries = (artifacts?.artifacts.values).map { $0.sorted { $0.path < $1.path } } ?? []
            paths = entries.map { Array($0.path.utf8) }
            bodies = Array(repeating: nil, count: entries.count * 2)
            slots = Array(repeating: nil, count: entries.count * Self.slotsPerArtifact)
        }
        if now != second {
            second = now
            dateLine = "Date: \(HTTPDate.format(now))\r\n"
        }
    }

    /// The `Date` header line for this second.
    var date: String { dateLine }

    /// The index of the artifact served at `path` (the bytes of a request's path), if any.
    @inline(__always)
    func artifactIndex(path: UnsafeRawBufferPointer) -> Int? {
        for index in paths.indices where FieldBytes.equal(path, paths[index]) { return index }
        return nil
    }

    /// The artifact at `index`.
    @inline(__always)
    func artifact(at index: Int) -> Artifact { entries[index] }

    /// The response for the artifact at `index`: `kind`, in gzip or identity, with
    /// `Connection: close` when `close`. Bodies are sent only with `.ok`.
    func response(_ index: Int, gzip: Bool, kind: Kind, close: Bool) -> Response {
        let slot = index * Self.slotsPerArtifact + (gzip ? 8 : 0) + kind.rawValue * 2 + (close ? 1 : 0)
        if let cached = slots[slot], cached.second == second { return cached.response }
        let response = render(index, gzip: gzip, kind: kind, close: close)
        slots[slot] = Slot(second: second, response: response)
        return response
    }

    private func render(_ index: Int, gzip: Bool, kind: Kind, close: Bool) -> Response {
        let artifact = entries[index]
        let representation = gzip ? artifact.gzip : artifact.identity
        let text = headerText(artifact, representation, kind, close: close)
        guard kind == .ok else { return Response(head: allocator.buffer(string: text), body: nil) }
        if representation.body.count <= Self.inlineBodyLimit {
            var head = allocator.buffer(capacity: text.utf8.count + representation.body.count)
            head.writeString(text)
            head.writeBytes(representation.body)
            return Response(head: head, body: nil)
        }
        let bodyIndex = index * 2 + (gzip ? 1 : 0)
        let body =
            bodies[bodyIndex]
            ?? BodyFile(representation.body).map(Body.file) ?? .buffer(allocator.buffer(bytes: representation.body))
        bodies[bodyIndex] = body
        return Response(head: allocator.buffer(string: text), body: body)
    }

    private func headerText(_ artifact: Artifact, _ representation: Representation, _ kind: Kind, close: Bool) -> String {
        let ending = close ? "Connection: close\r\n\r\n" : "\r\n"
        if kind == .preconditionFailed {
            return "HTTP/1.1 412 Precondition Failed\r\n\(dateLine)Content-Length: 0\r\n"
                + "ETag: \(representation.etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\n\(ending)"
        }
        var text = kind == .notModified ? "HTTP/1.1 304 Not Modified\r\n" : "HTTP/1.1 200 OK\r\n"
        text += dateLine
        if kind != .notModified {
            text += "Content-Type: \(artifact.contentType)\r\nContent-Length: \(representation.body.count)\r\n"
            if let encoding = representation.contentEncoding { text += "Content-Encoding: \(encoding)\r\n" }
        }
        text += "ETag: \(representation.etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\n"
        text += "Cache-Control: \(cacheControl)\r\nVary: Accept-Encoding\r\n\(ending)"
        return text
    }
}
