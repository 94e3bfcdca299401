/// The formats a report can be written in.
public enum ReportFormat: String, CaseIterable, Sendable {
    case csv
    case json
    case markdown

    /// The file extension a report of this format gets.
    public var fileExtension: String {
        switch self {
        case .csv: "csv"
        case .json: "json"
        case .markdown: "md"
        }
    }

    public func write(_ report: RankedReport, options: ReportOptions = ReportOptions(), to out: OutputBuffer) throws {
        switch self {
        case .csv: try CSVReportWriter(options: options).write(report, to: out)
        case .json: try JSONReportWriter(options: options).write(report, to: out)
        case .markdown: try MarkdownReportWriter(options: options).write(report, to: out)
        }
    }
}

/// What a user may change about a report's content.
public struct ReportOptions: Hashable, Sendable {
    /// Adds each ranked product's file and line. Off by default: a row inserted at the top of
    /// next week's export would otherwise change the line of every product in the report.
    public var withSource: Bool
    /// A date (YYYY-MM-DD) for the report's header (`--as-of`); reports carry no date otherwise.
    public var asOf: String?
    /// How many products the writers format per block (`ListBlocks`): for tests, which cut
    /// lists small to check that the bytes do not depend on it.
    var productsPerBlock = ListBlocks.productsPerBlock

    public init(withSource: Bool = false, asOf: String? = nil) {
        self.withSource = withSource
        self.asOf = asOf
    }
}

/// How many decimals each printed number has: rounding happens once, here, half up.
enum ReportPrecision {
    /// Unit prices in CSV and JSON.
    static let unitPrice = 4
    /// Percent more than the best value in CSV and JSON.
    static let percent = 1
    /// Unit prices in Markdown, as on a shelf label.
    static let markdownUnitPrice = 2
    /// Percent more in Markdown: whole percent.
    static let markdownPercent = 0
}

/// The one-line account of a run: every row read ended in exactly one of these.
public struct RunSummary: Hashable, Sendable {
    public var counts: RowCounts
    public var lists: Int

    public init(counts: RowCounts, lists: Int) {
        self.counts = counts
        self.lists = lists
    }

    public init(_ report: RankedReport) {
        self.init(counts: report.sheet.counts, lists: report.lists.count)
    }

    /// `12 rows read: 10 ranked in 2 lists, 1 mismatched, 1 rejected`
    public var sentence: String {
        "\(Self.plural(counts.rows, "row")) read: \(counts.ranked) ranked in \(Self.plural(lists, "list")), "
            + "\(counts.mismatched) mismatched, \(counts.rejected) rejected"
    }

    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
