import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `-o` does with what is already at the path: a file or nothing is replaced atomically, a
/// symbolic link is written through (it stays a link), a directory, device, FIFO or socket is
/// refused and left as it was, `-` is standard output; folders missing above the path are created,
/// and a path component that is not a folder is named. The same for `import -o` and `asc pull -o`,
/// which share the writer. Writes run under both output strategies (``OutputStrategy``). Run in
/// process (``CLI``). Tests run as whatever user CI uses, root included: a device is only
/// ever reached through a link in a scratch folder, so a regression replaces the link, never the
/// device.
@Suite struct OutputTargetTests {
    static let export = ["export", "--catalog", "catalogs/example.yaml", "--format", "v1"]

    static func scratch() throws -> String { try IAPCat.temporaryDirectory("output") }

    static var expected: String {
        get throws { try String(contentsOfFile: IAPCat.packageRoot + "/catalogs/example/products_v1.json", encoding: .utf8) }
    }

    static func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func aDashIsStandardOutput() async throws {
        let run = await CLI.run(Self.export + ["-o", "-"])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout == (try Self.expected))
    }

    @Test(arguments: OutputStrategy.allCases) func aSymbolicLinkIsWrittenThroughAndStaysALink(strategy: OutputStrategy) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
        try "old\n".write(toFile: directory + "/real/list.json", atomically: true, encoding: .utf8)
        // A relative link, and a link to it: both followed.
        try FileManager.default.createSymbolicLink(atPath: directory + "/first", withDestinationPath: "real/list.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/list.json", withDestinationPath: directory + "/first")
        let run = await CLI.run(Self.export + ["-o", directory + "/list.json"], environment: strategy.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "wrote \(directory)/list.json\n")
        #expect(Self.type(directory + "/list.json") == S_IFLNK)
        #expect(Self.type(directory + "/first") == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/real/list.json", encoding: .utf8) == (try Self.expected))
        // A dangling link gets its target created.
        try FileManager.default.createSymbolicLink(atPath: directory + "/dangling", withDestinationPath: "real/new.json")
        #expect(await CLI.run(Self.export + ["-o", directory + "/dangling"], environment: strategy.environment).status == 0)
        #expect(Self.type(directory + "/dangling") == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/real/new.json", encoding: .utf8) == (try Self.expected))
    }

    @Test(arguments: OutputStrategy.allCases)
    func devicesFIFOsSocketsAndDirectoriesAreRefusedAndLeftAlone(strategy: OutputStrategy) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/null", withDestinationPath: "/dev/null")
        #expect(mkfifo(directory + "/fifo", 0o644) == 0)
        try FileManager.default.createDirectory(atPath: directory + "/folder", withIntermediateDirectories: true)
        let socketPath = directory + "/socket"
        let socketDescriptor = TestSockets.stream(AF_UNIX)
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
            let run = await CLI.run(Self.export + ["-o", path], environment: strategy.environment)
            #expect(run.status == 2, "\(name): \(run.stderr)")
            #expect(run.stdout == "")
            #expect(
                run.stderr
                    == "iapcat: error: cannot write \(path): \(reason); iapcat writes regular files only (use -o - for standard output)\n")
            #expect(Self.type(path) == type, "\(name) was replaced")
        }
        #expect(Self.type("/dev/null") == S_IFCHR)
        // The catalog writers share the rule.
        let imported = await CLI.run(
            ["import", StoreKitImportCommandTests.realFile, "--bundle-id", "com.example.app", "-o", directory + "/fifo", "--force"])
        #expect(imported.stderr.contains("cannot write \(directory)/fifo: it is a FIFO"), "\(imported.stderr)")
        #expect(Self.type(directory + "/fifo") == S_IFIFO)
    }

    /// Folders missing above `-o`'s path are created like `mkdir -p` does (mode 0755 less the
    /// umask), by every command that writes; the file is written in them as anywhere else.
    @Test(arguments: OutputStrategy.allCases) func missingFoldersAreCreated(strategy: OutputStrategy) async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/a/b/c/list.json"
        let run = await CLI.run(Self.export + ["-o", path], environment: strategy.environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        #expect(run.stderr == "wrote \(path)\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == (try Self.expected))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/a/b/c") == ["list.json"])
        // The mode mkdir(2) gives 0755 under this process's umask, which iapcat runs under too.
        #expect(mkdir(directory + "/reference", 0o755) == 0)
        for folder in ["a", "a/b", "a/b/c", "reference"] {
            var info = stat()
            #expect(stat(directory + "/" + folder, &info) == 0)
            #expect(info.st_mode & S_IFMT == S_IFDIR, "\(folder)")
            #expect(info.st_mode & 0o7777 == Self.mode(directory + "/reference"), "\(folder)")
        }
        // A bulk package and a generated catalog, too.
        let package = await CLI.run(
            ["bulk-xml", "--catalog", "catalogs/example.yaml", "--provider", "P", "-o", directory + "/x/y/App.itmsp"],
            environment: strategy.environment)
        #expect(package.status == 0, "\(package.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/x/y/App.itmsp").contains("metadata.xml"))
        let generated = await CLI.run(
            ["generate", "--products", "3", "--seed", "1", "--out", directory + "/g/h"], environment: strategy.environment)
        #expect(generated.status == 0, "\(generated.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory + "/g/h/catalog.yaml"))
    }

    /// A component of the path that exists and is not a folder stops the write with an error
    /// naming it (exit 2), and nothing is written or created.
    @Test func aFileInTheWayOfAFolderIsNamed() async throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "a file\n".write(toFile: directory + "/file", atomically: false, encoding: .utf8)
        let cases: [[String]] = [
            Self.export + ["-o", directory + "/file/sub/list.json"],
            ["bulk-xml", "--catalog", "catalogs/example.yaml", "--provider", "P", "-o", directory + "/file/sub/App.itmsp"],
            ["generate", "--products", "3", "--seed", "1", "--out", directory + "/file/sub"],
        ]
        for arguments in cases {
            let run = await CLI.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stdout == "")
            #expect(run.stderr == "iapcat: error: cannot write \(arguments.last!): \(directory)/file exists and is not a folder\n")
        }
        #expect(try String(contentsOfFile: directory + "/file", encoding: .utf8) == "a file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["file"])
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }
}
