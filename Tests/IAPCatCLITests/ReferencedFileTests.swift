import Foundation
import IAPCatTestSupport
import Testing

/// The files a catalog or a bulk package names (review screenshots, promotional images) are read
/// only inside the catalog's folder unless `--allow-outside-paths` says otherwise, and must be PNG
/// or JPEG images of the sizes App Store Connect takes; a package's `file_name` must be a bare
/// name; `bulk-xml` replaces only folders that hold nothing but an earlier package. Run in process
/// (``CLI``), with the scratch folder's absolute paths.
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

    /// The lines of `lint` that name a file of the scratch catalog's folder.
    static func lint(_ scratch: Scratch, _ extra: [String] = []) async -> (status: Int32, lines: [String]) {
        let run = await CLI.run(["lint", "--catalog", scratch.catalog] + extra)
        let lines = run.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix(scratch.root + "/catalogs/") }
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
        let (status, lines) = await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines == [
                "\(scratch.catalog):46:19: error: review screenshot '\(path)' of 'com.example.cosmicquest.coins.small' \(reason); "
                    + "iapcat reads files there only (--allow-outside-paths reads it anyway) [path_outside_folder]"
            ])
        // bulk-xml refuses too, and writes nothing.
        let bulk = await CLI.run(["bulk-xml", "--catalog", scratch.catalog, "-o", scratch.root + "/App.itmsp"])
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
        let (status, lines) = await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines == [
                "\(scratch.catalog):46:19: error: review screenshot 'screenshots/link.png' of 'com.example.cosmicquest.coins.small' "
                    + "leads through a symbolic link to \(real), outside the catalog's folder; "
                    + "iapcat reads files there only (--allow-outside-paths reads it anyway) [path_outside_folder]"
            ])
        #expect(await Self.lint(scratch, ["--allow-outside-paths"]) == (0, []))
        // A link that stays inside is fine without the flag.
        try FileManager.default.removeItem(atPath: scratch.root + "/catalogs/screenshots/link.png")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.root + "/catalogs/screenshots/link.png", withDestinationPath: "nebula.png")
        #expect(await Self.lint(scratch) == (0, []))
        // bulk-xml with the flag copies the file the link leads to.
        try FileManager.default.removeItem(atPath: scratch.root + "/catalogs/screenshots/link.png")
        try FileManager.default.createSymbolicLink(
            atPath: scratch.root + "/catalogs/screenshots/link.png", withDestinationPath: "../../secret.png")
        let bulk = await CLI.run(["bulk-xml", "--catalog", scratch.catalog, "-o", scratch.root + "/App.itmsp", "--allow-outside-paths"])
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
        let (status, lines) = await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines == [
                "\(scratch.catalog):46:19: error: review screenshot 'screenshots/coins-small.png' of 'com.example.cosmicquest.coins.small' is not a PNG or JPEG image [image_format]",
                "\(scratch.catalog):70:19: error: review screenshot 'screenshots/nebula.png' of 'com.example.cosmicquest.level.nebula' is 320x480 pixels; App Store Connect needs at least 640x920 (or 920x640) [image_size]",
                "\(scratch.catalog):160:19: error: review screenshot 'screenshots/season-pass.png' of 'com.example.cosmicquest.season_pass.2026' is a JPEG whose pixel size cannot be read (cut short or malformed) [image_format]",
            ])
    }

    @Test func promotionalImagesAre1024Square() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.replace(
            "      screenshot: screenshots/coins-small.png    # relative to this file\n",
            with: "      screenshot: screenshots/coins-small.png\n    images:\n      - path: screenshots/promo.png\n")
        try Data(Self.png(width: 512, height: 512)).write(to: URL(fileURLWithPath: scratch.root + "/catalogs/screenshots/promo.png"))
        let (status, lines) = await Self.lint(scratch)
        #expect(status == 1)
        #expect(lines.map { $0.hasSuffix("[image_size]") } == [true], "\(lines)")
        #expect(
            lines.first?.contains(
                "image 'screenshots/promo.png' of 'com.example.cosmicquest.coins.small' is 512x512 pixels; App Store Connect needs 1024x1024"
            ) == true)
        try Data(Self.png(width: 1024, height: 1024)).write(to: URL(fileURLWithPath: scratch.root + "/catalogs/screenshots/promo.png"))
        #expect(await Self.lint(scratch) == (0, []))
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
        #expect(await CLI.run(["bulk-xml", "--catalog", scratch.catalog, "-o", scratch.root + "/App.itmsp"]).status == 0)
        let metadata = scratch.root + "/App.itmsp/metadata.xml"
        let xml = try String(contentsOfFile: metadata, encoding: .utf8)
        try xml.replacingOccurrences(of: "<file_name>coins-small.png</file_name>", with: "<file_name>../../secret/id_rsa</file_name>")
            .replacingOccurrences(of: "<file_name>nebula.png</file_name>", with: "<file_name>/etc/passwd</file_name>")
            .write(toFile: metadata, atomically: true, encoding: .utf8)
        let run = await CLI.run(["import", metadata, "-o", scratch.root + "/imported.yaml"])
        #expect(run.status == 1)
        #expect(
            run.stderr.split(separator: "\n").filter { $0.contains("[path_outside_folder]") } == [
                "\(metadata):31:1: error: review screenshot file_name '../../secret/id_rsa' of 'com.example.cosmicquest.coins.small' is not a bare file name in the package; the screenshot was left out [path_outside_folder]",
                "\(metadata):58:1: error: review screenshot file_name '/etc/passwd' of 'com.example.cosmicquest.level.nebula' is not a bare file name in the package; the screenshot was left out [path_outside_folder]",
            ], "\(run.stderr)")
        #expect(run.stderr.hasSuffix("iapcat: error: \(metadata) could not be imported; nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/imported.yaml"))
    }

    @Test func bulkXMLReplacesOnlyAnEarlierPackage() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let bulk = ["bulk-xml", "--catalog", scratch.catalog, "-o", scratch.root + "/App.itmsp"]
        #expect(await CLI.run(bulk).status == 0)
        // Its own package is replaced.
        #expect(await CLI.run(bulk).status == 0)
        // A file the user put there is named, and nothing is written.
        try "mine\n".write(toFile: scratch.root + "/App.itmsp/notes.txt", atomically: true, encoding: .utf8)
        let refused = await CLI.run(bulk)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "\(scratch.root)/App.itmsp: it holds what iapcat does not write in a package (notes.txt); nothing was written (--force replaces the folder and all in it)"
            ),
            "\(refused.stderr)")
        #expect(FileManager.default.fileExists(atPath: scratch.root + "/App.itmsp/notes.txt"))
        #expect(await CLI.run(bulk + ["--force"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/App.itmsp/notes.txt"))
        // A regular file at the path is not replaced by a folder.
        try "file\n".write(toFile: scratch.root + "/File.itmsp", atomically: true, encoding: .utf8)
        let file = await CLI.run(["bulk-xml", "--catalog", scratch.catalog, "-o", scratch.root + "/File.itmsp"])
        #expect(file.status == 2)
        #expect(
            file.stderr.contains(
                "\(scratch.root)/File.itmsp: it is not a folder; a package is written as a new folder or over an earlier package"))
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
        let (status, lines) = await Self.lint(scratch)
        #expect(status == 1)
        #expect(
            lines.filter { $0.contains("../products_v1.json") } == [
                "\(scratch.catalog):190:11: error: list '../products_v1.json' climbs out of the catalog's folder with '..'; iapcat reads and writes lists there only (--allow-outside-paths allows it) [path_outside_folder]"
            ], "\(lines)")
        let export = await CLI.run(["export", "--catalog", scratch.catalog, "--all"])
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
        let run = await CLI.run(["lint", "--catalog", scratch.catalog])
        #expect(run.status == 1)
        #expect(
            run.stdout.contains(
                "error: 'com.example.cosmicquest.film.making_of' is sold on Google Play only: StoreKit reports it as invalid [unknown_product_id]"
            ),
            "\(run.stdout)")
    }
}
