import ArgumentParser
import Foundation

extension FakeStores {
    /// Ends the fakes `start` began in the same folder.
    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Stop the fakes that `start` began with the same --dir.")

        @OptionGroup var options: FakeStoresOptions

        func run() throws {
            let pid: pid_t, descriptor: Int32
            switch PidFile.read(options) {
            case .none:
                print("no fakes run in \(options.absoluteDirectory)")
                return
            case .untrusted(let reason):
                // Whatever the file says, no process is signalled.
                throw FakesFailure(reason)
            case .running(let running, let file):
                (pid, descriptor) = (running, file)
            }
            defer { close(descriptor) }
            kill(pid, SIGTERM)
            // The fakes have ended when their lock on the pid file is free.
            guard !Self.wait(forRelease: descriptor, seconds: 10) else { return finish(pid) }
            // Still the fakes of this folder? (The number could have been taken by then.)
            if FakesProcess.serves(pid, directory: options.absoluteDirectory) { kill(pid, SIGKILL) }
            guard Self.wait(forRelease: descriptor, seconds: 5) else {
                throw FakesFailure("the fakes (pid \(pid)) did not stop; their lock on \(options.pidFile) is still held")
            }
            finish(pid)
        }

        private func finish(_ pid: pid_t) {
            try? FileManager.default.removeItem(atPath: options.pidFile)
            try? FileManager.default.removeItem(atPath: options.envFile)
            print("stopped the fakes (pid \(pid))")
        }

        /// Whether the lock on the open pid file `descriptor` came free within `seconds`.
        static func wait(forRelease descriptor: Int32, seconds: Double) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !PidFile.isReleased(descriptor) {
                guard Date() < deadline else { return false }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return true
        }
    }
}
