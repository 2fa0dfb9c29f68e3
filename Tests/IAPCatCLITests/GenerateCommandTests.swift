import Foundation
import IAPCatTestSupport
import Testing

/// `iapcat generate`, run in process (``CLI``): it writes a folder that `iapcat lint` passes.
@Suite struct GenerateCommandTests {
    static func temporaryDirectory() throws -> String { try IAPCat.temporaryDirectory("generate") }

    @Test func theGeneratedFolderLintsClean() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/new/folder"
        let run = await CLI.run(["generate", "--products", "500", "--seed", "9", "--out", out, "--list-ids", "100"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "")
        let names = ["catalog.yaml", "review-screenshot.png", "product_ids.plist", "products_v1.json", "products_v2.json", "big_ids.plist"]
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.prefix(names.count) == names.map { "wrote \(out)/\($0)" }[...])
        #expect(lines.count == names.count + 1 && lines.last?.hasPrefix("generated 500 products (") == true)

        // The sampled big list is not declared (export would write every production id): linted by path.
        let lists = names.filter { $0 != "catalog.yaml" && $0 != "review-screenshot.png" }
        let lint = await CLI.run(["lint", "--catalog", out + "/catalog.yaml"] + lists.map { out + "/" + $0 })
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("0 errors"))
        #expect(lint.stdout.contains("in 5 files"))
    }

    @Test func theSameArgumentsGiveTheSameBytes() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in ["a", "b"] {
            #expect(await CLI.run(["generate", "--products", "300", "--out", directory + "/" + name]).status == 0)
        }
        for file in ["catalog.yaml", "product_ids.plist", "products_v1.json", "products_v2.json"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/a/\(file)"))
            let b = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/b/\(file)"))
            #expect(a == b, "\(file)")
        }
    }

    @Test func badOptionsAreUsageErrorsAndWriteNothing() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let zero = await CLI.run(["generate", "--products", "0", "--out", out])
        #expect(zero.status == 2)
        #expect(zero.stderr.contains("--products must be at least 1"))
        let tooMany = await CLI.run(["generate", "--products", "10", "--out", out, "--list-ids", "50"])
        #expect(tooMany.status == 2)
        #expect(tooMany.stderr.contains("--list-ids 50 exceeds the"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
