import CZlib

/// The review screenshot every generated draft names: a blank 640x960 PNG (one bit per pixel,
/// white), the smallest size App Review accepts for an in-app purchase, written beside the catalog.
package enum ReviewScreenshot {
    /// Its path inside the output folder, as the catalog names it.
    package static let path = "review-screenshot.png"

    static let width = 640, height = 960

    /// The file's bytes: signature, IHDR, one IDAT of the zlib-compressed rows, IEND.
    package static let png: [UInt8] = {
        var header: [UInt8] = []
        append(UInt32(width), to: &header)
        append(UInt32(height), to: &header)
        header += [1, 0, 0, 0, 0]  // bit depth 1, greyscale, deflate, adaptive filters, no interlace
        // Each row: filter byte 0 (none), then width / 8 bytes of white pixels.
        let rows = [UInt8]((0..<height).flatMap { _ in [0] + [UInt8](repeating: 0xFF, count: width / 8) })
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", header)
        bytes += chunk("IDAT", compressed(rows))
        bytes += chunk("IEND", [])
        return bytes
    }()

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        append(UInt32(data.count), to: &bytes)
        let typed = Array(type.utf8) + data
        bytes += typed
        let checksum = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        append(UInt32(checksum), to: &bytes)
        return bytes
    }

    private static func compressed(_ input: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = input.withUnsafeBufferPointer { source in
            compress2(&output, &length, source.baseAddress, uLong(source.count), 9)
        }
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        return Array(output.prefix(Int(length)))
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
