import Foundation
import Testing

/// Compares output with a golden file under Fixtures/golden. `IAPCAT_RECORD_GOLDENS=1 swift test`
/// rewrites the golden files instead (review the diff before committing it).
func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let path = Fixtures.path("golden/" + name)
    if ProcessInfo.processInfo.environment["IAPCAT_RECORD_GOLDENS"] != nil {
        try actual.write(toFile: path, atomically: true, encoding: .utf8)
        return
    }
    let expected = try String(contentsOfFile: path, encoding: .utf8)
    #expect(actual == expected, "output differs from golden file \(name)", sourceLocation: sourceLocation)
}
