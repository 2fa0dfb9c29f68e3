internal import CZlib

/// gzip (RFC 1952) with zlib at level 9. Deterministic: zlib writes no file name and a zero
/// modification time, so every replica compresses the same bytes to the same bytes (and ETag).
enum Gzip {
    static func compress(_ input: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip wrapper instead of zlib's.
        guard
            deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { fatalError("zlib could not initialise") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        var input = input
        let produced = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflateBound was too small")
                return target.count - Int(stream.avail_out)
            }
        }
        output.removeSubrange(produced...)
        return output
    }
}
