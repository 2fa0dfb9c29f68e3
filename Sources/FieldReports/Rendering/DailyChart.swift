/// Reports per day for a few product ids as an SVG line chart, rendered on the server: no script,
/// no external resource, the same bytes for the same counts. Days without reports count 0, so a
/// gap shows as a drop rather than a line drawn across it.
public struct DailyChart: Sendable, Equatable {
    /// One line of the chart.
    public struct Series: Sendable, Equatable {
        public var label: String
        /// Reports per day; days absent are 0.
        public var counts: [ReportDay: Int64]

        public init(label: String, counts: [ReportDay: Int64]) {
            self.label = label
            self.counts = counts
        }
    }

    /// The most days shown: the last ones.
    static let maximumDays = 366

    public var series: [Series]
    /// The days drawn, first to last (at most the last ``maximumDays``); nil: the first to the
    /// last day the counts hold.
    public var days: ClosedRange<ReportDay>?
    public var width = 720
    public var height = 260

    /// The lines' colours, in order (distinct for readers with the common colour deficiencies).
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]

    public init(series: [Series]) {
        self.series = Array(series.prefix(Self.palette.count))
    }

    /// The top `limit` ids of `rows` by total count (ties by id), each a series of its daily counts.
    public init(topOf rows: [MissingRow], limit: Int = 5) {
        var perID: [String: [ReportDay: Int64]] = [:]
        var totals: [String: Int64] = [:]
        for row in rows {
            let count = Swift.max(row.count, 0)  // the database may hold anything
            perID[row.productID, default: [:]][row.day, default: 0].saturatingAdd(count)
            totals[row.productID, default: 0].saturatingAdd(count)
        }
        let top = totals.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(min(limit, Self.palette.count))
        self.init(series: top.map { Series(label: $0.key, counts: perID[$0.key] ?? [:]) })
    }

    /// The chart as an `<svg>` element: a line per series over ``days`` (the counts' first to
    /// last day when nil), a mark on each day with reports — each series its own shape, nudged a
    /// few pixels sideways so equal values stay visible side by side — titled with its value, and
    /// a y axis in even steps of 1, 2 or 5 × 10ⁿ. It scales to its box (`viewBox`).
    public func svg() -> String {
        let left = 56, right = 16, top = 16, bottom = 40
        let legendHeight = 20 * series.count
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let total = height + legendHeight
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(total)\" viewBox=\"0 0 \(width) \(total)\""
        out += " role=\"img\" aria-label=\"Reports per day for the most reported ids\" class=\"chart\">\n"
        out += "<title>Reports per day for the most reported ids</title>\n"
        let counted = series.flatMap(\.counts.keys)
        guard let range = days ?? counted.min().flatMap({ first in counted.max().map { first...$0 } }) else {
            out += "<text x=\"\(left)\" y=\"\(top + 20)\" font-size=\"13\">No reports in this period.</text>\n</svg>"
            return out
        }
        // At most a year of days: the points stay few, whatever the rows say.
        let last = range.upperBound
        let first = max(range.lowerBound, ReportDay(last.value - Self.maximumDays + 1))
        let span = last.value - first.value
        let shown = first...last
        let peak = series.map { line in line.counts.filter { shown.contains($0.key) }.values.max() ?? 0 }.max() ?? 0
        let (step, scale) = Self.ticks(peak)
        // The first and last days sit in from the edges by the widest nudge, so no mark leaves the plot.
        let inset = Self.nudge * (series.count - 1)
        func x(_ day: ReportDay) -> Int {
            left + inset + (span == 0 ? (plotWidth - 2 * inset) / 2 : (day.value - first.value) * (plotWidth - 2 * inset) / span)
        }
        func y(_ count: Int64) -> Int {
            top + plotHeight - Int(Double(Swift.min(Swift.max(count, 0), scale)) * Double(plotHeight) / Double(scale))
        }
        // Axes and the grid: from 0 to the top of the scale, every step.
        out += "<g font-size=\"11\" fill=\"#444\" stroke=\"none\">\n"
        for value in stride(from: Int64(0), through: scale, by: Int(step)) {
            out += "<line x1=\"\(left)\" y1=\"\(y(value))\" x2=\"\(left + plotWidth)\" y2=\"\(y(value))\" stroke=\"#ddd\"/>"
            out += "<text x=\"\(left - 6)\" y=\"\(y(value) + 4)\" text-anchor=\"end\">\(value)</text>\n"
        }
        out += "<text x=\"\(left)\" y=\"\(top + plotHeight + 18)\" text-anchor=\"start\">\(first)</text>\n"
        if span > 0 {
            out += "<text x=\"\(left + plotWidth)\" y=\"\(top + plotHeight + 18)\" text-anchor=\"end\">\(last)</text>\n"
        }
        out += "</g>\n"
        for (index, line) in series.enumerated() {
            let colour = Self.palette[index]
            let label = HTMLText.escape(line.label)
            let shortLabel = HTMLText.escape(Self.short(line.label))
            // Side by side around the day: equal counts of several series do not cover each other.
            let nudge = (2 * index - (series.count - 1)) * Self.nudge
            let points = (0...span).map { offset -> String in
                let day = ReportDay(first.value + offset)
                return "\(x(day) + nudge),\(y(line.counts[day] ?? 0))"
            }
            out += "<g class=\"series\" data-id=\"\(label)\">"
            out += "<title>\(shortLabel)</title>"
            if span > 0 {
                out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
            }
            for offset in 0...span {
                let day = ReportDay(first.value + offset)
                guard let count = line.counts[day], count > 0 else { continue }
                out += Self.mark(index, x: x(day) + nudge, y: y(count), colour: colour, title: "\(shortLabel): \(count) on \(day)")
            }
            out += "</g>\n"
            let legendY = height + 20 * index
            out += Self.mark(index, x: left + 5, y: legendY - 4, colour: colour, title: nil)
            let sum = line.counts.filter { shown.contains($0.key) }.values.reduce(Int64(0)) { $0.saturating(plus: $1) }
            out += "<text x=\"\(left + 16)\" y=\"\(legendY)\" font-size=\"12\">\(shortLabel) (\(sum))</text>\n"
        }
        out += "</svg>"
        return out
    }

    /// How far apart, in pixels, the marks of neighbouring series are drawn on one day.
    static let nudge = 3

    /// Characters of a label shown at most (in the legend and the marks' titles).
    static let labelLimit = 80

    /// `label`, cut to ``labelLimit`` characters with `…`.
    static func short(_ label: String) -> String {
        label.count <= labelLimit ? label : String(label.prefix(labelLimit - 1)) + "…"
    }

    /// The mark of series `index` at `x`, `y`: a circle, square, triangle, diamond, downward
    /// triangle or ring, in its colour with a white edge, and its value as a `<title>`.
    static func mark(_ index: Int, x: Int, y: Int, colour: String, title: String?) -> String {
        let paint =
            "fill=\"\(index == 5 ? "#fff" : colour)\" stroke=\"\(index == 5 ? colour : "#fff")\" stroke-width=\"\(index == 5 ? 2 : 1)\""
        let (tag, geometry) =
            switch index {
            case 1: ("rect", "x=\"\(x - 4)\" y=\"\(y - 4)\" width=\"8\" height=\"8\"")
            case 2: ("path", "d=\"M\(x),\(y - 5)L\(x + 5),\(y + 4)L\(x - 5),\(y + 4)Z\"")
            case 3: ("path", "d=\"M\(x),\(y - 5)L\(x + 5),\(y)L\(x),\(y + 5)L\(x - 5),\(y)Z\"")
            case 4: ("path", "d=\"M\(x),\(y + 5)L\(x + 5),\(y - 4)L\(x - 5),\(y - 4)Z\"")
            default: ("circle", "cx=\"\(x)\" cy=\"\(y)\" r=\"4\"")
            }
        guard let title else { return "<\(tag) \(geometry) \(paint)/>" }
        return "<\(tag) \(geometry) \(paint)><title>\(title)</title></\(tag)>"
    }

    /// The y axis for counts up to `peak`: a step of 1, 2 or 5 × 10ⁿ giving at most five steps
    /// (and at least 1), and the top of the scale, the first multiple of the step at or above the
    /// peak (at least 2; a peak past 2⁶⁰ counts as 2⁶⁰, so the top stays within 64 bits).
    static func ticks(_ peak: Int64) -> (step: Int64, top: Int64) {
        let peak = min(max(peak, 2), 1 << 60)
        let step = niceCeiling(peak / 5 + (peak % 5 == 0 ? 0 : 1))
        return (step, (peak / step + (peak % step == 0 ? 0 : 1)) * step)
    }

    /// The smallest of 1, 2, 5 × 10ⁿ at or above `value`.
    static func niceCeiling(_ value: Int64) -> Int64 {
        var magnitude: Int64 = 1
        while true {
            for step: Int64 in [1, 2, 5] where step * magnitude >= value { return step * magnitude }
            if magnitude > Int64.max / 100 { return value }
            magnitude *= 10
        }
    }
}
