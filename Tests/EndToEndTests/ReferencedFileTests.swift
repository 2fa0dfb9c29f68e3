import Foundation
import IAPCatTestSupport
import Testing

/// The files a catalog or a bulk package names (review screenshots, promotional images) are read
/// only inside the catalog's folder unless `--allow-outside-paths` says otherwise, and must be PNG
/// or JPEG images of the sizes App Store Connect takes; a package's `file_name` must be a bare
/// name; `bulk-xml` replaces only folders that hold nothing but an earlier package.
@Suite struct ReferencedFileTests {
    /// A copy of the example catalog (lists and screenshots included) in a scratch folder, with
    /// the first product's screenshot path replaced by `screenshot`, and a secret beside it.
    struct Scratch {
        let root: String
        var catalog: String { root + "/catalogs/example.yaml" }

        init(screenshot: String? = nil) throws {
            root = FileManager.default.temporaryDirectory.path + "/iapcat-paths-\(UUID().uuidString)"
            let files = FileManager.default
            try files.createDirectory(atPath: root + "/catalogs", withIntermediateDirectories: true)
            for item in ["example.yaml", "example", "screenshots"] {
                try files.copyItem(atPath: IAPCat.packageRoot + "/catalogs/" + item, toPath: root + "/catalogs/" + item)
            }
            try Data(ReferencedFileTests.png(width: 640, height: 960)).write(to: URL(fileURLWithPath: root + "/secret.png"))
            if let screenshot { try replace("screenshots/coins-small.png", with: screenshot) }
        }

        func replace(_ old: String, with new: String) throws {
            let text = try String(contentsOfFile: catalog, encoding: .utf8)
            try text.replacingOccurrences(of: old, with: new).write(toFile: catalog, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    /// The header of a PNG of `width` x `height` (signature and IHDR: what iapcat reads).
    static func png(width: Int, height: Int) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// The lines of `lint` that name `rule`.
    static func lint(_ scratch: Scratch, _ extra: [String] = []) async throws -> (status: Int32, lines: [String]) {
        let run = try await IAPCat.run(["lint", "--catalog", "catalogs/example.yaml"] + extra, in: scratch.root)
        let lines = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("catalogs/") }
        return (run.status, lines)
    }

    @Test(arguments: [
        ("/etc/passwd", "is an absolute path, outside the catalog's folder"),
        ("../secret.png", "climbs out of the catalog's folder with '..'"),
        ("screenshots/../../secret.png", "climbs out of the catalog's folder with '..'"),
    ])
    func pathsOutsideTheCatalogsFolderAreRefused(path: String, reason: String) async throws {
        let scratch = try Scratch(screenshot: path)
        defer { scratch.remove() }
        let (status, lines) = try await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines == [
                "catalogs/example.yaml:46:19: error: review screenshot '\(path)' of 'com.example.cosmicquest.coins.small' \(reason); "
                    + "iapcat reads files there only (--allow-outside-paths reads it anyway) [path_outside_folder]"
            ])
        // bulk-xml refuses too, and writes nothing.
        let bulk = try await IAPCat.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", "App.itmsp"], in: scratch.root)
        #expect(bulk.status == 1)
        #expect(bulk.stderr.contains("[path_outside_folder]"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/App.itmsp"))
    }

    @Test func aSymbolicLinkLeadingOutIsRefusedAndTheFlagAllowsIt() async throws {
        let scratch = try Scratch(screenshot: "screenshots/link.png")
        defer { scratch.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: scratch.root + "/catalogs/screenshots/link.png", withDestinationPath: "../../secret.png")
        let real = URL(fileURLWithPath: scratch.root + "/secret.png").resolvingSymlinksInPath().path
        let (status, lines) = try await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines == [
                "catalogs/example.yaml:46:19: error: review screenshot 'screenshots/link.png' of 'com.example.cosmicquest.coins.small' "
                    + "leads through a symbolic link to \(real), outside the catalog's folder; "
                    + "iapcat reads files there only (--allow-outside-paths reads it anyway) [path_outside_folder]"
            ])
        await #expect(try Self.lint(scratch, ["--allow-outside-paths"]) == (0, []))
        // A link that stays inside is fine without the flag.
        try FileManager.default.removeItem(atPath: scratch.root + "/catalogs/screenshots/link.png")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.root + "/catalogs/screenshots/link.png", withDestinationPath: "nebula.png")
        await #expect(try Self.lint(scratch) == (0, []))
        // bulk-xml with the flag copies the file the link leads to.
        try FileManager.default.removeItem(atPath: scratch.root + "/catalogs/screenshots/link.png")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.root + "/catalogs/screenshots/link.png", withDestinationPath: "../../secret.png")
        let bulk = try await IAPCat.run(
            ["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", "App.itmsp", "--allow-outside-paths"], in: scratch.root)
        #expect(bulk.status == 0, "\(bulk.stderr)")
        #expect(FileManager.default.contents(atPath: scratch.root + "/App.itmsp/link.png") == Data(Self.png(width: 640, height: 960)))
    }

    @Test func screenshotsAndImagesMustBePNGOrJPEGOfTheSizesAppStoreConnectTakes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shots = scratch.root + "/catalogs/screenshots/"
        // Not an image, whatever its name says.
        try "#!/bin/sh\n".write(toFile: shots + "coins-small.png", atomically: true, encoding: .utf8)
        // Too small; landscape and JPEG of the right size are fine.
        try Data(Self.png(width: 320, height: 480)).write(to: URL(fileURLWithPath: shots + "nebula.png"))
        try Data(Self.png(width: 2208, height: 1242)).write(to: URL(fileURLWithPath: shots + "premium.png"))
        try Data(Self.jpeg(width: 1242, height: 2208)).write(to: URL(fileURLWithPath: shots + "premium-yearly.png"))
        // A JPEG cut before its size.
        try Data(Array(Self.jpeg(width: 1242, height: 2208).prefix(24))).write(to: URL(fileURLWithPath: shots + "season-pass.png"))
        let (status, lines) = try await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines == [
                "catalogs/example.yaml:46:19: error: review screenshot 'screenshots/coins-small.png' of 'com.example.cosmicquest.coins.small' is not a PNG or JPEG image [image_format]",
                "catalogs/example.yaml:70:19: error: review screenshot 'screenshots/nebula.png' of 'com.example.cosmicquest.level.nebula' is 320x480 pixels; App Store Connect needs at least 640x920 (or 920x640) [image_size]",
                "catalogs/example.yaml:154:19: error: review screenshot 'screenshots/season-pass.png' of 'com.example.cosmicquest.season_pass.2026' is a JPEG whose pixel size cannot be read (cut short or malformed) [image_format]",
            ])
    }

    @Test func promotionalImagesAre1024Square() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.replace(
            "      screenshot: screenshots/coins-small.png    # relative to this file\n",
            with: "      screenshot: screenshots/coins-small.png\n    images:\n      - path: screenshots/promo.png\n")
        try Data(Self.png(width: 512, height: 512)).write(to: URL(fileURLWithPath: scratch.root + "/catalogs/screenshots/promo.png"))
        let (status, lines) = try await Self.lint(scratch)
        #expect(status == 1)
        #expect(lines.map { $0.hasSuffix("[image_size]") } == [true], "\(lines)")
        #expect(
            lines.first?.contains(
                "image 'screenshots/promo.png' of 'com.example.cosmicquest.coins.small' is 512x512 pixels; App Store Connect needs 1024x1024"
            ) == true)
        try Data(Self.png(width: 1024, height: 1024)).write(to: URL(fileURLWithPath: scratch.root + "/catalogs/screenshots/promo.png"))
        await #expect(try Self.lint(scratch) == (0, []))
    }

    /// A JPEG's first bytes: SOI, an APP1 (EXIF-like) segment before the frame, SOF0 with the size.
    static func jpeg(width: Int, height: Int) -> [UInt8] {
        let app1: [UInt8] = [0xFF, 0xE1, 0x00, 0x10] + Array(repeating: 0x45, count: 14)
        let sof: [UInt8] =
            [0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
            + Array(repeating: 0, count: 9)
        return [0xFF, 0xD8] + app1 + sof + [0xFF, 0xD9]
    }

    @Test func aPackagesFileNameMustBeABareName() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try await IAPCat.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", "App.itmsp"], in: scratch.root).status == 0)
        let metadata = scratch.root + "/App.itmsp/metadata.xml"
        let xml = try String(contentsOfFile: metadata, encoding: .utf8)
        try xml.replacingOccurrences(of: "<file_name>coins-small.png</file_name>", with: "<file_name>../../secret/id_rsa</file_name>")
            .replacingOccurrences(of: "<file_name>nebula.png</file_name>", with: "<file_name>/etc/passwd</file_name>")
            .write(toFile: metadata, atomically: true, encoding: .utf8)
        let run = try await IAPCat.run(["import", "App.itmsp/metadata.xml", "-o", "imported.yaml"], in: scratch.root)
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").filter { $0.contains("[path_outside_folder]") } == [
                "App.itmsp/metadata.xml:31:1: error: review screenshot file_name '../../secret/id_rsa' of 'com.example.cosmicquest.coins.small' is not a bare file name in the package; the screenshot was left out [path_outside_folder]",
                "App.itmsp/metadata.xml:58:1: error: review screenshot file_name '/etc/passwd' of 'com.example.cosmicquest.level.nebula' is not a bare file name in the package; the screenshot was left out [path_outside_folder]",
            ], "\(run.stderr)")
        #expect(run.stderr.hasSuffix("iapcat: error: App.itmsp/metadata.xml could not be imported; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/imported.yaml"))
    }

    @Test func bulkXMLReplacesOnlyAnEarlierPackage() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bulk = ["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", "App.itmsp"]
        #expect(try await IAPCat.run(bulk, in: scratch.root).status == 0)
        // Its own package is replaced.
        #expect(try await IAPCat.run(bulk, in: scratch.root).status == 0)
        // A file the user put there is named, and nothing is written.
        try "mine\n".write(toFile: scratch.root + "/App.itmsp/notes.txt", atomically: true, encoding: .utf8)
        let refused = try await IAPCat.run(bulk, in: scratch.root)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "App.itmsp: it holds what iapcat does not write in a package (notes.txt); nothing was written (--force replaces the folder and all in it)"
            ),
            "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.root + "/App.itmsp/notes.txt"))
        #expect(try await IAPCat.run(bulk + ["--force"], in: scratch.root).status == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/App.itmsp/notes.txt"))
        // A regular file at the path is not replaced by a folder.
        try "file\n".write(toFile: scratch.root + "/File.itmsp", atomically: true, encoding: .utf8)
        let file = try await IAPCat.run(["bulk-xml", "--catalog", "catalogs/example.yaml", "-o", "File.itmsp"], in: scratch.root)
        #expect(file.status == 2)
        #expect(file.stderr.contains("File.itmsp: it is not a folder; a package is written as a new folder or over an earlier package"))
        #expect(try String(contentsOfFile: scratch.root + "/File.itmsp", encoding: .utf8) == "file\n")
    }

    /// A declared list is read by lint and replaced by `export --all`: it must lie inside the
    /// catalog's folder like every other file the catalog names.
    @Test func aListOutsideTheCatalogsFolderIsNeitherReadNorWritten() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try "[\"precious\"]\n".write(toFile: scratch.root + "/products_v1.json", atomically: true, encoding: .utf8)
        try scratch.replace(
            "  - path: example/products_v1.json     # fetched by app builds up to 2.x", with: "  - path: ../products_v1.json")
        let (status, lines) = try await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines.filter { $0.contains("../products_v1.json") } == [
                "catalogs/example.yaml:184:11: error: list '../products_v1.json' climbs out of the catalog's folder with '..'; iapcat reads and writes lists there only (--allow-outside-paths allows it) [path_outside_folder]"
            ], "\(lines)")
        let export = try await IAPCat.run(["export", "--catalog", "catalogs/example.yaml", "--all"], in: scratch.root)
        #expect(export.status == 1)
        #expect(try String(contentsOfFile: scratch.root + "/products_v1.json", encoding: .utf8) == "[\"precious\"]\n")
    }

    /// StoreKit does not know a product only Google Play sells: a list naming it is an error.
    @Test func aListNamingAPlayOnlyProductIsAnError() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = scratch.root + "/catalogs/example/products_v1.json"
        let text = try String(contentsOfFile: list, encoding: .utf8)
        try text.replacingOccurrences(of: "[\n", with: "[\n  \"com.example.cosmicquest.film.making_of\",\n").write(
            toFile: list, atomically: true, encoding: .utf8)
        let run = try await IAPCat.run(["lint", "--catalog", "catalogs/example.yaml"], in: scratch.root)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "error: 'com.example.cosmicquest.film.making_of' is sold on Google Play only: StoreKit reports it as invalid [unknown_product_id]"
            ),
            "\(run.stdout)")
    }
}
