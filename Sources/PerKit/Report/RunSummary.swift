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

    /// `12 rows read: 10 ranked in 2 lists, 1 mismatched, 1 rejected` (and `, 2 not products`
    /// when there are deposits, bags, totals or discounts)
    public var sentence: String {
        "\(Self.plural(counts.rows, "row")) read: \(counts.ranked) ranked in \(Self.plural(lists, "list")), "
            + "\(counts.mismatched) mismatched, \(counts.rejected) rejected"
            + (counts.notProducts > 0 ? ", \(counts.notProducts) not products" : "")
    }

    public static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// A hint for a run where more than half the rows are of another dimension than their
    /// list (a receipt of milk, butter and eggs read as one list): the options that rank them.
    public static func dimensionHint(_ sheet: ValidatedSheet) -> String? {
        let mismatched = sheet.mismatches.filter { if case .dimension = $0.kind { true } else { false } }.count
        guard mismatched > 0, mismatched * 2 > sheet.counts.rows else { return nil }
        return "\(plural(mismatched, "row")) of another dimension than their list's: --split-dimensions ranks them "
            + "in a list of their own, --list-from-name makes each product (its name without its size) a list"
    }
}
