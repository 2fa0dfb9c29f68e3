/// A unified diff (`diff -u`) between two texts, line by line: what `export --check` prints for a
/// file that differs from what export would write. The shortest edit script is found with Myers'
/// algorithm; past ``maximumEdits`` differences (a file of another kind) the whole file is shown
/// replaced. Past ``maximumBytes`` bytes or ``maximumLines`` lines in both texts together no line
/// diff is made: one line says the files differ, with their sizes and line counts, so time and memory
/// stay bounded whatever is on disk (a file of another size that large is not even read). Lines end
/// at LF; a CR before it belongs to the line ending, shown as `\u{D}`, and a line before the headers
/// says when the two files end their lines differently. Control characters a file on disk may hold
/// are escaped: the diff is safe to print.
public enum UnifiedDiff {
    /// Lines of unchanged context around each change.
    public static let context = 3
    /// Past this many inserted plus deleted lines, one hunk replaces the whole file.
    public static let maximumEdits = 1_000
    /// Past this many lines in both texts together, the files are said to differ, not diffed.
    public static let maximumLines = 200_000
    /// Past this many bytes in both texts together, the files are said to differ, not diffed.
    public static let maximumBytes = 8 << 20

    /// What differs between the file on disk at `file`'s path and its bytes: the diff from the
    /// one on disk (`/dev/null` when there is none) to what export would write; empty when they agree.
    /// The file on disk is read only when it may equal the bytes or can be diffed with them.
    public static func render(_ file: ExportedFile) -> String {
        let onDisk = try? InputFile.read(file.path) { size in
            size == file.bytes.count || size <= maximumBytes - min(file.bytes.count, maximumBytes)
        }
        return render(
            text: onDisk.map { Text(size: $0.size, bytes: $0.bytes) }, new: file.bytes, oldName: "\(file.path) (on disk)",
            newName: "\(file.path) (iapcat export)")
    }

    /// The diff turning `old` into `new`, with `---`/`+++` headers naming `oldName` and
    /// `newName`; the empty string when the texts are equal. `old` nil is a missing file (`/dev/null`).
    public static func render(old: [UInt8]?, new: [UInt8], oldName: String, newName: String) -> String {
        render(text: old.map { Text(size: $0.count, bytes: $0) }, new: new, oldName: oldName, newName: newName)
    }

    /// One side of a diff: its size, and its bytes when they were read.
    struct Text {
        var size: Int
        var bytes: [UInt8]?
    }

    /// The diff from `old` (bytes nil: not read) to `new`.
    static func render(text old: Text?, new: [UInt8], oldName: String, newName: String) -> String {
        if let old, old.size == new.count, let bytes = old.bytes, bytes == new { return "" }
        // The names may come from a catalog's lists: escaped like the lines.
        let oldShown = old == nil ? "/dev/null" : ServerText.printable(oldName), newShown = ServerText.printable(newName)
        // Counted on the bytes before any line is made: a text past the bounds is never split.
        let oldShape = old == nil ? Shape() : old?.bytes.map(Shape.init)
        let newShape = Shape(new)
        var output = ""
        if let oldShape, oldShape.ending != newShape.ending, let oldEnding = oldShape.ending, let newEnding = newShape.ending {
            output += "Line endings differ: \(oldShown) ends its lines with \(oldEnding), \(newShown) with \(newEnding)\n"
        }
        let oldSize = old?.size ?? 0
        guard let oldShape, oldSize + new.count <= maximumBytes, oldShape.lines + newShape.lines <= maximumLines else {
            let past =
                oldSize + new.count > maximumBytes
                ? "more than the \(InputFile.describe(bytes: maximumBytes))" : "more than the \(Plural.count(maximumLines, "line"))"
            func described(_ size: Int, _ shape: Shape?) -> String {
                Plural.count(size, "byte") + (shape.map { " in " + Plural.count($0.lines, "line") } ?? "")
            }
            return output + "Files \(oldShown) and \(newShown) differ (\(described(oldSize, oldShape)) against "
                + "\(described(new.count, newShape))): \(past) in both together iapcat compares line by line\n"
        }
        let a = lines(old?.bytes ?? []), b = lines(new)
        output += "--- \(oldShown)\n+++ \(newShown)\n"
        for hunk in hunks(edits(a, b), a: a, b: b) { output += hunk }
        return output
    }

    /// How a line ends.
    enum Ending: Equatable {
        case lf, crlf, none
    }

    /// One line of a text, without its ending, and how it ended.
    struct Line: Equatable {
        var text: ArraySlice<UInt8>
        var ending: Ending

        /// Byte for byte, as the files are compared (String equality would call canonically
        /// equivalent lines equal, and a stale file would show no changed line).
        static func == (lhs: Line, rhs: Line) -> Bool {
            lhs.ending == rhs.ending && lhs.text.elementsEqual(rhs.text)
        }
    }

    /// How many lines a text has and how they end, counted on its bytes.
    struct Shape {
        var lines = 0
        var lf = 0
        var crlf = 0

        init() {}

        init(_ bytes: [UInt8]) {
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == 0x0A {
                    if previous == 0x0D { crlf += 1 } else { lf += 1 }
                }
                previous = byte
            }
            lines = lf + crlf + (bytes.last.map { $0 == 0x0A ? 0 : 1 } ?? 0)
        }

        /// `CRLF`, `LF`, `CRLF and LF`; nil when no line ends.
        var ending: String? {
            switch (crlf > 0, lf > 0) {
            case (true, true): "CRLF and LF"
            case (true, false): "CRLF"
            case (false, true): "LF"
            case (false, false): nil
            }
        }
    }

    /// The lines of `bytes`: each ends at an LF, a CR before it part of the ending. Shown as UTF-8
    /// (invalid sequences replaced, so any file can be shown), compared as bytes.
    static func lines(_ bytes: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        while start < bytes.count {
            guard let end = bytes[start...].firstIndex(of: 0x0A) else {
                result.append(Line(text: bytes[start...], ending: .none))
                break
            }
            let crlf = end > start && bytes[end - 1] == 0x0D
            result.append(Line(text: bytes[start..<(crlf ? end - 1 : end)], ending: crlf ? .crlf : .lf))
            start = end + 1
        }
        return result
    }

    /// An edit script step: a line kept, deleted from the old text, or inserted from the new.
    enum Edit: Equatable {
        case keep(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The shortest edit script from `a` to `b` (Myers, O((N+M)·D) time, O(D²) memory), deletions
    /// before insertions at each change; the whole of `a` deleted and `b` inserted past
    /// ``maximumEdits``.
    static func edits(_ a: [Line], _ b: [Line]) -> [Edit] {
        // Common ends are kept without search: most stale files differ in a few lines.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let head = (0..<prefix).map { Edit.keep(old: $0, new: $0) }
        let tail = (0..<suffix).map { Edit.keep(old: a.count - suffix + $0, new: b.count - suffix + $0) }
        let middleA = prefix..<(a.count - suffix), middleB = prefix..<(b.count - suffix)
        let middle = myers(a, middleA, b, middleB, limit: maximumEdits)
        return head + (middle ?? (middleA.map { .delete(old: $0) } + middleB.map { .insert(new: $0) })) + tail
    }

    /// Myers' greedy search on `a[ra]` against `b[rb]`; nil when the script is longer than `limit`.
    private static func myers(_ a: [Line], _ ra: Range<Int>, _ b: [Line], _ rb: Range<Int>, limit: Int) -> [Edit]? {
        let n = ra.count, m = rb.count
        let maxD = min(n + m, limit)
        // v[k + offset] is the furthest x reached on diagonal k; one copy is kept per step for the trace back.
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...maxD {
            // Only diagonals -d...d are used at step d: keep those.
            trace.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[ra.lowerBound + x] == b[rb.lowerBound + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return nil }
        // Walk back from (n, m) through the saved rows.
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let row = trace[d]
            func at(_ k: Int) -> Int { row[k + d + 1] }
            let k = x - y
            let previousK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : at(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                edits.append(.keep(old: ra.lowerBound + x, new: rb.lowerBound + y))
            }
            if d > 0 {
                if x == previousX {
                    edits.append(.insert(new: rb.lowerBound + previousY))
                } else {
                    edits.append(.delete(old: ra.lowerBound + previousX))
                }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }

    /// The hunks of `edits`, each with up to ``context`` kept lines around its changes; changes
    /// closer than twice that share a hunk.
    static func hunks(_ edits: [Edit], a: [Line], b: [Line]) -> [String] {
        let changed = edits.indices.filter { if case .keep = edits[$0] { false } else { true } }
        guard !changed.isEmpty else { return [] }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            if let last = groups.last, index - last.upperBound <= 2 * context + 1 {
                groups[groups.count - 1] = last.lowerBound...index
            } else {
                groups.append(index...index)
            }
        }
        return groups.map { group in
            let range = max(0, group.lowerBound - context)...min(edits.count - 1, group.upperBound + context)
            var body = ""
            var oldStart: Int?, newStart: Int?
            var oldCount = 0, newCount = 0
            func add(_ mark: Character, _ line: Line) {
                // A CR ending the line is shown: it may be all that differs.
                body += "\(mark)\(printable(line.text))\(line.ending == .crlf ? "\\u{D}" : "")\n"
                if line.ending == .none { body += "\\ No newline at end of file\n" }
            }
            for edit in edits[range] {
                switch edit {
                case .keep(let old, let new):
                    oldStart = oldStart ?? old
                    newStart = newStart ?? new
                    oldCount += 1
                    newCount += 1
                    add(" ", a[old])
                case .delete(let old):
                    oldStart = oldStart ?? old
                    oldCount += 1
                    add("-", a[old])
                case .insert(let new):
                    newStart = newStart ?? new
                    newCount += 1
                    add("+", b[new])
                }
            }
            // Where a side has no line in the hunk, its start is the line before (diff -u's convention).
            let oldFrom = oldStart.map { $0 + 1 } ?? Self.lineBefore(edits, range.lowerBound, old: true)
            let newFrom = newStart.map { $0 + 1 } ?? Self.lineBefore(edits, range.lowerBound, old: false)
            return "@@ -\(Self.span(oldFrom, oldCount)) +\(Self.span(newFrom, newCount)) @@\n" + body
        }
    }

    /// `line` safe for a terminal: control characters escaped as ServerText escapes them, tabs
    /// (a plist's indentation) kept.
    private static func printable(_ line: ArraySlice<UInt8>) -> String {
        String(decoding: line, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).map {
            ServerText.printable(String($0))
        }.joined(separator: "\t")
    }

    /// The number (1-based) of the last line of one side before `index` in `edits`, 0 at the start.
    private static func lineBefore(_ edits: [Edit], _ index: Int, old: Bool) -> Int {
        var count = 0
        for edit in edits[..<index] {
            switch edit {
            case .keep: count += 1
            case .delete: if old { count += 1 }
            case .insert: if !old { count += 1 }
            }
        }
        return count
    }

    /// `start,count`, or `start` alone when the count is 1.
    private static func span(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
