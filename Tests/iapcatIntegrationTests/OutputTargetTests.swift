import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `-o` does with what is already at the path: a file or nothing is replaced atomically, a
/// symbolic link is written through (it stays a link), a directory, device, FIFO or socket is
/// refused and left as it was, `-` is standard output. The same for `import -o` and `asc pull -o`,
/// which share the writer. Tests run as whatever user CI uses, root included: a device is only
/// ever reached through a link in a scratch folder, so a regression replaces the link, never the
/// device.
@Suite struct OutputTargetTests {
    static let export = ["export", "--catalog", "catalogs/example.yaml", "--format", "v1"]

    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/iapcat-output-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static var expected: String {
        get throws { try String(contentsOfFile: IAPCat.packageRoot + "/catalogs/example/products_v1.json", encoding: .utf8) }
    }

    static func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func aDashIsStandardOutput() throws {
        let run = try IAPCat.run(Self.export + ["-o", "-"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == (try Self.expected))
    }

    @Test func aSymbolicLinkIsWrittenThroughAndStaysALink() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
        try "old\n".write(toFile: directory + "/real/list.json", atomically: true, encoding: .utf8)
        // A relative link, and a link to it: both followed.
        try FileManager.default.createSymbolicLink(atPath: directory + "/first", withDestinationPath: "real/list.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/list.json", withDestinationPath: directory + "/first")
        let run = try IAPCat.run(Self.export + ["-o", directory + "/list.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "wrote \(directory)/list.json\n")
        #expect(Self.type(directory + "/list.json") == S_IFLNK)
        #expect(Self.type(directory + "/first") == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/real/list.json", encoding: .utf8) == (try Self.expected))
        // A dangling link gets its target created.
        try FileManager.default.createSymbolicLink(atPath: directory + "/dangling", withDestinationPath: "real/new.json")
        #expect(try IAPCat.run(Self.export + ["-o", directory + "/dangling"]).status == 0)
        #expect(Self.type(directory + "/dangling") == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/real/new.json", encoding: .utf8) == (try Self.expected))
    }

    @Test func devicesFIFOsSocketsAndDirectoriesAreRefusedAndLeftAlone() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/null", withDestinationPath: "/dev/null")
        #expect(mkfifo(directory + "/fifo", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: directory + "/folder", withIntermediateDirectories: true)
        let socketPath = directory + "/socket"
        let socketDescriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketDescriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        #expect(bound == 0)
        let cases: [(String, mode_t, String)] = [
            ("null", S_IFLNK, "it is a character device (through a symbolic link to /dev/null)"),
            ("fifo", S_IFIFO, "it is a FIFO"), ("folder", S_IFDIR, "it is a directory"), ("socket", S_IFSOCK, "it is a socket"),
        ]
        for (name, type, reason) in cases {
            let path = directory + "/" + name
            let run = try IAPCat.run(Self.export + ["-o", path], timeout: 60)
            #expect(run.status == 2, "\(name): \(run.stderr)")
            #expect(run.stdout == "")
            #expect(
                run.stderr
                    == "iapcat: error: cannot write \(path): \(reason); iapcat writes regular files only (use -o - for standard output)\n")
            #expect(Self.type(path) == type, "\(name) was replaced")
        }
        #expect(Self.type("/dev/null") == S_IFCHR)
        // The catalog writers share the rule.
        let imported = try IAPCat.run(
            ["import", StoreKitImportCommandTests.realFile, "--bundle-id", "com.example.app", "-o", directory + "/fifo", "--force"],
            timeout: 60)
        #expect(imported.stderr.contains("cannot write \(directory)/fifo: it is a FIFO"), "\(imported.stderr)")
        #expect(Self.type(directory + "/fifo") == S_IFIFO)
    }
}
