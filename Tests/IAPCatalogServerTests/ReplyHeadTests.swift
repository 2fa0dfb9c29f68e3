import Testing

@testable import IAPCatalogServer

@Suite struct ReplyHeadTests {
    static let date = "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n"

    @Test func aReplysHeadHasTheConnectionsFieldsAndItsOwn() {
        let reply = ServerReply(status: 429, text: "too many requests\n", headers: [("Retry-After", "7")])
        #expect(
            ReplyHead.text(reply, date: Self.date, close: false)
                == "HTTP/1.1 429 Too Many Requests\r\n\(Self.date)Content-Length: 18\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 7\r\n\r\n"
        )
        let json = ServerReply(status: 202, headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
        #expect(
            ReplyHead.text(json, date: Self.date, close: true)
                == "HTTP/1.1 202 Accepted\r\n\(Self.date)Content-Length: 2\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
        #expect(
            ReplyHead.text(ServerReply(status: 304), date: "", close: false)
                == "HTTP/1.1 304 Not Modified\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n")
        #expect(ReplyHead.text(ServerReply(status: 299), date: "", close: false).hasPrefix("HTTP/1.1 299 Unknown\r\n"))
    }

    @Test func fieldsThatWouldSplitTheResponseOrThatTheConnectionOwnsAreDropped() {
        let reply = ServerReply(
            status: 400,
            headers: [
                ("X-Injected", "a\r\nSet-Cookie: b"), ("X-Null", "a\u{0}b"), ("Bad Name", "x"), ("", "x"), ("X-Delete", "a\u{7F}"),
                ("Content-Length", "999"), ("connection", "keep-alive"), ("Date", "yesterday"), ("Transfer-Encoding", "chunked"),
                ("X-Kept", "tab\tand ünïcode"),
            ])
        #expect(
            ReplyHead.text(reply, date: Self.date, close: false)
                == "HTTP/1.1 400 Bad Request\r\n\(Self.date)Content-Length: 0\r\nContent-Type: text/plain; charset=utf-8\r\nX-Kept: tab\tand ünïcode\r\n\r\n"
        )
    }
}
