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

    /// The chart as an `<svg>` element.
    public func svg() -> String {
        let days = series.flatMap(\.counts.keys)
        let left = 56, right = 16, top = 16, bottom = 40
        let legendHeight = 20 * series.count
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        let total = height + legendHeight
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(total)\" viewBox=\"0 0 \(width) \(total)\""
        out += " role=\"img\" aria-label=\"Reports per day for the most reported ids\" class=\"chart\">\n"
        out += "<title>Reports per day for the most reported ids</title>\n"
        guard var first = days.min(), let last = days.max() else {
            out += "<text x=\"\(left)\" y=\"\(top + 20)\" font-size=\"13\">No reports in this period.</text>\n</svg>"
            return out
        }
        // At most a year of days: the points stay few, whatever the rows say.
        first = max(first, ReportDay(last.value - Self.maximumDays + 1))
        let span = last.value - first.value
        let shown = first
        let peak = series.map { line in line.counts.filter { $0.key >= shown }.values.max() ?? 0 }.max() ?? 0
        let scale = Self.niceCeiling(max(peak, 2))
        func x(_ day: ReportDay) -> Int { left + (span == 0 ? plotWidth / 2 : (day.value - first.value) * plotWidth / span) }
        func y(_ count: Int64) -> Int {
            top + plotHeight - Int(Double(Swift.min(Swift.max(count, 0), scale)) * Double(plotHeight) / Double(scale))
        }
        // Axes and the grid: 0, half and the top of the scale.
        out += "<g font-size=\"11\" fill=\"#444\" stroke=\"none\">\n"
        for value in [0, scale / 2, scale] {
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
            let points = (0...span).map { offset -> String in
                let day = ReportDay(first.value + offset)
                return "\(x(day)),\(y(line.counts[day] ?? 0))"
            }
            out += "<g class=\"series\" data-id=\"\(label)\">"
            out += "<title>\(label)</title>"
            if span == 0 {
                out += "<circle cx=\"\(x(first))\" cy=\"\(y(line.counts[first] ?? 0))\" r=\"4\" fill=\"\(colour)\"/>"
            } else {
                out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>"
            }
            out += "</g>\n"
            let legendY = height + 20 * index
            out += "<rect x=\"\(left)\" y=\"\(legendY - 9)\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>"
            let sum = line.counts.filter { $0.key >= shown }.values.reduce(Int64(0)) { $0.saturating(plus: $1) }
            out += "<text x=\"\(left + 16)\" y=\"\(legendY)\" font-size=\"12\">\(label) (\(sum))</text>\n"
        }
        out += "</svg>"
        return out
    }

    /// The smallest of 1, 2, 5 × 10ⁿ at or above `value`: a scale whose half is a round number too.
    static func niceCeiling(_ value: Int64) -> Int64 {
        var magnitude: Int64 = 1
        while true {
            for step: Int64 in [1, 2, 5] where step * magnitude >= value { return step * magnitude }
            if magnitude > Int64.max / 100 { return value }
            magnitude *= 10
        }
    }
}
