/// Why snapshots cannot make one history.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    case datesOutOfOrder(file: String, date: String, previous: PriceHistory.Source)
    case basisChanged(list: String, before: String, since: String, now: String, date: String, file: String)
    /// A list of rows of two dimensions whose first row decides which it ranks: reordered
    /// rows flip it, and no `--per` can follow it.
    case dimensionChanged(list: String, before: Snapshot.BasisValue, since: String, now: Snapshot.BasisValue, per: (before: String, now: String),
                          date: String, file: String)
    case currencyChanged(list: String, before: String, since: String, now: String, date: String, file: String)
    /// `per sales` reads sheets alone: a report keeps no sale prices, so its days would end every sale.
    case reportHasNoSales(file: String)

    public var description: String {
        switch self {
        case .datesOutOfOrder(let file, let date, let previous):
            date == previous.date
                ? "\(file) and \(previous.file) are both dated \(date): each snapshot needs a date of its own (--dates gives them)"
                : "\(file) is dated \(date), before \(previous.file) (\(previous.date)), which came first: give the snapshots oldest first"
        case .basisChanged(let list, let before, let since, let now, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is priced per \(now), and per \(before) since \(since): "
                + "rank every snapshot with the same --per to follow its prices"
        case .dimensionChanged(let list, let before, let since, let now, let per, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is priced per \(per.now) (\(now.dimension.rawValue)), and per \(per.before) "
                + "(\(before.dimension.rawValue)) since \(since): it holds rows of both, and its first row decides which it ranks; "
                + "--split-dimensions ranks each as a list of its own in every snapshot (\"\(before.dimension.listName(list))\", "
                + "\"\(now.dimension.listName(list))\"; a JSON report must be written with it)"
        case .currencyChanged(let list, let before, let since, let now, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is in \(now), and in \(before) since \(since): unit prices in two currencies are not compared"
        case .reportHasNoSales(let file):
            "\(file) is a JSON report, which keeps no sale prices nor the shop's 30-day low: give per sales the price sheets"
        }
    }
}
