import IAPCatTestSupport
import Testing

/// `iapcat serve` checks its options and their environment variables before it starts: a bad
/// value is a usage error (exit 2) that names it, and no server is started.
@Suite struct ServeOptionsTests {
    static let catalog = "catalogs/example.yaml"

    @Test(
        arguments: [
            (["--port", "70000"], [:], "the port must be 0-65535"),
            (["--max-age=-1"], [:], "--max-age must be 0 or more"),
            (["--header-timeout", "0"], [:], "the reload interval and the timeouts must be 1 or more, the threads 0 or more"),
            ([], ["IAPCAT_PORT": "eighty"], "IAPCAT_PORT must be a whole number, not 'eighty'"),
            ([], ["IAPCAT_MAX_AGE": "1m"], "IAPCAT_MAX_AGE must be a whole number, not '1m'"),
            ([], ["IAPCAT_LOG_LEVEL": "loud"], "unknown log level 'loud'"),
        ] as [([String], [String: String], String)])
    func aBadValueIsAUsageError(options: [String], environment: [String: String], message: String) async throws {
        let run = try await IAPCat.run(["serve", "--catalog", Self.catalog] + options, timeout: 60, environment: environment)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: \(message)\n"), "\(run.stderr)")
        #expect(run.stdout == "")
    }
}
