/// Products followed through dated snapshots for `per sales`: the products are those of
/// `per history` (a `PriceHistory`, so which product is which is `ProductMatching`'s rule, as in
/// `per diff` and `per history`), and beside each, what the shop charged for it each day and
/// whether that was a sale. A day's charge is the price a shopper paid: the sale price while
/// a sale ran, else the regular price.
///
/// The days are kept as runs (a run is the days in a row of snapshots the product was at one
/// price, size and sale state), so a year of daily snapshots is a few runs per product.
public final class SalesHistory: @unchecked Sendable {  // built by one thread, then read
    /// The days one product was at one pack price and size, on sale or not: snapshots `first`
    /// to `last` (indices in `days`), each of which had it.
    struct Run {
        var first: Int32
        var last: Int32
        var price: ExactDecimal
        var quantity: ExactDecimal
        var onSale: Bool
    }

    /// The products `per history` follows.
    public let history = PriceHistory()
    /// Each snapshot's day, oldest first.
    public private(set) var days: [CalendarDay] = []
    /// By product (the history's track): its runs, oldest first.
    var runs: [[Run]] = []
    /// The latest snapshot and, for each of its lists, each item's product (-1: none).
    private(set) var latest: Snapshot?
    private(set) var latestTracks: [[Int32]] = []
    /// Items of the latest snapshot that per could not tell apart from another of their list.
    private(set) var latestAmbiguous: Set<Int32> = []
    private var items: [Snapshot.Item] = []

    public init() {}

    /// Adds the next snapshot, dated `date` (YYYY-MM-DD), later than the last one's.
    public func add(_ snapshot: Snapshot, date: String, file: String) throws(HistoryError) {
        guard snapshot.isSheet else { throw .reportHasNoSales(file: file) }
        try history.add(snapshot, date: date, file: file)
        guard let day = CalendarDay(date) else { preconditionFailure("SnapshotDate gives YYYY-MM-DD") }
        let index = Int32(days.count)
        days.append(day)
        latest = snapshot
        latestTracks = []
        latestAmbiguous = []
        if runs.count < history.tracks.count { runs += repeatElement([], count: history.tracks.count - runs.count) }
        for list in snapshot.lists {
            guard let id = history.listIDs[ExactText(list.name)] else { latestTracks.append([]); continue }
            let tracks = history.lists[id].lastTracks
            latestTracks.append(tracks)
            snapshot.items(of: list, into: &items)
            for (position, item) in items.enumerated() {
                let track = tracks[position]
                guard track >= 0 else { continue }
                // A product per could not tell apart from another has no price of its own that day.
                if history.lastPoint(Int(track))?.state == .ambiguous {
                    latestAmbiguous.insert(track)
                    continue
                }
                guard let price = item.price else { continue }
                let onSale = snapshot.details(of: item, in: list)?.onSale ?? false
                observe(Int(track), day: index, price: price, quantity: item.quantity, onSale: onSale)
            }
        }
    }

    private func observe(_ track: Int, day: Int32, price: ExactDecimal, quantity: ExactDecimal, onSale: Bool) {
        if let last = runs[track].last {
            // Repeats of the product in one snapshot say the same: the first is kept.
            if last.last == day { return }
            if last.last == day - 1, last.onSale == onSale, last.price.compareValue(price) == 0, last.quantity.compareValue(quantity) == 0 {
                runs[track][runs[track].count - 1].last = day
                return
            }
        }
        runs[track].append(Run(first: day, last: day, price: price, quantity: quantity, onSale: onSale))
    }

    /// Whether per has every day of `window` for a product: a snapshot on each day, and the
    /// product seen on or before its first (a day it is missing from a list, the shop did not
    /// sell it; a product first seen inside the window may have been sold before under another
    /// key or name, which per cannot know).
    func covers(_ window: DayWindow, for runs: [Run]) -> Bool {
        guard let first = runs.first, days[Int(first.first)] <= window.first else { return false }
        return covers(window)
    }

    /// Whether there is a snapshot on every day of `window`.
    func covers(_ window: DayWindow) -> Bool {
        guard window.count > 0 else { return true }
        let lower = days.partitioningIndex { $0 >= window.first }
        let upper = days.partitioningIndex { $0 > window.last }
        return upper - lower == window.count
    }
}

extension RandomAccessCollection {
    /// The first index whose element satisfies `belongs` (which must hold for every element after it).
    func partitioningIndex(where belongs: (Element) -> Bool) -> Index {
        var low = startIndex
        var high = endIndex
        while low != high {
            let middle = index(low, offsetBy: distance(from: low, to: high) / 2)
            if belongs(self[middle]) { high = middle } else { low = index(after: middle) }
        }
        return low
    }
}
