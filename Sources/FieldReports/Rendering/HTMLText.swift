import IAPCatalog

/// Text made safe inside HTML and SVG, as element content or a quoted attribute value: `& < > " '`
/// become references, and control characters and bidirectional controls (``EscapedCharacters``:
/// which no page should show, and which a hostile report or database could carry) become U+FFFD,
/// a visible mark that reorders nothing. A numeric reference would not do for a bidirectional
/// control: `&#x202E;` is parsed into U+202E itself and reorders the text as the raw character
/// does. The text and JSON formats keep which character it was (`\u{202E}`, `\u202e`).
enum HTMLText {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if EscapedCharacters.contains(scalar) {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
