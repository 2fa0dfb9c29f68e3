#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The default ``SentReportLog``: a small text file, one line per key (day, app version, list,
/// ETag, tab-separated; the contract allows no tab in them), holding only today's and yesterday's
/// keys. It is read once and written whole (atomically) at each record. It holds nothing personal.
/// A file that cannot be read or written costs at most one more report that day.
public actor FileSentReportLog: SentReportLog {
    /// The file.
    public nonisolated let url: URL
    private var keys: Set<SentReportKey>?

    /// A log in `url` (its folder is made when first written).
    public init(url: URL) {
        self.url = url
    }

    /// The log in the app's Application Support folder (`IAPCatReporting/sent-reports.txt`), or
    /// its caches folder, or the temporary folder, whichever exists first.
    public static func standard() -> FileSentReportLog {
        let folders = [FileManager.SearchPathDirectory.applicationSupportDirectory, .cachesDirectory].compactMap {
            FileManager.default.urls(for: $0, in: .userDomainMask).first
        }
        let folder = folders.first ?? FileManager.default.temporaryDirectory
        return FileSentReportLog(url: folder.appendingPathComponent("IAPCatReporting").appendingPathComponent("sent-reports.txt"))
    }

    /// Whether `key` is in the file (read once, then kept in memory).
    public func contains(_ key: SentReportKey) -> Bool {
        loaded().contains(key)
    }

    /// Adds `key`, forgets the keys older than the day before its day, and writes the file again.
    public func record(_ key: SentReportKey) {
        var keys = loaded().filter { $0.day >= key.day - 1 }
        keys.insert(key)
        self.keys = keys
        let lines = keys.sorted {
            ($0.day, $0.appVersion, $0.list, $0.listETag ?? "") < ($1.day, $1.appVersion, $1.list, $1.listETag ?? "")
        }
        .map { "\($0.day)\t\($0.appVersion)\t\($0.list)\t\($0.listETag ?? "")\n" }
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(lines.joined().utf8).write(to: url, options: .atomic)
    }

    private func loaded() -> Set<SentReportKey> {
        if let keys { return keys }
        var read = Set<SentReportKey>()
        if let data = try? Data(contentsOf: url), data.count <= 1 << 20 {
            for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4, let day = Int(fields[0]) else { continue }
                read.insert(SentReportKey(appVersion: fields[1], list: fields[2], listETag: fields[3].isEmpty ? nil : fields[3], day: day))
            }
        }
        keys = read
        return read
    }
}
