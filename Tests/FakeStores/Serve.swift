import ArgumentParser
import Crypto
import FakeAppStoreConnect
import FakeGooglePlay
import Foundation
import _CryptoExtras

/// What `serve` keeps for the life of the process: the signal sources it waits on, the pid file's lock.
private enum SignalSources {
    nonisolated(unsafe) static var kept: [any DispatchSourceSignal] = []
    /// The open, locked pid file.
    nonisolated(unsafe) static var pidLock: Int32 = -1
}

extension FakeStores {
    /// Runs both fakes in the foreground until SIGTERM or SIGINT; `start` runs this in the background.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run both fakes in the foreground until interrupted; writes DIR/env.sh once they listen.")

        @OptionGroup var options: FakeStoresOptions

        func run() async throws {
            let directory = options.absoluteDirectory
            try Self.refuseIfRunning(options)
            try PrivateFile.makeFolder(directory)
            let apps = try options.parsedASCApps()

            // App Store Connect: a team key whose private half iapcat reads from a .p8 file.
            let ascKey = P256.Signing.PrivateKey()
            let keyID = "FAKEKEY001", issuerID = "6a3f1c52-0d4e-4b8e-9f1a-2c7d5e8b9a01"
            let asc = try await FakeAppStoreConnect.start(keys: [FakeAPIKey(keyID: keyID, issuerID: issuerID, publicKey: ascKey.publicKey)])
            for app in apps {
                asc.addApp(id: app.id, bundleID: app.bundleID)
                // As a new app record in App Store Connect has: version 1.0 in preparation.
                asc.addAppStoreVersion(app: app.id, versionString: "1.0")
            }
            let keyPath = directory + "/AuthKey_\(keyID).p8"
            try Self.writePrivate(ascKey.pemRepresentation, to: keyPath)

            // Google Play: a service account whose key file names the fake's token endpoint.
            let email = "iapcat-fake@example-project.iam.gserviceaccount.com"
            let playKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let play = try await FakeGooglePlay.start(accounts: [email: playKey.publicKey])
            for package in options.playApps { play.addApp(packageName: package) }
            let account: [String: String] = [
                "type": "service_account", "project_id": "example-project", "private_key_id": "fake0001",
                "private_key": playKey.pkcs8PEMRepresentation, "client_email": email, "token_uri": play.tokenURL,
            ]
            let accountPath = directory + "/play-service-account.json"
            let accountJSON = try JSONSerialization.data(withJSONObject: account, options: [.sortedKeys, .prettyPrinted])
            try Self.writePrivate(String(decoding: accountJSON, as: UTF8.self) + "\n", to: accountPath)

            let environment = """
                # Written by iapcat-fakes (pid \(getpid())): points iapcat at the fakes. Source it: . \(options.envFile)
                export ASC_API_URL=\(asc.baseURL)
                export ASC_KEY_ID=\(keyID)
                export ASC_ISSUER_ID=\(issuerID)
                export ASC_PRIVATE_KEY_PATH='\(keyPath)'
                export PLAY_API_URL=\(play.baseURL)
                export GOOGLE_APPLICATION_CREDENTIALS='\(accountPath)'

                """
            // Unbuffered, so `start` finds these lines in the log as soon as env.sh exists.
            Self.say("App Store Connect fake: \(asc.baseURL) (apps: \(apps.map { "\($0.id) \($0.bundleID)" }.joined(separator: ", ")))")
            Self.say("Google Play fake: \(play.baseURL) (packages: \(options.playApps.joined(separator: ", ")))")

            // Locked before it has its name, and held for the life of the process: `stop` and `start`
            // take the pid as live only while it is held, so a pid file left by a killed run never
            // names a process that took its number.
            let (lock, temporary) = try PrivateFile.create(beside: options.pidFile)
            guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw FakesFailure("cannot lock \(options.pidFile)") }
            try PrivateFile.writeAll(Array("\(getpid())\n".utf8), to: lock, path: options.pidFile)
            try PrivateFile.place(temporary, at: options.pidFile)
            SignalSources.pidLock = lock
            // env.sh last: `start` takes its appearance as "both fakes listen".
            try Self.writePrivate(environment, to: options.envFile)

            let signal = await Self.nextTerminationSignal()
            Self.say("stopping on signal \(signal)")
            try? FileManager.default.removeItem(atPath: options.envFile)
            try? FileManager.default.removeItem(atPath: options.pidFile)
            try await asc.shutdown()
            try await play.stop()
        }

        /// Writes `text` to `path` readable by the owner only (an API key refuses wider modes) from
        /// its first byte, atomically.
        static func writePrivate(_ text: String, to path: String) throws {
            try PrivateFile.write(text, to: path)
        }

        /// Fails when fakes already run in the folder, or when its pid file cannot be trusted.
        static func refuseIfRunning(_ options: FakeStoresOptions) throws {
            switch PidFile.read(options) {
            case .none:
                return
            case .untrusted(let reason):
                throw FakesFailure(reason)
            case .running(let pid, let descriptor):
                close(descriptor)
                throw FakesFailure(
                    "the fakes already run in \(options.absoluteDirectory) (pid \(pid)); stop them first: iapcat-fakes stop --dir \(options.dir)"
                )
            }
        }

        static func say(_ line: String) {
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        }

        /// Waits for SIGTERM or SIGINT and returns it.
        static func nextTerminationSignal() async -> Int32 {
            let stream = AsyncStream<Int32> { continuation in
                let sources = [SIGTERM, SIGINT].map { number in
                    Foundation.signal(number, SIG_IGN)
                    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                    source.setEventHandler { continuation.yield(number) }
                    source.resume()
                    return source
                }
                SignalSources.kept = sources
            }
            for await number in stream { return number }
            return SIGTERM
        }
    }
}
