import ArgumentParser
import Foundation

extension FakeStores {
    /// Ends the fakes `start` began in the same folder.
    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the fakes that `start` began with the same --dir.")

        @OptionGroup var options: FakeStoresOptions

        func run() throws {
            guard let pid = Self.runningPID(options) else {
                print("no fakes run in \(options.absoluteDirectory)")
                return
            }
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while kill(pid, 0) == 0 && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: options.pidFile)
            try? FileManager.default.removeItem(atPath: options.envFile)
            print("stopped the fakes (pid \(pid))")
        }

        /// The pid in DIR/pid while the fakes that wrote it run: they hold a lock on the file, so a
        /// file left by a killed run (whose number another process may have taken) names nobody.
        static func runningPID(_ options: FakeStoresOptions) -> pid_t? {
            let descriptor = open(options.pidFile, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK else { return nil }
            guard let text = try? String(contentsOfFile: options.pidFile, encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0
            else { return nil }
            return pid
        }
    }
}
