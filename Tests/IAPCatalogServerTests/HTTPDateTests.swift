import Testing

@testable import IAPCatalogServer

@Suite struct HTTPDateTests {
    /// RFC 9110 §5.6.7's example instant.
    static let example: Int64 = 784_111_777

    @Test func formatsIMFFixdate() {
        #expect(HTTPDate.format(Self.example) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(0) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(HTTPDate.format(951_782_400) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func parsesAllThreeForms(text: String) {
        #expect(HTTPDate.parse(text) == Self.example)
    }

    @Test(arguments: [
        "", "yesterday", "Sun, 99 Foo", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 31 Feb 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:00:00 GMT",
        "Sun, 6 Nov 1994 08:49:37 GMT", "Mon, 06 Nov 1994 8:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT", "06 Nov 1994",
    ])
    func rejectsEverythingElse(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    @Test func roundTripsThroughTheFormat() {
        for seconds: Int64 in [0, 1, 86_399, 1_700_000_000, 4_102_444_799] {
            #expect(HTTPDate.parse(HTTPDate.format(seconds)) == seconds)
        }
    }
}
