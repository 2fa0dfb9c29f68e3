import Testing

@testable import IAPCatalog

@Suite struct MD5Tests {
    /// The test suite of RFC 1321, appendix A.5.
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func rfc1321TestSuite(input: String, digest: String) {
        #expect(MD5.hex(Array(input.utf8)) == digest)
    }

    @Test func theExampleScreenshotsHaveTheirKnownDigests() throws {
        let bytes = try InputFile.read(Fixtures.path("../../../catalogs/screenshots/coins-small.png"))
        #expect(MD5.hex(bytes) == "da4eae3a014cc97be884718ed911a67f")
    }

    @Test func aMillionBytesInPiecesOfEverySizeGiveTheKnownDigest() {
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(MD5.hex(million) == "7707d6ae4e027c70eea2a935c2296f21")
        for piece in [1, 3, 63, 64, 65, 1000] {
            var md5 = MD5()
            var offset = 0
            while offset < million.count {
                let end = min(offset + piece, million.count)
                md5.update(million[offset..<end])
                offset = end
            }
            #expect(md5.finalize() == "7707d6ae4e027c70eea2a935c2296f21", "pieces of \(piece)")
        }
        // A sequence without contiguous storage goes byte by byte, to the same digest.
        var md5 = MD5()
        md5.update((0..<1_000_000).lazy.map { _ in UInt8(ascii: "a") })
        #expect(md5.finalize() == "7707d6ae4e027c70eea2a935c2296f21")
    }
}
