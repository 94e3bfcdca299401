/// The formats a report can be written in.
public enum ReportFormat: String, CaseIterable, Sendable {
    case csv
    case json
    case markdown
    case html

    /// The file extension a report of this format gets.
    public var fileExtension: String {
        switch self {
        case .csv: "csv"
        case .json: "json"
        case .markdown: "md"
        case .html: "html"
        }
    }

    public func write(_ report: RankedReport, options: ReportOptions = ReportOptions(), to out: OutputBuffer) throws {
        switch self {
        case .csv: try CSVReportWriter(options: options).write(report, to: out)
        case .json: try JSONReportWriter(options: options).write(report, to: out)
        case .markdown: try MarkdownReportWriter(options: options).write(report, to: out)
        case .html: try HTMLReportWriter(options: options).write(report, to: out)
        }
    }
}
