import Foundation
import IAPCatTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server under hostile clients and shutdown: slow and idle connections by the hundred do not
/// keep anyone else waiting, and SIGTERM lets a response in flight finish.
@Suite struct ServerFaultTests {
    @Test func fiveHundredSlowAndIdleConnectionsDoNotKeepOthersWaiting() throws {
        let server = try ServerProcess(catalog: "catalogs/example.yaml")
        var held: [HTTPConnection] = []
        for index in 0..<500 {
            let connection = try server.connect()
            // Half send nothing at all; half dribble a request head that never ends (slowloris).
            if index.isMultiple(of: 2) { try connection.send("GET /products_v1.json HTTP/1.1\r\nHost: x\r\nX-Slow: ") }
            held.append(connection)
        }
        for round in 0..<3 {
            for (index, connection) in held.enumerated() where !index.isMultiple(of: 2) || round > 0 {
                try? connection.send(index.isMultiple(of: 2) ? "a" : "")
            }
            for _ in 0..<20 {
                let started = Date()
                let response = try server.request("GET", "/products_v1.json")
                #expect(response.status == 200)
                #expect(Date().timeIntervalSince(started) < 1, "a normal request waited behind the slow connections")
            }
        }
        let metrics = try server.request("GET", "/metrics").text
        let open = metrics.split(separator: "\n").first { $0.hasPrefix("iapcat_http_connections_open ") }
        #expect(open.map { Int($0.split(separator: " ").last!)! >= 500 } == true, "\(open ?? "no gauge")")
        held.removeAll()
        _ = server.stop()
    }

    @Test func aSigtermAsSoonAsItListensStopsTheServer() throws {
        for _ in 0..<5 {
            let server = try ServerProcess(catalog: "catalogs/example.yaml")
            // No request first: the signal follows the "listening" line at once.
            let pid = server.process.processIdentifier
            let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 300, execute: watchdog)  // a hang guard
            let stopped = server.stop()
            watchdog.cancel()
            #expect(stopped.status == 0, "the server did not stop on SIGTERM: \(stopped.log)")
        }
    }

    @Test func sigtermLetsAResponseInFlightFinish() throws {
        let directory = NSTemporaryDirectory() + "iapcat-drain-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var yaml = "format_version: 1\napp: { bundle_id: com.example.drain }\nproducts:\n"
        for number in 0..<9_000 {
            yaml += """
                  - id: com.example.drain.item\(number)
                    type: consumable
                    reference_name: Item \(number)
                    status: approved
                    price: { tier: 1 }
                    localizations:
                      en-US: { display_name: Item \(number), description: A thing you can buy }
                      de-DE: { display_name: Ding \(number), description: "Ein Ding, das man kaufen kann" }
                      fr-FR: { display_name: Objet \(number), description: Une chose que l'on peut acheter }
                      es-ES: { display_name: Cosa \(number), description: Una cosa que se puede comprar }
                      ja: { display_name: アイテム \(number), description: 買えるもの }

                """
        }
        try yaml.write(toFile: directory + "/catalog.yaml", atomically: true, encoding: .utf8)
        let server = try ServerProcess(catalog: directory + "/catalog.yaml")
        // A request whose response (about 4 MB) cannot all fit in the socket buffers: the
        // client does not read until after SIGTERM.
        let inFlight = try server.connect()
        try inFlight.send("GET /products_v2.json HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(300_000)
        kill(server.process.processIdentifier, SIGTERM)
        usleep(300_000)
        #expect(server.process.isRunning, "the server exited with a response unsent")
        let response = try inFlight.readResponse()
        #expect(response.status == 200)
        #expect(response.body.count == Int(response["content-length"] ?? "") ?? -1)
        #expect(response.body.count > 4_000_000)
        #expect(inFlight.isClosedByServer())
        let stopped = server.stop()
        #expect(stopped.status == 0)
        // No new connections once it stopped.
        #expect(throws: (any Error).self) { _ = try server.request("GET", "/healthz") }
    }
}
