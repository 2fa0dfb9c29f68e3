import Foundation

/// Where a page token points: the list it belongs to and the key of the last item already answered.
struct PageMark {
    var list: String
    var after: [String]
}

extension PlayState {
    /// The default `pageSize`, and the most Google ever answers.
    static let defaultPageSize = 50
    static let largestPageSize = 1000

    /// One page of `items` (each with its sort key) as `{key: [...], "nextPageToken": "..."}`: from
    /// after the `pageToken` given (one this fake issued for the same `list`), at most `pageSize`
    /// (default 50, above 1000 read as 1000, never more than ``maximumPageSize``). An empty page has
    /// no `key`, as Google leaves out empty lists.
    mutating func page(_ items: [(key: [String], value: PlayJSON)], list: String, key: String, _ query: PlayQuery) throws(PlayError)
        -> PlayJSON
    {
        var size = Self.defaultPageSize
        if let text = query["pageSize"] {
            guard let value = Int32(text) else { throw .invalid("Invalid value at 'page_size' (TYPE_INT32), \"\(text)\"") }
            guard value >= 0 else { throw .invalid("page_size must not be negative, got \(value).") }
            if value > 0 { size = min(Int(value), Self.largestPageSize) }
        }
        size = max(1, min(size, maximumPageSize))
        let sorted = items.sorted { $0.key.lexicographicallyPrecedes($1.key) }
        var start = sorted.startIndex
        if let token = query["pageToken"], !token.isEmpty {
            guard let mark = pageTokens[token], mark.list == list else { throw .invalid("Invalid page token: \(token)") }
            start = sorted.firstIndex { mark.after.lexicographicallyPrecedes($0.key) } ?? sorted.endIndex
        }
        let end = min(sorted.endIndex, start + size)
        let page = sorted[start..<end]
        var answer: [String: PlayJSON] = [:]
        if !page.isEmpty { answer[key] = .array(page.map(\.value)) }
        if end < sorted.endIndex, let last = page.last {
            let token = Data("page-\(pageTokens.count + 1)".utf8).base64EncodedString()
            pageTokens[token] = PageMark(list: list, after: last.key)
            answer["nextPageToken"] = .string(token)
        }
        return .object(answer)
    }
}
