import Foundation

/// Pages of price points, rendered once per test process instead of once per fake. A page is a
/// function of its request target (the product's id, the territories asked for, the fields, the
/// page) and of the fake's territory list; every fake gives product ids in the same order, so the
/// many fakes of a test run ask for the same pages again and again, and rendering them was most of
/// the fakes' CPU. A page is kept with the fake's base URL cut out of its bytes (each fake has its
/// own port) and served with the asking fake's put back.
final class PricePointPages: @unchecked Sendable {
    static let shared = PricePointPages()

    /// What the kept pages' bytes may come to before they are dropped and made again: 64 MiB, the
    /// parsed answers kept beside them taking a few times that.
    static let budget = 64 << 20

    private struct Page {
        /// The document as first rendered (another fake's links), for the check against the
        /// OpenAPI document, which reads its shape only.
        let answer: JSON
        /// The bytes between the occurrences of the base URL.
        let parts: [Data]
    }

    private let lock = NSLock()
    private var pages: [String: Page] = [:]
    private var bytes = 0

    /// The page kept under `key`, or the one `render` makes (its links under `base`), kept.
    func page(_ key: String, base: String, render: () -> JSON) -> (answer: JSON, body: Data) {
        if let page = lock.withLock({ pages[key] }) { return (page.answer, Self.join(page.parts, base: base)) }
        let answer = render()
        let serialized = answer.serialized
        let parts = serialized.components(separatedBy: base).map { Data($0.utf8) }
        lock.withLock {
            if bytes + serialized.utf8.count > Self.budget { (pages, bytes) = ([:], 0) }
            pages[key] = Page(answer: answer, parts: parts)
            bytes += serialized.utf8.count
        }
        return (answer, Data(serialized.utf8))
    }

    private static func join(_ parts: [Data], base: String) -> Data {
        let separator = Data(base.utf8)
        var body = Data(capacity: parts.reduce(0) { $0 + $1.count } + separator.count * parts.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { body.append(separator) }
            body.append(part)
        }
        return body
    }
}
