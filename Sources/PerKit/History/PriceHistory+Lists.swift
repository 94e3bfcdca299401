/// The lists a history follows, each known by its name, with the basis and currency it keeps.
extension PriceHistory {
    func listID(_ list: Snapshot.PricedList, date: String, file: String) throws(HistoryError) -> Int {
        if let id = listIDs[ExactText(list.name)] {
            let known = lists[id]
            let sameBasis = known.basis != nil && list.basis != nil ? known.basis == list.basis : known.per == list.per
            if !sameBasis {
                if let before = known.basis, let now = list.basis, before.dimension != now.dimension {
                    throw .dimensionChanged(list: list.name, before: before, since: sources[known.firstDate].date, now: now,
                                            per: (known.per, list.per), date: date, file: file)
                }
                throw .basisChanged(list: list.name, before: known.per, since: sources[known.firstDate].date, now: list.per, date: date, file: file)
            }
            if let before = known.currency, let now = list.currency, before != now {
                throw .currencyChanged(list: list.name, before: before, since: sources[known.firstDate].date, now: now, date: date, file: file)
            }
            if known.currency == nil, let now = list.currency { lists[id].currency = now }
            lists[id].lastDate = sources.count
            return id
        }
        listIDs[ExactText(list.name)] = lists.count
        lists.append(ListInfo(name: list.name, per: list.per, basis: list.basis, currency: list.currency, firstDate: sources.count,
                              lastDate: sources.count))
        return lists.count - 1
    }

    /// A list's name and the dates of the first and last snapshot it is in.
    public struct ListSpan: Sendable {
        public var name: String
        public var first: String
        public var last: String
    }

    /// Every list's span, by name.
    public var listSpans: [ListSpan] {
        lists.map { ListSpan(name: $0.name, first: sources[$0.firstDate].date, last: sources[$0.lastDate].date) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Lists that are one list under two names (`Coffee` and `Coffee (mass)`, read without and
    /// with `--split-dimensions`) in snapshots one after the other: the earlier one first.
    /// Only lists of one base name can pair, and a base name has at most one list per
    /// dimension besides itself, so the lists are grouped by it first: comparing every pair
    /// took 46 s for 10,000 lists.
    public func listsUnderTwoNames() -> [(ListSpan, ListSpan)] {
        let spans = listSpans
        let bases = spans.map { Dimension.baseName(of: $0.name) }
        var byBase: [String: [Int]] = [:]
        for (index, base) in bases.enumerated() { byBase[base, default: []].append(index) }
        var pairs: [(ListSpan, ListSpan)] = []
        for (a, base) in zip(spans, bases) {
            guard let group = byBase[base], group.count > 1 else { continue }
            for b in group.map({ spans[$0] }) where a.name != b.name && a.last < b.first {
                pairs.append((a, b))
            }
        }
        return pairs
    }
}
