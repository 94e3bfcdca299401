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
