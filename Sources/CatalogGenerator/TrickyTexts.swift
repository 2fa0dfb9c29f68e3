/// Default-locale texts that a careless YAML writer would emit as something other than a string
/// (booleans, nulls, numbers, dates) or not even as well-formed YAML (indicators, quotes,
/// comments). About 1 display name in 100 and 1 description in 200 is one of these, so the
/// catalog writer's quoting and every reader's unquoting are exercised at scale.
package enum TrickyTexts {
    /// Display names, each 2–30 characters.
    package static let displayNames = [
        "Yes", "No", "On", "Off", "NO", "Null", "True", "false", "~ Tilde", "Y.",
        "100", "0.99", "1e3", "0x1F", "0o17", ".inf", "1:20", "2026-01-01",
        "#1 Bundle", "- Dash Pack", "Key: Value", "@Home Pack", "!Bang Pack", "&Anchor Pack",
        "*Alias Pack", "%Percent Pack", "{Brace} Pack", "[Bracket] Pack", "'Single' Pack",
        "\"Double\" Pack", "Back\\slash Pack", "Pipe | Pack", "> Folded Pack", "? Question",
        "Comma, Pack", "Hash # Pack", "`Tick` Pack", "<< Merge Pack",
    ]

    /// Descriptions, each 10–45 characters.
    package static let descriptions = [
        "Buy now: 50% off # not a comment",
        "Yes, and no: on or off, true",
        "- starts with a dash, ends with a colon:",
        "Quotes \"double\" and 'single' and \\ too",
        "{not: a mapping}, [not, a list]",
    ]

    /// The share of default-locale display names replaced by a tricky one.
    package static let displayNameShare = 0.01
    /// The share of default-locale descriptions replaced by a tricky one.
    package static let descriptionShare = 0.005
}
