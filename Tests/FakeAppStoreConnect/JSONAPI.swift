/// Builds JSON:API documents as App Store Connect does: resources with `links.self`, relationships
/// with `links` (and `data` plus `meta.paging` when included), compound documents with `included`,
/// and paged lists with `links.next` and `meta.paging`.
struct DocumentRenderer {
    let state: FakeState
    let query: Query

    private var base: String { state.baseURL }

    func selfLink(_ ref: Ref) -> String {
        "\(base)\(ref.kind.path)/\(ref.id)"
    }

    /// A single-resource document (`data` null when `ref` is nil).
    func single(_ ref: Ref?, selfURL: String) -> JSON {
        var included: [Ref] = []
        let data = ref.flatMap { resource($0, collecting: &included) } ?? .null
        return document(data: data, included: included, primary: ref.map { [$0] } ?? [], links: ["self": .string(selfURL)], meta: nil)
    }

    /// One page of `refs` (sorted by `sort` when asked), with `links.next` while more remain.
    func list(_ refs: [Ref], selfURL: String, path: String) -> JSON {
        var refs = refs
        if let sort = query.sort {
            let descending = sort.hasPrefix("-")
            let key = descending ? String(sort.dropFirst()) : sort
            let values = Dictionary(
                refs.map { ($0, state.attributes(of: $0)?[key]?.string ?? "") }, uniquingKeysWith: { first, _ in first })
            refs.sort { descending ? values[$0]! > values[$1]! : values[$0]! < values[$1]! }
        }
        let start = min(query.offset, refs.count)
        let end = min(start + query.limit, refs.count)
        let page = Array(refs[start..<end])
        var included: [Ref] = []
        let data = page.compactMap { resource($0, collecting: &included) }
        var links: [String: JSON] = ["self": .string(selfURL)]
        if end < refs.count {
            links["next"] = .string("\(base)\(path)?\(query.nextPageQuery(offset: end))")
        }
        return document(
            data: .array(data), included: included, primary: page, links: .object(links),
            meta: ["paging": ["total": .int(refs.count), "limit": .int(query.limit)]])
    }

    /// One page of the resource identifiers of `refs` (`…/relationships/x`), paged as ``list(_:selfURL:path:)`` pages.
    func linkages(_ refs: [Ref], selfURL: String, path: String) -> JSON {
        let start = min(query.offset, refs.count)
        let end = min(start + query.limit, refs.count)
        var links: [String: JSON] = ["self": .string(selfURL)]
        if end < refs.count {
            links["next"] = .string("\(base)\(path)?\(query.nextPageQuery(offset: end))")
        }
        return [
            "data": .array(refs[start..<end].map(Self.identifier)), "links": .object(links),
            "meta": ["paging": ["total": .int(refs.count), "limit": .int(query.limit)]],
        ]
    }

    private func document(data: JSON, included: [Ref], primary: [Ref], links: JSON, meta: JSON?) -> JSON {
        var document: [String: JSON] = ["data": data, "links": links]
        var seen = Set(primary)
        var rendered: [JSON] = []
        for ref in included where seen.insert(ref).inserted {
            var ignored: [Ref] = []
            if let object = resource(ref, collecting: &ignored, withIncludes: false) { rendered.append(object) }
        }
        if !rendered.isEmpty { document["included"] = .array(rendered) }
        if let meta { document["meta"] = meta }
        return .object(document)
    }

    /// The resource object of `ref` (nil when it does not exist); the related resources named in
    /// `include` are appended to `included` and their linkage put in `relationships.x.data`.
    func resource(_ ref: Ref, collecting included: inout [Ref], withIncludes: Bool = true) -> JSON? {
        guard var attributes = state.attributes(of: ref) else { return nil }
        let link = selfLink(ref)
        let fields = query.fields[ref.kind.type]
        var relationships: [String: JSON] = [:]
        let document = OpenAPIDocument.appStoreConnect
        for (name, _) in ref.kind.relationships where fields?.contains(name) ?? true {
            var relationship: [String: JSON] = [:]
            if document.allows("links", inRelationship: name, of: ref.kind.type) {
                relationship["links"] = ["self": .string("\(link)/relationships/\(name)"), "related": .string("\(link)/\(name)")]
            }
            if withIncludes, query.includes(name), let related = state.related(ref, name) {
                switch related {
                case .one(let target):
                    relationship["data"] = target.map(Self.identifier) ?? .null
                    if let target { included.append(target) }
                case .many(let targets):
                    let limit = query.includeLimits[name] ?? Query.defaultIncludeLimit
                    let shown = Array(targets.prefix(limit))
                    relationship["data"] = .array(shown.map(Self.identifier))
                    if document.allows("meta", inRelationship: name, of: ref.kind.type) {
                        relationship["meta"] = ["paging": ["total": .int(targets.count), "limit": .int(limit)]]
                    }
                    included += shown
                }
            }
            relationships[name] = .object(relationship)
        }
        if let fields { attributes = attributes.filter { fields.contains($0.key) } }
        var object: [String: JSON] = ["type": .string(ref.kind.type), "id": .string(ref.id), "links": ["self": .string(link)]]
        // A resource without attributes (a price schedule, an offer's price) has no `attributes` member.
        if !attributes.isEmpty { object["attributes"] = .object(attributes) }
        if !relationships.isEmpty { object["relationships"] = .object(relationships) }
        return .object(object)
    }

    static func identifier(_ ref: Ref) -> JSON {
        ["type": .string(ref.kind.type), "id": .string(ref.id)]
    }
}
