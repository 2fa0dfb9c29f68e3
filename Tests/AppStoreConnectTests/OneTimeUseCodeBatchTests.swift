import Testing

@testable import AppStoreConnect

/// The codes of a one-time-use batch as App Store Connect answers them (`GET …/values`, CSV).
@Suite struct OneTimeUseCodeBatchTests {
    /// What App Store Connect answers for a batch's codes is checked before a byte is written, and
    /// never repeated: it is not ours to print.
    @Test func anAnswerThatIsNotOneCodePerLineWritesNothing() throws {
        #expect(try OneTimeUseCodeBatch.codes(Array("AB12\r\nCD34\n".utf8), batch: "b", expected: 2) == ["AB12", "CD34"])
        let refusals: [(String, Int, String)] = [
            ("AB12\nC\u{1b}[2J\n", 2, "batch b: line 2 of App Store Connect's codes is not a code (letters and digits)"),
            ("AB12\n", 2, "batch b: App Store Connect gave 1 code (1 different), not the 2 asked for; nothing was written"),
            ("AB12\nAB12\n", 2, "batch b: App Store Connect gave 2 codes (1 different), not the 2 asked for; nothing was written"),
            ("code\nAB12\n", 1, "batch b: App Store Connect gave 2 codes (2 different), not the 1 asked for; nothing was written"),
        ]
        for (answer, expected, message) in refusals {
            #expect(throws: OneTimeUseCodeBatch.Failure(message: message)) {
                try OneTimeUseCodeBatch.codes(Array(answer.utf8), batch: "b", expected: expected)
            }
        }
    }
}
