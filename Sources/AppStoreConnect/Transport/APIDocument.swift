import Foundation

/// A response document: the primary data, the included resources, and the link to the next page.
package struct APIDocument: Sendable {
    /// The primary resources (one element for a single-resource response; empty for `data: null`).
    package var data: [Resource]
    /// Resources named by `include`, by identifier.
    package var included: [ResourceIdentifier: Resource]
    /// `links.next`: the absolute URL of the next page, if there is one.
    package var next: String?
    /// `meta.paging.total`, when sent.
    package var total: Int?
    /// The size of the body (of every page, once appended) it was read from.
    package var bodyBytes = 0

    /// A document.
    package init(data: [Resource] = [], included: [ResourceIdentifier: Resource] = [:], next: String? = nil, total: Int? = nil) {
        self.data = data
        self.included = included
        self.next = next
        self.total = total
    }

    /// The included resource a relationship names, if it was included.
    package func included(_ identifier: ResourceIdentifier?) -> Resource? {
        identifier.flatMap { included[$0] }
    }

    /// Every included resource a relationship names, in its order.
    package func included(_ relationship: Relationship?) -> [Resource] {
        (relationship?.identifiers ?? []).compactMap { included[$0] }
    }

    /// Parses a response body; nil when it is not a JSON:API document.
    static func parse(_ bytes: [UInt8]) -> APIDocument? {
        guard let root = APIValue.read(bytes), let object = root.object else { return nil }
        var document = APIDocument()
        document.bodyBytes = bytes.count
        switch object["data"] {
        case .array(let items)?:
            document.data = items.compactMap(Resource.init(json:))
            guard document.data.count == items.count else { return nil }
        case .object?:
            guard let resource = Resource(json: object["data"]!) else { return nil }
            document.data = [resource]
        case .null?, nil:
            break
        default:
            return nil
        }
        for item in object["included"]?.array ?? [] {
            guard let resource = Resource(json: item), resource.id != nil else { return nil }
            document.included[resource.identifier] = resource
        }
        document.next = object["links"]?["next"]?.string
        document.total = object["meta"]?["paging"]?["total"]?.int
        return document
    }

    /// Appends the next page's resources.
    mutating func append(page: APIDocument) {
        data += page.data
        included.merge(page.included) { first, _ in first }
        next = page.next
        total = page.total ?? total
        bodyBytes += page.bodyBytes
    }
}
