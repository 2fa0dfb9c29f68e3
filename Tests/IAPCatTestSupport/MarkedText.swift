/// Text with `↓` markers where findings are expected, as SwiftLint's rule examples mark them:
/// the markers are removed, and each one gives the 1-based line and character column of the
/// character after it. A test states positions inside its example, so they do not move when
/// text around the example changes.
public struct MarkedText: Sendable {
    public static let marker: Character = "↓"

    /// The text without markers.
    public let text: String
    /// Where the markers stood, in order, as `line:column`.
    public let positions: [String]

    /// Removes the markers of `marked`; `lineOffset` lines come before it in the whole document.
    public init(_ marked: String, lineOffset: Int = 0) {
        var text = ""
        var positions: [String] = []
        var line = 1 + lineOffset
        var column = 1
        for character in marked {
            if character == Self.marker {
                positions.append("\(line):\(column)")
                continue
            }
            text.append(character)
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
        self.positions = positions
    }
}
