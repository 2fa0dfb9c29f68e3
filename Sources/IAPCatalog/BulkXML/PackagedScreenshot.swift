/// A review screenshot as it goes into a package: the file, its name inside the package, size and MD5.
public struct PackagedScreenshot: Sendable, Equatable {
    /// Where the file is read from.
    public var sourcePath: String
    /// Its bare name inside the `.itmsp` folder.
    public var fileName: String
    /// The file's size in bytes.
    public var size: Int
    /// Lower-case hex.
    public var md5: String

    /// Creates a screenshot entry from its source path, name in the package, size in bytes and MD5.
    public init(sourcePath: String, fileName: String, size: Int, md5: String) {
        self.sourcePath = sourcePath
        self.fileName = fileName
        self.size = size
        self.md5 = md5
    }
}
