import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileHandle {
    /// Everything until end of file, reading again when a signal interrupts a read (EINTR).
    /// Foundation's `readDataToEndOfFile()` traps on EINTR (it is `try! readToEnd()`), which once
    /// brought down a whole test run while a child process was being reaped.
    public func readAllRetryingInterrupts() -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let descriptor = fileDescriptor
            #if canImport(Glibc)
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            #elseif canImport(Darwin)
                let count = chunk.withUnsafeMutableBytes { Darwin.read(descriptor, $0.baseAddress, $0.count) }
            #endif
            if count > 0 {
                data.append(contentsOf: chunk[..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }
}
