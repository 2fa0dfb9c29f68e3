import Foundation
import Testing

/// A program from outside the project that some tests run (actionlint, nginx, curl, openssl, xmllint, cmark-gfm):
/// `scripts/bootstrap` installs each, and a test whose program is missing is skipped with
/// ``skipReason`` rather than failing, the same way for every such program.
public struct ExternalTool: Sendable {
    /// The program's name.
    public let name: String
    /// What installs it, for the reason a test is skipped.
    public let installedBy: String
    /// Folders looked in after the PATH.
    public let extraFolders: [String]

    /// actionlint, from PyPI: on the PATH, or in the virtual environment `scripts/bootstrap` makes.
    public static let actionlint = ExternalTool(
        name: "actionlint", installedBy: "scripts/bootstrap --tests installs it from PyPI into .build-tools/python",
        extraFolders: [packageRoot + "/.build-tools/python/bin"])
    /// nginx, from Debian's nginx-light.
    public static let nginx = ExternalTool(
        name: "nginx", installedBy: "scripts/bootstrap --tests installs nginx-light", extraFolders: ["/usr/sbin", "/usr/local/sbin"])
    /// curl, which the documentation's shell examples run.
    public static let curl = ExternalTool(name: "curl", installedBy: "scripts/bootstrap --tests installs it", extraFolders: [])
    /// Chromium, headless: the reports page is checked in a real browser.
    public static let chromium = ExternalTool(
        name: "chromium", installedBy: "scripts/bootstrap --tests installs Debian's chromium", extraFolders: ["/usr/bin"])
    /// openssl, which makes the certificates of the PostgreSQL TLS tests.
    public static let openssl = ExternalTool(
        name: "openssl", installedBy: "scripts/bootstrap --tests installs it", extraFolders: ["/usr/bin"])

    /// cmark-gfm, GitHub's Markdown renderer (Debian's cmark-gfm): iapcat's Markdown is rendered as GitHub renders it.
    public static let cmarkGFM = ExternalTool(
        name: "cmark-gfm", installedBy: "scripts/bootstrap --tests installs Debian's cmark-gfm", extraFolders: ["/usr/bin"])
    /// `script`, from util-linux: a pseudo-terminal for the colour tests.
    public static let script = ExternalTool(name: "script", installedBy: "util-linux has it", extraFolders: ["/usr/bin"])

    /// The program's path, or nil when it is not installed.
    public var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + extraFolders
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether it is installed.
    public var isInstalled: Bool { path != nil }

    /// Why a test that needs it is skipped: `actionlint is not installed (scripts/bootstrap --tests installs …)`.
    public var skipReason: Comment { "\(name) is not installed (\(installedBy))" }
}
