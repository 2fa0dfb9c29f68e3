import Foundation
import Testing

@testable import IAPCatalog

@Suite struct UnifiedDiffTests {
    private func diff(_ old: String?, _ new: String) -> String {
        UnifiedDiff.render(old: old.map { Array($0.utf8) }, new: Array(new.utf8), oldName: "a", newName: "b")
    }

    private func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "\($0)\n" }.joined()
    }

    /// File names come from a catalog's lists: escaped in the headers like the lines.
    @Test func headerNamesAreEscaped() {
        let text = UnifiedDiff.render(
            old: Array("a\n".utf8), new: Array("b\n".utf8), oldName: "x\u{1B}]0;t\u{07}", newName: "::error::y\nz")
        #expect(text.hasPrefix("--- x\\u{1B}]0;t\\u{7}\n+++ ::error::y\\u{A}z\n"))
    }

    /// Canonically equivalent lines that differ in bytes are a change (the files differ).
    @Test func linesAreComparedByTheirBytes() {
        #expect(diff("Caf\u{E9}\n", "Cafe\u{301}\n") == "--- a\n+++ b\n@@ -1 +1 @@\n-Caf\u{E9}\n+Cafe\u{301}\n")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(diff("x\ny\n", "x\ny\n") == "")
        #expect(diff("", "") == "")
    }

    @Test func oneChangedLineWithThreeLinesOfContext() {
        let old = numbered(1...10)
        let new = old.replacingOccurrences(of: "\n5\n", with: "\nfive\n")
        #expect(
            diff(old, new) == """
                --- a
                +++ b
                @@ -2,7 +2,7 @@
                 2
                 3
                 4
                -5
                +five
                 6
                 7
                 8

                """)
    }

    @Test func changesFarApartAreTwoHunksAndCloseOnesShareOne() {
        let old = numbered(1...20)
        let far = old.replacingOccurrences(of: "\n2\n", with: "\n2a\n").replacingOccurrences(of: "\n18\n", with: "\n")
        #expect(
            diff(old, far) == """
                --- a
                +++ b
                @@ -1,5 +1,5 @@
                 1
                -2
                +2a
                 3
                 4
                 5
                @@ -15,6 +15,5 @@
                 15
                 16
                 17
                -18
                 19
                 20

                """)
        // Six unchanged lines between two changes: one hunk (diff -u merges gaps up to twice the context).
        let close = old.replacingOccurrences(of: "\n3\n", with: "\nc\n").replacingOccurrences(of: "\n10\n", with: "\nx\n")
        #expect(diff(old, close).components(separatedBy: "@@ -").count == 2)
        #expect(diff(old, close).contains("@@ -1,13 +1,13 @@\n"))
    }

    @Test func insertionsAtTheStartAndIntoAnEmptyFile() {
        #expect(diff("b\nc\n", "a\nb\nc\n") == "--- a\n+++ b\n@@ -1,2 +1,3 @@\n+a\n b\n c\n")
        #expect(diff("", "a\nb\n") == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        #expect(diff("a\nb\n", "") == "--- a\n+++ b\n@@ -1,2 +0,0 @@\n-a\n-b\n")
    }

    @Test func aMissingFileIsDevNull() {
        #expect(diff(nil, "a\n") == "--- /dev/null\n+++ b\n@@ -0,0 +1 @@\n+a\n")
    }

    @Test func aMissingFinalNewlineIsMarked() {
        #expect(
            diff("a\nb", "a\nb\n") == """
                --- a
                +++ b
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +b

                """)
    }

    @Test func theScriptIsTheShortest() {
        // Myers on the classic example: ABCABBA → CBABAC takes five edits.
        let old = "A\nB\nC\nA\nB\nB\nA\n", new = "C\nB\nA\nB\nA\nC\n"
        let lines = diff(old, new).split(separator: "\n").dropFirst(3)
        #expect(lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }.count == 5)
        // Applying the hunk's lines gives both texts back.
        #expect(lines.filter { !$0.hasPrefix("+") }.map { String($0.dropFirst()) + "\n" }.joined() == old)
        #expect(lines.filter { !$0.hasPrefix("-") }.map { String($0.dropFirst()) + "\n" }.joined() == new)
    }

    @Test func pastTheEditBoundTheWholeFileIsReplaced() {
        let count = UnifiedDiff.maximumEdits + 10
        let old = (0..<count).map { "old \($0)\n" }.joined(), new = (0..<count).map { "new \($0)\n" }.joined()
        let lines = diff(old, new).split(separator: "\n")
        #expect(lines[2] == "@@ -1,\(count) +1,\(count) @@")
        #expect(lines[3] == "-old 0" && lines[3 + count] == "+new 0")
        #expect(lines.count == 3 + 2 * count)
    }

    @Test func controlCharactersAreEscapedAndTabsKept() {
        #expect(diff("a\n", "\tb\u{1B}[31m\n") == "--- a\n+++ b\n@@ -1 +1 @@\n-a\n+\tb\\u{1B}[31m\n")
    }

    /// Lines end at LF, a CR before it part of the ending: a CRLF file is as many lines as an LF one, each shown with its
    /// CR, and a line before the headers says the endings differ.
    @Test func crlfLinesAreLinesAndTheEndingIsShown() {
        #expect(
            diff("a\r\nb\r\n", "a\nb\n") == """
                Line endings differ: a ends its lines with CRLF, b with LF
                --- a
                +++ b
                @@ -1,2 +1,2 @@
                -a\\u{D}
                -b\\u{D}
                +a
                +b

                """)
        #expect(
            diff("1\n2\n3\r\n4\n5\n", "1\n2\n3\n4\n5\n") == """
                Line endings differ: a ends its lines with CRLF and LF, b with LF
                --- a
                +++ b
                @@ -1,5 +1,5 @@
                 1
                 2
                -3\\u{D}
                +3
                 4
                 5

                """)
        // The same endings on both sides: no note; a CR inside a line is a character of it.
        #expect(diff("a\r\nb\r\n", "a\r\nc\r\n") == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\\u{D}\n-b\\u{D}\n+c\\u{D}\n")
        #expect(diff("a\rb\n", "a\n") == "--- a\n+++ b\n@@ -1 +1 @@\n-a\\u{D}b\n+a\n")
    }

    /// Past the line bound nothing is split into lines: one line says the files differ, with sizes and line counts.
    @Test func pastTheLineBoundTheFilesAreSaidToDiffer() {
        let lines = UnifiedDiff.maximumLines
        let old = [UInt8](repeating: 0x0A, count: lines)
        #expect(
            UnifiedDiff.render(old: old, new: Array("x\n".utf8), oldName: "a", newName: "b")
                == "Files a and b differ (\(lines) bytes in \(lines) lines against 2 bytes in 1 line): "
                + "more than the \(lines) lines in both together iapcat compares line by line\n")
        #expect(UnifiedDiff.render(old: old, new: old, oldName: "a", newName: "b") == "")
    }

    @Test func pastTheByteBoundTheFilesAreSaidToDiffer() {
        let old = [UInt8](repeating: UInt8(ascii: "x"), count: UnifiedDiff.maximumBytes)
        #expect(
            UnifiedDiff.render(old: old, new: Array("x\r\n".utf8), oldName: "a\u{1B}", newName: "b")
                == "Files a\\u{1B} and b differ (8388608 bytes in 1 line against 3 bytes in 1 line): "
                + "more than the 8 MiB in both together iapcat compares line by line\n")
        #expect(
            UnifiedDiff.render(old: nil, new: old + [0x0A], oldName: "a", newName: "b")
                == "Files /dev/null and b differ (0 bytes in 0 lines against 8388609 bytes in 1 line): "
                + "more than the 8 MiB in both together iapcat compares line by line\n")
    }

    /// A file on disk of another size past the bounds is not read: its size alone is shown.
    @Test func aLargeFileOnDiskIsNotRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unified-diff-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let size = UnifiedDiff.maximumBytes + 1
        try Data(repeating: 0x0A, count: size).write(to: URL(fileURLWithPath: path))
        let file = ExportedFile(path: path, bytes: Array("[]\n".utf8))
        #expect(file.isStale)
        #expect(
            UnifiedDiff.render(file)
                == "Files \(path) (on disk) and \(path) (iapcat export) differ (\(size) bytes against 3 bytes in 1 line): "
                + "more than the 8 MiB in both together iapcat compares line by line\n")
        try Data("[]\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(!file.isStale)
        #expect(UnifiedDiff.render(file) == "")
    }
}
