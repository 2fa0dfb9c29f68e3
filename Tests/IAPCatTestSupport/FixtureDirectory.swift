/// A test target's `Fixtures` folder, found beside the file that names it.
public struct FixtureDirectory: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// The `Fixtures` folder beside `file` (pass `#filePath`).
    public init(besideFile file: String) {
        path = String(file[..<file.lastIndex(of: "/")!]) + "/Fixtures"
    }

    /// The absolute path of `name` inside the folder.
    public func path(_ name: String) -> String { path + "/" + name }
}

/// The package root: the folder above `Tests/`.
public let packageRoot: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
}()

/// A fixture that is not what a test expects.
public struct FixtureError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
