/// The format and pixel size of a PNG or JPEG image, read from the start of its file: what App
/// Store Connect takes for review screenshots and promotional images. The content decides, not
/// the file name; nothing beyond the header is decoded.
package struct ImageHeader: Equatable, Sendable {
    package enum Format: String, Sendable {
        case png = "PNG"
        case jpeg = "JPEG"
    }

    package var format: Format
    package var width: Int
    package var height: Int

    /// Why bytes are not a usable image.
    package enum Problem: Error, Equatable, Sendable {
        /// Neither PNG nor JPEG.
        case notAnImage
        /// A PNG or JPEG whose size is not in the bytes given (cut short, or a malformed header).
        case sizeNotFound(Format)

        package var reason: String {
            switch self {
            case .notAnImage: "is not a PNG or JPEG image"
            case .sizeNotFound(let format): "is a \(format.rawValue) whose pixel size cannot be read (cut short or malformed)"
            }
        }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header of the image whose first bytes are `bytes`.
    package static func read(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
        if bytes.starts(with: pngSignature) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg(bytes) }
        return .failure(.notAnImage)
    }

    /// The IHDR chunk comes first: length, "IHDR", width and height as 32-bit big-endian numbers.
    private static func png(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
        guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return .failure(.sizeNotFound(.png)) }
        let width = bigEndian(bytes, at: 16, count: 4), height = bigEndian(bytes, at: 20, count: 4)
        guard width > 0, height > 0 else { return .failure(.sizeNotFound(.png)) }
        return .success(ImageHeader(format: .png, width: width, height: height))
    }

    /// Walks the marker segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// which holds the height and width; the scan (SOS) or the end (EOI) before it means no size.
    private static func jpeg(_ bytes: [UInt8]) -> Result<ImageHeader, Problem> {
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return .failure(.sizeNotFound(.jpeg)) }
            let marker = bytes[index + 1]
            index += 2
            switch marker {
            case 0xFF: index -= 1  // fill byte
            case 0x01, 0xD0...0xD7: continue  // no length
            case 0xD9, 0xDA: return .failure(.sizeNotFound(.jpeg))
            default:
                guard index + 2 <= bytes.count else { return .failure(.sizeNotFound(.jpeg)) }
                let length = bigEndian(bytes, at: index, count: 2)
                guard length >= 2 else { return .failure(.sizeNotFound(.jpeg)) }
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    guard length >= 7, index + 7 <= bytes.count else { return .failure(.sizeNotFound(.jpeg)) }
                    let height = bigEndian(bytes, at: index + 3, count: 2), width = bigEndian(bytes, at: index + 5, count: 2)
                    guard width > 0, height > 0 else { return .failure(.sizeNotFound(.jpeg)) }
                    return .success(ImageHeader(format: .jpeg, width: width, height: height))
                }
                index += length
            }
        }
        return .failure(.sizeNotFound(.jpeg))
    }

    private static func bigEndian(_ bytes: [UInt8], at start: Int, count: Int) -> Int {
        bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
