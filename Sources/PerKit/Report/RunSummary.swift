/// The one-line account of a run: every row read ended in exactly one of these.
public struct RunSummary: Hashable, Sendable {
    public var counts: RowCounts
    public var lists: Int
    /// Ranked products with a flag (a subset of the ranked, not an outcome of their own).
    public var flagged = 0
    /// Ranked products that state a unit price, and how many of those agree with per's, when
    /// the run reads stated unit prices.
    public var stated: StatedCount?
    /// Stated-unit-price cells of ranked products that read as no figure.
    public var statedUnreadable = 0

    public init(counts: RowCounts, lists: Int) {
        self.counts = counts
        self.lists = lists
    }

    public init(_ report: RankedReport) {
        self.init(counts: report.sheet.counts, lists: report.lists.count)
        flagged = report.flaggedCount
        if report.statedVerdicts != nil {
            stated = report.statedCounts.reduce(StatedCount(), +)
            statedUnreadable = report.sheet.facts.statedUnreadable.reduce(0, +)
        }
    }

    /// `12 rows read: 10 ranked in 2 lists, 1 mismatched, 1 rejected` (and `, 2 not products`
    /// when there are deposits, bags, totals or discounts; `; 1 ranked product flagged` when
    /// any is; `; stated unit prices: 8 of 9 agree (88.9%)` when the run reads them)
    public var sentence: String {
        "\(Self.plural(counts.rows, "row")) read: \(counts.ranked) ranked in \(Self.plural(lists, "list")), "
            + "\(counts.mismatched) mismatched, \(counts.rejected) rejected"
            + (counts.notProducts > 0 ? ", \(counts.notProducts) not products" : "")
            + (flagged > 0 ? "; \(flagged) ranked \(flagged == 1 ? "product" : "products") flagged" : "")
            + (stated.map { "; stated unit prices: \(Self.share($0.agree, of: $0.stated))" } ?? "")
            + (statedUnreadable > 0 ? ", \(statedUnreadable) not compared (per another kind of size, or no figure)" : "")
    }

    /// `8 of 9 agree (88.9%)`, the share rounded half up to a tenth of a percent.
    public static func share(_ agree: Int, of total: Int) -> String {
        guard total > 0 else { return "none stated" }
        let tenths = (agree * 2000 + total) / (2 * total)
        return "\(agree) of \(total) agree (\(tenths / 10).\(tenths % 10)%)"
    }

    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A hint for a run where rows are of another dimension than their list (a receipt of milk,
    /// butter and eggs read as one list), whatever their share: the options that rank them.
    public static func dimensionHint(_ sheet: ValidatedSheet) -> String? {
        let mismatched = sheet.mismatches.filter { if case .dimension = $0.kind { true } else { false } }.count
        guard mismatched > 0 else { return nil }
        let one = mismatched == 1
        return "\(plural(mismatched, "row")) of another dimension than \(one ? "its" : "their") list's: --split-dimensions ranks "
            + "\(one ? "it in a list of its own" : "them in a list of their own"), --list-from-name makes each product (its name "
            + "without its size) a list"
    }
}
