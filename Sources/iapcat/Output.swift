import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// stdout carries only reports; everything else goes to stderr.
enum Output {
    /// Ends the process once a command's output is written. A command holding a large catalog
    /// would otherwise free it object by object (~0.08 s for 50,000 products) just before the
    /// system reclaims the memory whole. Output is unbuffered, so nothing is lost.
    static func finish(_ status: ExitStatus = .clean) -> Never {
        exit(status.rawValue)
    }

    static func report(_ text: String) {
        var text = text
        text.withUTF8 { write($0, to: STDOUT_FILENO) }
    }

    static func report(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0, to: STDOUT_FILENO) }
    }

    /// Writes `text` to stderr, ending it with a newline.
    static func error(_ text: String) {
        errorRaw(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// Writes `text` to stderr as it is (no newline added), for progress lines.
    static func errorRaw(_ text: String) {
        var text = text
        text.withUTF8 { write($0, to: STDERR_FILENO) }
    }

    /// Writes all of `buffer`, retrying partial writes and interrupts.
    private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let written = SystemCalls.writeBytes(descriptor, from: buffer.baseAddress! + offset, count: buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}
