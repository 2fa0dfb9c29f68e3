import Foundation
import IAPCatTestSupport
import Testing

/// Every shell command README.md and docs/ show runs as written: each page's blocks, in order, in
/// one scratch copy of the repository (``DocumentationSandbox``), and each block must exit 0. The
/// few that cannot run here are left out by name below, with the reason; an entry that no longer
/// matches a line fails, so the list cannot outlive the documentation.
@Suite(.serialized) struct DocumentedCommandTests {
    static let leftOut: [DocumentedShellBlock.LeftOut] = [
        .init(page: "README.md", containing: "scripts/bootstrap --tests && swift test", why: "the test command itself: CI runs it"),
        .init(page: "README.md", containing: "xcrun --sdk macosx", why: "needs Xcode on macOS"),
        .init(page: "README.md", containing: "export ASC_KEY_ID=…", why: "a real API key; the sandbox's fake App Store Connect sets these"),
        .init(page: "docs/storekit.md", containing: "xcrun --sdk macosx", why: "needs Xcode on macOS"),
        .init(page: "docs/development.md", containing: "swift build", why: "the build itself: CI runs it"),
        .init(page: "docs/development.md", containing: "swift test", why: "the test command itself: CI runs it"),
        .init(
            page: "docs/install.md", containing: "scripts/build-release",
            why: "a release build takes minutes; CI runs scripts/check-static-binary --if-changed"),
        .init(page: "docs/install.md", containing: "apt-get install", why: "installs system packages"),
        .init(
            page: "docs/install.md", containing: "swift build -c release",
            why: "a release build takes minutes; CI runs scripts/check-static-binary --if-changed"),
        .init(page: "docs/install.md", containing: "cp .build/release/iapcat /usr/local/bin/", why: "installs into the system"),
        .init(page: "docs/install.md", containing: "mint ", why: "needs Mint and a published release"),
        .init(page: "docs/install.md", containing: "sudo ", why: "writes into the system"),
        .init(page: "docs/install.md", containing: "brew --prefix", why: "needs Homebrew (macOS)"),
        .init(
            page: "docs/install.md", containing: "scripts/man",
            why: "builds the manual plugin: minutes, and it waits on the test build's lock"),
        .init(page: "docs/install.md", containing: "man .build/man/iapcat.1", why: "needs the page scripts/man writes"),
        .init(page: "docs/performance.md", containing: "Benchmarks/", why: "benchmarks take minutes; run on demand"),
        .init(page: "docs/performance.md", containing: "swift build -c release", why: "a release build takes minutes"),
        .init(page: "docs/performance.md", containing: "objcopy", why: "needs the release build above"),
        .init(page: "docs/performance.md", containing: "valgrind", why: "needs valgrind and the release build"),
        .init(page: "docs/performance.md", containing: "callgrind_annotate", why: "needs valgrind and the release build"),
    ]

    /// Commands of `page` that run a program scripts/bootstrap --tests installs but this machine lacks:
    /// left out with the reason, as every test that needs a missing program is skipped.
    static func missingTools(_ page: String) -> [DocumentedShellBlock.LeftOut] {
        [ExternalTool.curl].filter { !$0.isInstalled }.map { .init(page: page, containing: $0.name + " ", why: $0.skipReason.rawValue) }
    }

    static let pages: [String] = {
        var seen: [String] = []
        for block in (try? DocumentedShellBlock.all()) ?? [] where !seen.contains(block.page) { seen.append(block.page) }
        return seen
    }()

    @Test(arguments: pages) func everyShellCommandOfThePageRuns(page: String) async throws {
        try await DocumentationSandbox.with { sandbox in
            for block in try DocumentedShellBlock.all() where block.page == page {
                switch block.kind {
                case .output(let command):
                    let run = try await sandbox.run(script: command + " 2>&1")
                    #expect(
                        block.isSample(of: run.stdout),
                        "\(block.origin): not what `\(command)` prints:\n\(block.text)--- it prints:\n\(run.stdout.prefix(4000))")
                    continue
                case .file(let path):
                    try sandbox.write(block.text, to: path)
                    continue
                case .commands:
                    break
                }
                let script = block.script(leavingOut: Self.leftOut + Self.missingTools(page), port: try Self.freePort())
                let run = try await sandbox.run(script: script)
                #expect(
                    run.status == 0,
                    """
                    \(block.origin) failed (exit \(run.status)):
                    \(block.text)--- stdout (end)
                    \(run.stdout.suffix(3000))
                    --- stderr (end)
                    \(run.stderr.suffix(3000))
                    """)
            }
        }
    }

    @Test func everyCommandLeftOutIsStillDocumented() throws {
        let blocks = try DocumentedShellBlock.all()
        for entry in Self.leftOut {
            let matched = blocks.contains { $0.page == entry.page && $0.logicalLines.contains { $0.contains(entry.containing) } }
            #expect(matched, "no shell line of \(entry.page) contains \"\(entry.containing)\": remove it from the list")
        }
    }

    @Test func aFailingCommandFailsItsBlock() async throws {
        let block = DocumentedShellBlock(origin: "test:1", page: "test", text: "true\nfalse\ntrue\n")
        try await DocumentationSandbox.with { sandbox throws in
            await #expect(try sandbox.run(script: block.script(leavingOut: [], port: 1)).status == 1)
            let skipped = block.script(leavingOut: [.init(page: "test", containing: "false", why: "shown")], port: 1)
            await #expect(try sandbox.run(script: skipped).status == 0)
        }
    }

    /// A port nothing listens on now (bound to 0, read, closed).
    static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        guard bound else { throw FixtureError("cannot bind a loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
