import Atomics
import Foundation
import IAPCatalog
import Logging
import NIOConcurrencyHelpers

/// The catalog version being served. Reloads happen off the request path: the store polls the
/// catalog and its screenshots, loads and validates a changed catalog, renders its artifacts, and
/// only then swaps them in at once. A catalog with errors is never served: the last good version
/// stays live, and `/readyz` (503) and `/healthz` report degraded with the first problems.
package final class CatalogStore: Sendable {
    package struct Health: Sendable {
        /// Empty when the latest catalog is the one being served.
        package var problems: [String] = []
        /// The latest catalog could not be read at all (missing, unreadable, too large), rather than read with errors.
        package var unreadable = false
        /// Products in the catalog being served.
        package var products = 0
        package var lastModified: Int64 = 0
        package var lastModifiedSource = ""
    }

    private struct State {
        var artifacts: ArtifactSet?
        var health = Health()
        var fingerprint: [String]?
        /// The catalog and the screenshots its last readable version names.
        var watched: [String]
    }

    private let catalogPath: String
    private let state: NIOLockedValueBox<State>
    /// Bumped on every swap, so readers can keep a reference and check it with one atomic load.
    let generation = ManagedAtomic(0)
    private let logger: Logger
    let metrics: ServerMetrics
    /// How long a changed catalog must stay unchanged before it is loaded, and how the store
    /// waits for that (tests replace the wait).
    private let settle: TimeInterval
    private let pause: @Sendable (TimeInterval) -> Void

    package init(
        catalogPath: String, logger: Logger, metrics: ServerMetrics, settle: TimeInterval = 0.3,
        pause: @escaping @Sendable (TimeInterval) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) {
        self.catalogPath = catalogPath
        self.logger = logger
        self.metrics = metrics
        self.settle = settle
        self.pause = pause
        self.state = NIOLockedValueBox(State(watched: [catalogPath]))
    }

    package var artifacts: ArtifactSet? { state.withLockedValue { $0.artifacts } }
    package var health: Health { state.withLockedValue { $0.health } }

    /// Loads the catalog if it changed since the last look; returns whether something new is served.
    /// The first catalog is not announced here: the server says what it serves once it listens.
    @discardableResult
    package func reloadIfChanged() -> Bool {
        let fingerprint = currentFingerprint()
        guard fingerprint != state.withLockedValue({ $0.fingerprint }) else { return false }
        // A catalog changed in the last moment may still be being written (an editor, a copy):
        // it is loaded only once it has stayed the same for the settle time.
        if Self.age(ofModification: catalogPath) < settle {
            pause(settle)
            guard currentFingerprint() == fingerprint else { return false }
        }
        var postponed = false
        defer {
            // The files to watch may have changed with this load; the catalog's own entry stays as it
            // was before loading, so an edit made while loading is seen on the next look. A postponed
            // swap forgets the fingerprint, so the next look loads again.
            let watched = currentFingerprint()
            state.withLockedValue { $0.fingerprint = postponed ? nil : [fingerprint[0]] + watched.dropFirst() }
        }
        let result: CatalogLoader.Result
        do {
            result = try CatalogLoader().loadValidated(catalogPath)
        } catch {
            fail(["\(error)"], unreadable: true)
            return false
        }
        // Changed while it was read: what was read may be half of it; the next look loads it whole.
        guard currentFingerprint().first == fingerprint.first else {
            postponed = true
            return false
        }
        if let catalog = result.catalog { watch(catalog) }
        guard let catalog = result.catalog, !result.hasErrors else {
            fail(result.diagnostics.filter { $0.severity == .error }.prefix(5).map { Self.describe($0) })
            return false
        }
        let now = Int64(Date().timeIntervalSince1970)
        var lastModified = LastModified.determine(for: catalogPath, now: now)
        let previous = self.artifacts
        // Changed bytes must get a later Last-Modified than the ones they replace, or a client
        // revalidating with If-Modified-Since alone would be told 304 for new content. Two edits
        // in one second: wait for the next look (the dates have one-second resolution).
        if let previous, let replaced = previous.latestModification(changedIn: catalog), lastModified.seconds <= replaced {
            guard replaced + 1 <= now else {
                postponed = true
                return false
            }
            lastModified.seconds = replaced + 1
        }
        let artifacts = ArtifactSet(
            catalog: catalog, lastModified: lastModified.seconds, lastModifiedSource: lastModified.source, previous: previous)
        state.withLockedValue {
            $0.artifacts = artifacts
            $0.health = Health(
                products: catalog.products.count, lastModified: lastModified.seconds, lastModifiedSource: lastModified.source)
        }
        generation.wrappingIncrement(ordering: .releasing)
        metrics.reloadSuccesses.wrappingIncrement(ordering: .relaxed)
        guard previous != nil else { return true }
        logger.info(
            "serving catalog",
            metadata: [
                "catalog": "\(catalogPath)", "products": "\(catalog.products.count)",
                "last_modified": "\(HTTPDate.format(lastModified.seconds))", "last_modified_source": "\(lastModified.source)",
            ])
        return true
    }

    private func fail(_ problems: [String], unreadable: Bool = false) {
        state.withLockedValue {
            $0.health.problems = problems
            $0.health.unreadable = unreadable
        }
        metrics.reloadFailures.wrappingIncrement(ordering: .relaxed)
        // Before anything is served the server does not start, and its one error line says why.
        guard artifacts != nil else { return }
        logger.error(
            "catalog not loaded; keeping the last good catalog",
            metadata: ["catalog": "\(catalogPath)", "problems": "\(problems.joined(separator: " | "))"])
    }

    static func describe(_ diagnostic: Diagnostic) -> String {
        let location = diagnostic.location
        // The catalog's words, printed and logged: escaped, so none can start a CI command or a terminal sequence.
        return ServerText.shown(
            "\(location.file):\(location.line ?? 0):\(location.column ?? 0): \(diagnostic.text) [\(diagnostic.rule.rawValue)]")
    }

    private func watch(_ catalog: Catalog) {
        let directory = FilePaths.directory(of: catalogPath)
        let screenshots = catalog.products.compactMap { $0.appStore.review?.screenshot.map { FilePaths.join(directory, $0) } }
        state.withLockedValue { $0.watched = [catalogPath] + screenshots }
    }

    /// Seconds since `path` was last modified (infinity when it cannot be told).
    private static func age(ofModification path: String) -> TimeInterval {
        var info = stat()
        guard stat(path, &info) == 0 else { return .infinity }
        let time = SystemCalls.modificationTime(of: info)
        let modified = TimeInterval(time.seconds) + TimeInterval(time.nanoseconds) / 1e9
        return Date().timeIntervalSince1970 - modified
    }

    /// Whether the files on disk differ from the version last looked at: a change not loaded yet
    /// because it had not settled, changed while it was read, or came in the same second as the
    /// catalog it replaces.
    package var hasUnloadedChange: Bool { currentFingerprint() != state.withLockedValue { $0.fingerprint } }

    /// Size, modification time and inode of the watched files: any edit or replacement changes it.
    private func currentFingerprint() -> [String] {
        state.withLockedValue { $0.watched }.map { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return path + ":missing" }
            let time = SystemCalls.modificationTime(of: info)
            return "\(path):\(info.st_size):\(time.seconds).\(time.nanoseconds):\(info.st_ino)"
        }
    }
}
