/// What an image file a catalog names turns out to be: missing, unreadable, or an image whose
/// header says its format and size (or bytes that are not one).
package enum ImageFile: Equatable, Sendable {
    case missing
    case unreadable(String)
    case read(Result<ImageHeader, ImageHeader.Problem>)
    /// There, content not looked at: what tests that care only whether a file exists report.
    case present

    /// How much of a file is read for its header: a PNG's size is in its first 24 bytes; JPEG
    /// metadata (EXIF, ICC profiles) can come before the size, but not more than 1 MiB of it.
    static let headerBytes = (first: 64 << 10, most: 1 << 20)

    /// Inspects the file at `path`.
    package static func inspect(_ path: String) -> ImageFile {
        do {
            var bytes = try InputFile.readPrefix(path, count: headerBytes.first)
            var header = ImageHeader.read(bytes)
            if case .failure(.sizeNotFound(.jpeg)) = header, bytes.count == headerBytes.first {
                bytes = try InputFile.readPrefix(path, count: headerBytes.most)
                header = ImageHeader.read(bytes)
            }
            return .read(header)
        } catch {
            return error.isMissing ? .missing : .unreadable(error.reason)
        }
    }
}
