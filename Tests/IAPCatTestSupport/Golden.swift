import Foundation
import Testing

/// Golden files: expected output kept beside the tests. `IAPCAT_RECORD_GOLDENS=1 swift test`
/// rewrites them instead of comparing (review the diff before committing it).
public enum Golden {
    /// Whether this run records golden files instead of comparing with them.
    public static let isRecording = ProcessInfo.processInfo.environment["IAPCAT_RECORD_GOLDENS"] != nil

    /// Expects `actual` to equal the golden file at `path`, or records it.
    public static func expect(_ actual: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if isRecording {
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        let name = path.hasPrefix(packageRoot + "/") ? String(path.dropFirst(packageRoot.count + 1)) : path
        #expect(actual == expected, "output differs from the golden file \(name)", sourceLocation: sourceLocation)
    }
}
