internal import CZlib

/// gzip (RFC 1952) inflated with zlib, stopping as soon as the output passes a limit: a gzip bomb
/// (10 MB of zeros in 10 kB) costs at most `limit + 1` bytes of memory and the time to inflate
/// them. One member, nothing after it.
enum BoundedGunzip {
    enum Failure: Error, Equatable {
        /// More than the limit once inflated.
        case tooLarge
        /// Not gzip, damaged, cut short, or followed by other bytes.
        case invalid
    }

    static func inflate(_ input: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip wrapper only.
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw .invalid }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: min(limit + 1, max(4_096, input.count * 8)))
        var produced = 0
        var input = input
        return try input.withUnsafeMutableBufferPointer { source throws(Failure) -> [UInt8] in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let status = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = uInt(target.count - produced)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                    return status
                }
                switch status {
                case Z_STREAM_END:
                    guard stream.avail_in == 0 else { throw .invalid }
                    guard produced <= limit else { throw .tooLarge }
                    output.removeSubrange(produced...)
                    return output
                case Z_OK, Z_BUF_ERROR:
                    guard stream.avail_out == 0 else { throw .invalid }  // input ended before the stream did
                    guard output.count <= limit else { throw .tooLarge }
                    output.append(contentsOf: repeatElement(0, count: min(limit + 1, output.count * 2) - output.count))
                default:
                    throw .invalid
                }
            }
        }
    }
}
