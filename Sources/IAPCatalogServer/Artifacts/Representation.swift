import IAPCatalog

/// One encoding of an artifact: its bytes and their strong, content-derived entity tag.
package struct Representation: Sendable {
    package let body: [UInt8]
    package let etag: EntityTag
    /// The bytes of `etag`'s opaque part, which request fields are compared with in place.
    let etagOpaque: [UInt8]
    /// `gzip`, or nil for identity.
    package let contentEncoding: String?

    init(body: [UInt8], contentEncoding: String?) {
        self.body = body
        self.contentEncoding = contentEncoding
        // From the bytes alone, so every replica serving the same catalog sends the same tag.
        etag = EntityTag(MD5.hex(body) + (contentEncoding.map { "-" + $0 } ?? ""))
        etagOpaque = Array(etag.opaque.utf8)
    }
}

/// A file the server hosts, rendered once per catalog version.
package struct Artifact: Sendable {
    package let path: String
    package let contentType: String
    package let identity: Representation
    package let gzip: Representation
    /// Seconds since the epoch.
    package let lastModified: Int64
    /// `lastModified` as an HTTP date, for headers.
    let lastModifiedText: String
    /// The bytes of `lastModifiedText`, which `If-Modified-Since` is compared with in place.
    let lastModifiedBytes: [UInt8]

    init(path: String, contentType: String, body: [UInt8], lastModified: Int64) {
        self.path = path
        self.contentType = contentType
        self.identity = Representation(body: body, contentEncoding: nil)
        self.gzip = Representation(body: Gzip.compress(body), contentEncoding: "gzip")
        self.lastModified = lastModified
        self.lastModifiedText = HTTPDate.format(lastModified)
        self.lastModifiedBytes = Array(lastModifiedText.utf8)
    }
}
