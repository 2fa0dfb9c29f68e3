import NIOCore

/// Fully encoded responses for one event loop, so answering a request costs a dictionary lookup
/// and a write: header blocks are rebuilt once per second (for `Date`) or when the catalog
/// changes, bodies once per catalog version. Used only on its own event loop.
final class PreparedResponses {
    enum Kind: Hashable {
        case ok, head, notModified, preconditionFailed
    }

    private struct Key: Hashable {
        var path: String
        var gzip: Bool
        var kind: Kind
    }

    private let allocator = ByteBufferAllocator()
    private let cacheControl: String
    private var second: Int64 = -1
    private var dateLine = ""
    private var generation = -1
    private(set) var artifacts: ArtifactSet?
    /// The artifacts by path bytes: a handful, compared without building strings.
    private var artifactsByPath: [(path: [UInt8], artifact: Artifact)] = []
    private var headers: [Key: ByteBuffer] = [:]
    private var bodies: [Key: ByteBuffer] = [:]

    init(cacheControl: String) {
        self.cacheControl = cacheControl
    }

    /// Brings the cache to this second and the store's current catalog.
    func refresh(now: Int64, store: CatalogStore) {
        let current = store.generation.load(ordering: .acquiring)
        if current != generation {
            generation = current
            artifacts = store.artifacts
            artifactsByPath = (artifacts?.artifacts.values).map { $0.map { (Array($0.path.utf8), $0) } } ?? []
            bodies.removeAll(keepingCapacity: true)
            headers.removeAll(keepingCapacity: true)
        }
        if now != second {
            second = now
            dateLine = "Date: \(HTTPDate.format(now))\r\n"
            headers.removeAll(keepingCapacity: true)
        }
    }

    var date: String { dateLine }

    func artifact(path: [UInt8]) -> Artifact? {
        for entry in artifactsByPath where entry.path == path { return entry.artifact }
        return nil
    }

    /// The header block and body (nil for HEAD, 304, 412) for `artifact`.
    func response(_ artifact: Artifact, gzip: Bool, kind: Kind) -> (header: ByteBuffer, body: ByteBuffer?) {
        let key = Key(path: artifact.path, gzip: gzip, kind: kind)
        let representation = gzip ? artifact.gzip : artifact.identity
        let header: ByteBuffer
        if let cached = headers[key] {
            header = cached
        } else {
            header = allocator.buffer(string: headerText(artifact, representation, kind))
            headers[key] = header
        }
        guard kind == .ok else { return (header, nil) }
        if let body = bodies[key] { return (header, body) }
        let body = allocator.buffer(bytes: representation.body)
        bodies[key] = body
        return (header, body)
    }

    private func headerText(_ artifact: Artifact, _ representation: Representation, _ kind: Kind) -> String {
        if kind == .preconditionFailed {
            return "HTTP/1.1 412 Precondition Failed\r\n\(dateLine)Content-Length: 0\r\n"
                + "ETag: \(representation.etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\n\r\n"
        }
        var text = kind == .notModified ? "HTTP/1.1 304 Not Modified\r\n" : "HTTP/1.1 200 OK\r\n"
        text += dateLine
        if kind != .notModified {
            text += "Content-Type: \(artifact.contentType)\r\nContent-Length: \(representation.body.count)\r\n"
            if let encoding = representation.contentEncoding { text += "Content-Encoding: \(encoding)\r\n" }
        }
        text += "ETag: \(representation.etag)\r\nLast-Modified: \(artifact.lastModifiedText)\r\n"
        text += "Cache-Control: \(cacheControl)\r\nVary: Accept-Encoding\r\n\r\n"
        return text
    }
}
