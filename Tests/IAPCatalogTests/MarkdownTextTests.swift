import Testing

@testable import IAPCatalog

/// What a plan's or a report's Markdown makes of text from a store, a catalog or a report: the exact
/// bytes. EndToEndTests' `MarkdownAutolinkTests` renders them with GitHub's own cmark-gfm and finds
/// no link, and the text as it was.
@Suite struct MarkdownTextTests {
    /// GitHub's autolinks (GFM "Autolinks (extension)"): a URL from `http://`, `https://` or `ftp://`, anything from
    /// `www.`, an e-mail address (and a `mailto:`), and `@` mentions: each broken where GitHub finds it, and only there.
    @Test(arguments: [
        ("https://evil.example/reset-password", #"https\://evil.example/reset-password"#),
        ("http://evil.example", #"http\://evil.example"#),
        ("ftp://evil.example/x", #"ftp\://evil.example/x"#),
        ("HTTPS://EVIL.example", #"HTTPS\://EVIL.example"#),
        ("www.evil.example", #"www\.evil.example"#),
        ("(www.evil.example)", #"(www\.evil.example)"#),
        ("*WWW.evil.example*", #"\*WWW\.evil.example\*"#),
        ("a@evil.example", "a@<!-- -->evil.example"),
        ("mailto:a.b+c@evil.example", "mailto:a.b+c@<!-- -->evil.example"),
        ("@octocat", "@<!-- -->octocat"),
        (
            "reset at https://evil.example?a=1&b=2 or www.evil.example, mail a@evil.example",
            #"reset at https\://evil.example?a=1\&b=2 or www\.evil.example, mail a@<!-- -->evil.example"#
        ),
        // What only looks like one is left alone: a colon, a dot, `ww.`.
        ("com.example.coins: 0.99 ww.x", "com.example.coins: 0.99 ww.x"),
    ])
    func autolinksAreBroken(text: String, escaped: String) {
        #expect(MarkdownText.escaped(text) == escaped)
    }

    /// A code span needs nothing: GitHub links nothing inside one.
    @Test func codeSpansKeepTheText() {
        #expect(
            MarkdownText.code("https://evil.example a@evil.example www.evil.example")
                == "`https://evil.example a@evil.example www.evil.example`")
    }

    /// A right-to-left override and the other bidirectional controls, as the text format shows them: in escaped text
    /// (its backslash escaped) and in code spans.
    @Test func bidiControlsAreShownEscaped() {
        let text = "coins\u{202E}gnp.exe \u{61C}\u{200E}\u{200F}\u{202A}\u{202B}\u{202C}\u{202D}\u{2066}\u{2067}\u{2068}\u{2069}"
        #expect(
            MarkdownText.escaped(text)
                == #"coins\\u{202E}gnp.exe \\u{61C}\\u{200E}\\u{200F}\\u{202A}\\u{202B}\\u{202C}\\u{202D}\\u{2066}\\u{2067}\\u{2068}\\u{2069}"#
        )
        #expect(MarkdownText.code("coins\u{202E}gnp.exe") == #"`coins\u{202E}gnp.exe`"#)
        // Arabic and Hebrew letters are text, not controls.
        #expect(MarkdownText.escaped("عملات מטבעות") == "عملات מטבעות")
    }
}
