/// A promotional image of a product (App Store Connect's product images): a file to upload, or,
/// in a pulled catalog, the checksum and name of an image the store holds (the API never gives
/// the file back). The checksum is what identifies an image on both sides.
public struct ProductImage: Sendable, Equatable {
    /// The file, relative to the catalog, when the catalog has it.
    public var path: String?
    /// The file name the store shows.
    public var fileName: String?
    /// The MD5 checksum, lower-case hex; for a `path`, the file's.
    public var checksum: String?
    package var position: SourcePosition?

    /// Creates an image from a file, or from what the store reports of one.
    public init(path: String? = nil, fileName: String? = nil, checksum: String? = nil) {
        self.path = path
        self.fileName = fileName
        self.checksum = checksum
    }
}
