/// RFC 9110 §13.2.2 evaluation of preconditions for GET and HEAD, in the order the RFC gives:
/// `If-Match` → `If-Unmodified-Since` (412), then `If-None-Match` → `If-Modified-Since` (304).
/// `If-Modified-Since` is ignored when `If-None-Match` is present or the date is invalid.
package struct ConditionalRequest: Sendable, Equatable {
    package var ifMatch: String?
    package var ifUnmodifiedSince: String?
    package var ifNoneMatch: String?
    package var ifModifiedSince: String?

    package init(ifMatch: String? = nil, ifUnmodifiedSince: String? = nil, ifNoneMatch: String? = nil, ifModifiedSince: String? = nil) {
        self.ifMatch = ifMatch
        self.ifUnmodifiedSince = ifUnmodifiedSince
        self.ifNoneMatch = ifNoneMatch
        self.ifModifiedSince = ifModifiedSince
    }

    package enum Outcome: Sendable, Equatable {
        case proceed
        case notModified
        case preconditionFailed
    }

    /// Whether no precondition header was sent.
    package var isEmpty: Bool { ifMatch == nil && ifUnmodifiedSince == nil && ifNoneMatch == nil && ifModifiedSince == nil }

    /// The outcome for a representation with `etag` (strong; `etagOpaque` is the bytes of its
    /// opaque part), last modified at `lastModified` (`lastModifiedText` as
    /// an HTTP date), from the request's header values as bytes (nil when absent). Decided on the
    /// bytes, with no copies, when neither `If-Match` nor `If-Unmodified-Since` was sent and
    /// `If-None-Match` is ASCII, or `If-Modified-Since` is exactly `lastModifiedText` (a client
    /// echoing what it was sent: the common cases); everything else is read as text by
    /// ``evaluate(etag:lastModified:)``, with the same result.
    static func evaluate(
        ifMatch: UnsafeRawBufferPointer?, ifUnmodifiedSince: UnsafeRawBufferPointer?, ifNoneMatch: UnsafeRawBufferPointer?,
        ifModifiedSince: UnsafeRawBufferPointer?, etag: EntityTag, etagOpaque: [UInt8], lastModified: Int64,
        lastModifiedText: [UInt8]
    ) -> Outcome {
        if ifMatch == nil && ifUnmodifiedSince == nil {
            if let ifNoneMatch {
                if FieldBytes.isASCII(ifNoneMatch) {
                    switch EntityTagCondition.match(ifNoneMatch, opaque: etagOpaque) {
                    case .any: return .notModified
                    case .tags(let weakly, _): return weakly ? .notModified : .proceed
                    case .malformed: return .proceed
                    }
                }
            } else if let ifModifiedSince {
                if FieldBytes.equal(ifModifiedSince, lastModifiedText) { return .notModified }
            } else {
                return .proceed
            }
        }
        func text(_ bytes: UnsafeRawBufferPointer?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        return ConditionalRequest(
            ifMatch: text(ifMatch), ifUnmodifiedSince: text(ifUnmodifiedSince), ifNoneMatch: text(ifNoneMatch),
            ifModifiedSince: text(ifModifiedSince)
        ).evaluate(etag: etag, lastModified: lastModified)
    }

    /// The outcome for a representation with `etag` (strong) last modified at `lastModified`.
    package func evaluate(etag: EntityTag, lastModified: Int64) -> Outcome {
        if let ifMatch {
            switch EntityTagCondition.parse(ifMatch) {
            case .any?: break
            case .tags(let tags)?: if !tags.contains(where: { $0.matchesStrongly(etag) }) { return .preconditionFailed }
            case nil: return .preconditionFailed
            }
        } else if let ifUnmodifiedSince, let date = HTTPDate.parse(ifUnmodifiedSince), lastModified > date {
            return .preconditionFailed
        }
        if let ifNoneMatch {
            switch EntityTagCondition.parse(ifNoneMatch) {
            case .any?: return .notModified
            case .tags(let tags)?: return tags.contains(where: { $0.matchesWeakly(etag) }) ? .notModified : .proceed
            case nil: return .proceed
            }
        }
        if let ifModifiedSince, let date = HTTPDate.parse(ifModifiedSince), lastModified <= date {
            return .notModified
        }
        return .proceed
    }
}
