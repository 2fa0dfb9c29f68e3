import Foundation
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where one run of iapcat reads and writes: its standard input, output and error, whether each
/// is a terminal, and its environment variables.
///
/// The binary runs on ``process``, the process's own. Commands also run in process, as a library
/// (``CommandLineTool/run(_:console:)``), on a console of buffers (``capturing(environment:)``):
/// that is how most of the CLI's tests run it, many at once, each seeing only its own output.
/// A run's console is task-local (``current``), so everything the run prints reaches it; a
/// closure that may be called outside the run's task (a client's observer on an event loop)
/// captures ``current`` when it is made.
public struct Console: Sendable {
    /// Where a stream's bytes go.
    enum Sink: Sendable {
        /// A file descriptor, written with retries (the binary's 1 and 2).
        case descriptor(Int32)
        /// A buffer in memory.
        case buffer(ConsoleBuffer)
    }

    /// Standard output: reports, plans, lists.
    let output: Sink
    /// Standard error: diagnostics, what a command did, progress.
    let error: Sink
    /// The environment variables the run sees.
    public let environment: [String: String]
    /// Whether standard input, output and error are terminals.
    let terminal: (input: Bool, output: Bool, error: Bool)
    /// Reads a line from standard input (a confirmation); nil at its end.
    let readLine: @Sendable () -> String?
    /// Whether the run owns the process: then a finished command exits it at once (``Output/finish(_:)``);
    /// otherwise the run returns its status.
    let ownsProcess: Bool
    /// How the run prints (colour, `--quiet`), decided from the command's options before it runs.
    var settings = Output.Settings()

    /// The process's own standard streams and environment.
    public static var process: Console {
        Console(
            output: .descriptor(STDOUT_FILENO), error: .descriptor(STDERR_FILENO), environment: ProcessInfo.processInfo.environment,
            terminal: (isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1, isatty(STDERR_FILENO) == 1),
            readLine: { Swift.readLine() }, ownsProcess: true)
    }

    /// A console of buffers with `environment`: no terminal, standard input empty. The run's output
    /// and error are `output.text` and `error.text` afterwards.
    public static func capturing(environment: [String: String]) -> (console: Console, output: ConsoleBuffer, error: ConsoleBuffer) {
        let output = ConsoleBuffer(), error = ConsoleBuffer()
        let console = Console(
            output: .buffer(output), error: .buffer(error), environment: environment, terminal: (false, false, false),
            readLine: { nil }, ownsProcess: false)
        return (console, output, error)
    }

    /// The console of the run this task belongs to (the process's outside any run).
    @TaskLocal static var current = Console.process

    /// Writes `bytes` to standard output.
    func write(output bytes: UnsafeBufferPointer<UInt8>) { Self.write(bytes, to: output) }

    /// Writes `bytes` to standard error.
    func write(error bytes: UnsafeBufferPointer<UInt8>) { Self.write(bytes, to: error) }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, to sink: Sink) {
        switch sink {
        case .buffer(let buffer): buffer.append(bytes)
        case .descriptor(let descriptor):
            // All of it, retrying partial writes and interrupts.
            var offset = 0
            while offset < bytes.count {
                let written = SystemCalls.writeBytes(descriptor, from: bytes.baseAddress! + offset, count: bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// A stream of a ``Console`` kept in memory; safe to write from any thread.
public final class ConsoleBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    public init() {}

    func append(_ more: UnsafeBufferPointer<UInt8>) {
        lock.withLock { bytes.append(contentsOf: more) }
    }

    /// What was written, as UTF-8 (invalid sequences replaced).
    public var text: String { String(decoding: lock.withLock { bytes }, as: UTF8.self) }
}
