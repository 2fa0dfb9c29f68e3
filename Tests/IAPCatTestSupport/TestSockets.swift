#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The socket calls the tests make whose spelling differs between Linux (Glibc) and macOS
/// (Darwin): the socket type is an enum on Linux and a number on macOS, and where Linux asks
/// `send` for no SIGPIPE with MSG_NOSIGNAL, macOS sets SO_NOSIGPIPE on the socket.
public enum TestSockets {
    /// A new stream socket of `family` (`AF_INET`, `AF_UNIX`), or -1 with errno.
    public static func stream(_ family: Int32) -> Int32 {
        #if canImport(Glibc)
            return socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #elseif canImport(Darwin)
            return socket(family, SOCK_STREAM, 0)
        #endif
    }

    /// send(2) of `count` bytes at `buffer`: a peer that has gone gives -1 with EPIPE, never SIGPIPE.
    public static func sendBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #elseif canImport(Darwin)
            var on: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            let flags: Int32 = 0
        #endif
        return send(descriptor, buffer, count, flags)
    }

    /// connect(2), for callers whose own `connect` hides the system's.
    public static func connectSocket(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        connect(descriptor, address, length)
    }

    /// A stream socket listening on 127.0.0.1 at a free port, with `backlog`: the descriptor and
    /// the port, or nil (the socket closed) when it cannot be bound.
    public static func listenOnLoopback(backlog: Int32) -> (descriptor: Int32, port: UInt16)? {
        let descriptor = stream(AF_INET)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, listen(descriptor, backlog) == 0 else {
            close(descriptor)
            return nil
        }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }
}
