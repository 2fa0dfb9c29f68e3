import Testing

@testable import AppStoreConnect

/// The upload operations a reservation lists are checked before a byte is sent: where they point,
/// how, with which headers, and which bytes.
@Suite struct UploadRulesTests {
    static func operation(
        _ url: String = "https://upload.example.com/part/1", method: String = "PUT", offset: Int = 0, length: Int = 100,
        headers: [(name: String, value: String)] = [("Content-Type", "image/png")]
    ) -> UploadOperation {
        UploadOperation(method: method, url: url, offset: offset, length: length, headers: headers)
    }

    static func refusal(_ operations: [UploadOperation], fileSize: Int = 100) -> String? {
        do throws(UploadRules.Refusal) {
            _ = try UploadRules.check(operations, fileSize: fileSize)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func partsThatCoverTheFileOnceAreSentInFileOrder() throws {
        let parts = [Self.operation(offset: 60, length: 40), Self.operation(offset: 0, length: 60)]
        #expect(try UploadRules.check(parts, fileSize: 100).map(\.offset) == [0, 60])
        // The fake's loopback URLs.
        #expect(Self.refusal([Self.operation("http://127.0.0.1:8080/upload/x/0")]) == nil)
        #expect(Self.refusal([Self.operation("http://[::1]:8080/upload/x/0")]) == nil)
    }

    @Test(arguments: [
        (
            "http+unix://%2Fvar%2Frun%2Fdocker.sock/upload",
            "upload operation 1 points at \"http+unix://%2Fvar%2Frun%2Fdocker.sock/u\": iapcat uploads to https URLs only"
        ),
        ("file:///etc/passwd", "upload operation 1 points at \"file:///etc/passwd\": iapcat uploads to https URLs only"),
        (
            "http://upload.example.com/part",
            "upload operation 1 points at plain http://\"upload.example.com\": iapcat uploads to https URLs only"
        ),
        ("http://10.0.0.1/part", "upload operation 1 points at plain http://\"10.0.0.1\": iapcat uploads to https URLs only"),
        ("https://user:secret@example.com/part", "upload operation 1 has no plain host (\"user:secret@example.com\")"),
        ("https:///part", "upload operation 1 has no plain host (\"\")"),
        // The HTTP client makes a 16-bit number of the port and stops the process on a larger one.
        ("https://127.0.0.1:65536/upload", "upload operation 1 names port \"65536\": iapcat connects to ports 1–65535 only"),
        ("http://127.0.0.1:0/upload", "upload operation 1 names port \"0\": iapcat connects to ports 1–65535 only"),
        (
            "https://[::1]:99999999999999999999/u",
            "upload operation 1 names port \"99999999999999999999\": iapcat connects to ports 1–65535 only"
        ),
        ("https://example.com:-443/u", "upload operation 1 names port \"-443\": iapcat connects to ports 1–65535 only"),
        ("https://example.com:/u", "upload operation 1 names port \"\": iapcat connects to ports 1–65535 only"),
        // {ESC} stands for an escape character, so that the test's own output stays plain.
        ("https://exa{ESC}[31mmple.com/part", "upload operation 1 has no plain host (\"exa\\u{1B}[31mmple.com\")"),
    ])
    func urlsOtherThanHTTPSAreRefused(url: String, message: String) {
        #expect(Self.refusal([Self.operation(url.replacingOccurrences(of: "{ESC}", with: "\u{1B}"))]) == message)
    }

    @Test func methodsHeadersAndBytesAreChecked() {
        #expect(
            Self.refusal([Self.operation(method: "DELETE")])
                == "upload operation 1 asks for method \"DELETE\"; iapcat uploads with PUT or POST only")
        #expect(
            Self.refusal([Self.operation(headers: [("Authorization", "Bearer x")])])
                == "upload operation 1 asks for header \"Authorization\", which iapcat does not send")
        #expect(
            Self.refusal([Self.operation(headers: [("Proxy-Authorization", "x")])])
                == "upload operation 1 asks for header \"Proxy-Authorization\", which iapcat does not send")
        #expect(
            Self.refusal([Self.operation(headers: [("X-Evil\r\nHost", "x")])])
                == "upload operation 1 asks for header \"X-Evil\\u{D}\\u{A}Host\", which iapcat does not send")
        #expect(
            Self.refusal([Self.operation(headers: [("Content-Type", "image/png\r\nX-Injected: 1")])])
                == "upload operation 1 gives header \"Content-Type\" a value iapcat does not send")
        #expect(
            Self.refusal([Self.operation(offset: Int.max, length: 1)])
                == "upload operation 1 lies outside the file of 100 bytes (offset 9223372036854775807, length 1)")
        #expect(
            Self.refusal([Self.operation(offset: 0, length: 101)])
                == "upload operation 1 lies outside the file of 100 bytes (offset 0, length 101)")
        #expect(
            Self.refusal([Self.operation(offset: -1, length: 10)])
                == "upload operation 1 lies outside the file of 100 bytes (offset -1, length 10)")
        #expect(
            Self.refusal([Self.operation(offset: 0, length: 60), Self.operation(offset: 50, length: 50)])
                == "the upload operations overlap at byte 50")
        #expect(Self.refusal([Self.operation(offset: 0, length: 60)]) == "the upload operations leave bytes 60–99 out")
        #expect(Self.refusal([]) == "the reservation listed no upload operations")
        let many = (0..<1_001).map { Self.operation(offset: $0, length: 1) }
        #expect(Self.refusal(many, fileSize: 1_001) == "the reservation listed 1001 upload operations; iapcat sends at most 1000")
        // The same part twice would send the bytes twice: an overlap.
        #expect(Self.refusal([Self.operation(), Self.operation()]) == "the upload operations overlap at byte 0")
    }
}
