import Testing

@testable import IAPCatalog

@Suite struct ImageHeaderTests {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        func be32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height) + [
            8, 6, 0, 0, 0,
        ]
    }

    /// SOI, fill bytes, an APP0, an RST marker (no length), a DHT (0xC4: not a frame), then `frame`.
    static func jpeg(frame: UInt8, width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xFF, 0xE0, 0x00, 0x04, 0x4A, 0x46, 0xFF, 0xD0, 0xFF, 0xC4, 0x00, 0x03, 0x00]
            + [0xFF, frame, 0x00, 0x0B, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
    }

    @Test func pngAndJPEGSizesAreReadFromTheirHeaders() {
        #expect(ImageHeader.read(Self.png(width: 1242, height: 2208)) == .success(ImageHeader(format: .png, width: 1242, height: 2208)))
        // Baseline and progressive frames; DHT (C4) before them is skipped.
        for frame: UInt8 in [0xC0, 0xC2] {
            #expect(
                ImageHeader.read(Self.jpeg(frame: frame, width: 2048, height: 2732))
                    == .success(ImageHeader(format: .jpeg, width: 2048, height: 2732)))
        }
    }

    @Test func otherBytesAreNotImagesAndCutHeadersHaveNoSize() {
        #expect(ImageHeader.read(Array("GIF89a".utf8)) == .failure(.notAnImage))
        #expect(ImageHeader.read([]) == .failure(.notAnImage))
        #expect(ImageHeader.read(Array(Self.png(width: 1, height: 1).prefix(20))) == .failure(.sizeNotFound(.png)))
        #expect(ImageHeader.read(Self.png(width: 0, height: 10)) == .failure(.sizeNotFound(.png)))
        let jpeg = Self.jpeg(frame: 0xC0, width: 640, height: 960)
        for length in 3..<jpeg.count - 4 {
            #expect(ImageHeader.read(Array(jpeg.prefix(length))) == .failure(.sizeNotFound(.jpeg)), "\(length)")
        }
        // A scan before any frame, a zero segment length.
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]) == .failure(.sizeNotFound(.jpeg)))
        #expect(ImageHeader.read([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xC0]) == .failure(.sizeNotFound(.jpeg)))
    }

    /// Random bytes behind each signature never trap (every index is bounds-checked) and end.
    @Test func randomHeadersNeverTrap() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let prefix: [UInt8] = Bool.random(using: &generator) ? [0xFF, 0xD8, 0xFF] : Array(Self.png(width: 1, height: 1).prefix(8))
            let tail = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                Bool.random(using: &generator) ? 0xFF : UInt8.random(in: 0...255, using: &generator)
            }
            _ = ImageHeader.read(prefix + tail)
        }
    }
}
