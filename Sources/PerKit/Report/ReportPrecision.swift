/// How many decimals each printed number has: rounding happens once, here, half up.
enum ReportPrecision {
    /// Unit prices in CSV and JSON (and what `per diff` and `per history` compare and write):
    /// rounded half up at 12 decimals, written with their trailing zeros dropped down to
    /// `unitPriceLeast` decimals (`unitPriceText`). So a unit price whose decimals end within
    /// 12 places is written exactly (`17.9800`, `0.00121875` per sheet of toilet paper), and
    /// any other (`1.99` for three: `0.663333333333`) within half of 10^-12, a billionth of a
    /// cent: no difference a price makes. Rounding never reverses an order, and the exact
    /// order, ties included, is the `rank`.
    static let unitPrice = 12
    /// The fewest decimals a unit price is written with in CSV and JSON, as reports before
    /// issue 30 wrote every one.
    static let unitPriceLeast = 4
    /// Percent more than the best value in CSV and JSON.
    static let percent = 1
    /// Unit prices in Markdown, as on a shelf label; more for a list whose best unit price is
    /// below 0.10 (`markdownUnitPrice(best:)`).
    static let markdownUnitPrice = 2

    /// The decimals of a list's unit prices in Markdown: two, or as many as show two
    /// significant digits of its best unit price (0.0045 beside 0.0099, not 0.00 beside 0.00),
    /// at most eight.
    static func markdownUnitPrice(best: WideInteger) -> Int {
        // `best` is the best unit price × 10^8.
        guard case .small(let value) = best else { return markdownUnitPrice }
        guard value > 0 else { return 8 }
        let digits = String(value).count
        return min(8, max(markdownUnitPrice, 8 - digits + 2))
    }
    /// The same rule for unit prices already printed × 10^`unitPrice` (a diff's, a history's):
    /// two decimals, or as many as show two significant digits of the smallest of them, so a
    /// diff or a history of a list shows its unit prices as the list's report does.
    static func markdownUnitPrice<Values: Sequence<WideInteger>>(printed values: Values) -> Int {
        guard let smallest = values.min() else { return markdownUnitPrice }
        return markdownUnitPrice(best: smallest.rounded(droppingDigits: unitPrice - 8))
    }

    /// Percent more in Markdown: whole percent.
    static let markdownPercent = 0
}
