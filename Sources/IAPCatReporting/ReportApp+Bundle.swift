// Bundle is Foundation's (not FoundationEssentials'), on every platform.
import Foundation

extension ReportApp {
    /// The running app: its bundle id and version from `Bundle.main` (`CFBundleShortVersionString`,
    /// with `CFBundleVersion` in parentheses when it differs: `2.4.1 (381)`), the platform's name
    /// and version from `ProcessInfo`. A value the bundle lacks is empty, and a report with an
    /// empty value is never sent (``FieldReporter/Outcome/invalid(_:)`` says which).
    public static func main(store: Store = .appStore) -> ReportApp {
        let info = Bundle.main.infoDictionary ?? [:]
        let short = info["CFBundleShortVersionString"] as? String ?? ""
        let build = info["CFBundleVersion"] as? String ?? ""
        let version = build.isEmpty || build == short ? short : "\(short) (\(build))"
        let system = ProcessInfo.processInfo.operatingSystemVersion
        return ReportApp(
            bundleID: Bundle.main.bundleIdentifier ?? "", appVersion: version, os: platformName,
            osVersion: "\(system.majorVersion).\(system.minorVersion).\(system.patchVersion)", store: store)
    }

    /// The platform this build runs on, as reports name it.
    static var platformName: String {
        #if os(visionOS)
            "visionOS"
        #elseif targetEnvironment(macCatalyst)
            "macOS"
        #elseif os(iOS)
            "iOS"
        #elseif os(tvOS)
            "tvOS"
        #elseif os(watchOS)
            "watchOS"
        #elseif os(macOS)
            "macOS"
        #elseif os(Android)
            "Android"
        #elseif os(Linux)
            "Linux"
        #elseif os(Windows)
            "Windows"
        #else
            "unknown"
        #endif
    }
}
