import BigInt

/// A price history as the writers show it: per list, its products in order of name, size and
/// key, each with its points and what they add up to (latest, lowest and highest unit price,
/// changes since the first and the previous snapshot, size changes, snapshots seen).
public struct HistoryReport: Sendable {
    /// What a product was at a point's date, until its next point.
    public enum Observation: Sendable {
        case priced(unitPrice: WideInteger, price: ExactDecimal?, size: String)
        /// Several products of its key (or name and size) with different unit prices.
        case ambiguous(products: Int)
        /// Not in that snapshot (nor after, until its next point).
        case gone
    }

    public struct Point: Sendable {
        /// Index into `dates`.
        public var date: Int
        public var observation: Observation
    }

    /// A unit price and the first date it was seen at.
    public struct Extreme: Sendable {
        public var unitPrice: WideInteger
        public var date: Int
    }

    public struct ProductHistory: Sendable {
        public var name: String
        public var key: String?
        /// The latest size, and the first.
        public var size: String
        public var firstSize: String
        public var points: [Point]
        public var firstSeen: Int
        public var lastSeen: Int
        /// In how many snapshots.
        public var seen: Int
        /// The first and the latest unit price it had (nil if it was never priced unambiguously).
        public var first: WideInteger?
        public var latest: WideInteger?
        public var lowest: Extreme?
        public var highest: Extreme?
        /// In percent × 10: latest against first, and the latest snapshot it is in against the
        /// one before that (nil when it was not in it, or either was ambiguous).
        public var percentSinceFirst: BigInt?
        public var percentSincePrevious: BigInt?
        /// Each change of its size by value (`1000 g` to `1 kg` is none): from, to, date.
        public var sizeChanges: [(from: String, to: String, date: Int)]
        /// How many times its size changed, and dates it was ambiguous.
        public var resized: Int { sizeChanges.count }
        public var ambiguousDates: Int

        /// Whether its unit price or size changed, or it was ambiguous, in the snapshots shown.
        /// Whether its unit price or size changed, or it was ambiguous (`glance`: the one rule).
        public var changed: Bool

        /// The unit price at each date (nil: not seen, or ambiguous), for `count` dates.
        public func unitPrices(dates count: Int) -> [WideInteger?] {
            var prices = [WideInteger?](repeating: nil, count: count)
            for (index, point) in points.enumerated() {
                let end = index + 1 < points.count ? points[index + 1].date : count
                if case .priced(let value, _, _) = point.observation {
                    for date in point.date..<end { prices[date] = value }
                }
            }
            return prices
        }
    }

    public struct ListHistory: Sendable {
        public var name: String
        public var per: String
        public var currency: String?
        public var products: Products
    }

    /// A list's products in order, each worked out from its points when it is read (a
    /// million of them are never all held at once).
    public struct Products: RandomAccessCollection, Sendable {
        let history: PriceHistory
        let tracks: [Int32]

        public var startIndex: Int { 0 }
        public var endIndex: Int { tracks.count }
        public subscript(position: Int) -> ProductHistory { history.product(Int(tracks[position])) }

        /// Every priced unit price of these products, without working the products out: what
        /// the writers take a list's decimals from (`ReportPrecision.markdownUnitPrice`).
        public var unitPrices: [WideInteger] { history.unitPrices(ofTracks: tracks) }
    }

    public struct Tally: Sendable {
        /// Products in all snapshots together; each is one product's row that date.
        public var productsRead = 0
        /// Of those, ones that were another product of the same key (or name and size) and
        /// unit price in their snapshot, and ones of an ambiguous group.
        public var repeatedSamePrice = 0
        public var ambiguous = 0
        /// Products followed, and of those shown: how many changed unit price, were resized.
        public var products = 0
        public var shown = 0
        public var changed = 0
        public var resized = 0
    }

    public var sources: [PriceHistory.Source]
    public var dates: [String] { sources.map(\.date) }
    public var lists: [ListHistory]
    public var counts: Tally
    public var hasKeys: Bool
}

/// Which products a history shows.
public struct HistoryFilter: Sendable {
    /// Products whose name holds this text (ASCII letters in either case) or whose key is it.
    public var product: String?
    /// Only the list of this name, or the lists of it split by dimension (`Coffee` names
    /// `Coffee (mass)` too), ASCII letters in either case.
    public var list: String?
    /// Only products whose unit price or size changed.
    public var changedOnly: Bool

    public init(product: String? = nil, list: String? = nil, changedOnly: Bool = false) {
        self.product = product
        self.list = list
        self.changedOnly = changedOnly
    }

    func names(_ list: String) -> Bool {
        guard let only = self.list else { return true }
        func folded(_ text: String) -> [UInt8] { text.utf8.map(Byte.asciiLowercased) }
        return folded(only) == folded(list) || folded(only) == folded(Dimension.baseName(of: list))
    }

    func shows(name: UnsafeBufferPointer<UInt8>, key: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let product else { return true }
        let needle = Array(product.utf8)
        if let key, ByteOrder.compare(key, needle.withUnsafeBufferPointer { $0 }) == 0 { return true }
        return Self.contains(name, needle)
    }

    /// Whether `text` holds `needle`, ASCII letters compared in either case.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard text.count >= needle.count else { return false }
        let lowered = needle.map(Byte.asciiLowercased)
        outer: for start in 0...(text.count - needle.count) {
            for offset in 0..<lowered.count where Byte.asciiLowercased(text[start + offset]) != lowered[offset] { continue outer }
            return true
        }
        return false
    }
}

extension PriceHistory {
    /// The history as the writers show it.
    public func report(_ filter: HistoryFilter = HistoryFilter()) -> HistoryReport {
        var counts = HistoryReport.Tally()
        counts.productsRead = productsRead
        counts.repeatedSamePrice = repeatedSamePrice
        counts.ambiguous = ambiguousProducts
        counts.products = tracks.count
        let order = lists.indices.sorted { lists[$0].name.utf8.lexicographicallyPrecedes(lists[$1].name.utf8) }
        var shownLists: [HistoryReport.ListHistory] = []
        var hasKeys = false
        for id in order {
            let list = lists[id]
            if filter.list != nil, !filter.names(list.name) { continue }
            var shown: [Int32] = []
            for track in list.tracks {
                let t = tracks[Int(track)]
                let name = text.bytes(t.nameStart, Int(t.nameLength))
                let key = t.keyLength >= 0 ? text.bytes(t.keyStart, Int(t.keyLength)) : nil
                guard filter.shows(name: name, key: key) else { continue }
                let (changed, resized) = glance(Int(track))
                if filter.changedOnly && !changed { continue }
                hasKeys = hasKeys || key != nil
                counts.shown += 1
                if changed { counts.changed += 1 }
                if resized { counts.resized += 1 }
                shown.append(track)
            }
            if shown.isEmpty && (filter.product != nil || filter.changedOnly) { continue }
            // By name, latest size, key, first date: content order.
            shown.sort { a, b in
                let (x, y) = (tracks[Int(a)], tracks[Int(b)])
                let byName = ByteOrder.compare(text.bytes(x.nameStart, Int(x.nameLength)), text.bytes(y.nameStart, Int(y.nameLength)))
                if byName != 0 { return byName < 0 }
                let (sizeA, sizeB) = (latestSize(Int(a)), latestSize(Int(b)))
                if !sizeA.utf8.elementsEqual(sizeB.utf8) { return sizeA.utf8.lexicographicallyPrecedes(sizeB.utf8) }
                let keyA = x.keyLength >= 0 ? text.bytes(x.keyStart, Int(x.keyLength)) : UnsafeBufferPointer(start: nil, count: 0)
                let keyB = y.keyLength >= 0 ? text.bytes(y.keyStart, Int(y.keyLength)) : UnsafeBufferPointer(start: nil, count: 0)
                let byKey = ByteOrder.compare(keyA, keyB)
                if byKey != 0 { return byKey < 0 }
                return (points[Int(x.head)].date, a) < (points[Int(y.head)].date, b)
            }
            shownLists.append(HistoryReport.ListHistory(name: list.name, per: list.per, currency: list.currency,
                                                        products: HistoryReport.Products(history: self, tracks: shown)))
        }
        return HistoryReport(sources: sources, lists: shownLists, counts: counts, hasKeys: hasKeys)
    }

    /// Whether a product's unit price or size changed or it was ambiguous, and whether its
    /// size changed: its points walked without building it.
    private func glance(_ track: Int) -> (changed: Bool, resized: Bool) {
        var changed = false
        var resized = false
        var first: Int32 = -1
        var lastPriced: Int32 = -1
        var index = tracks[track].head
        while index >= 0 {
            let point = points[Int(index)]
            switch point.state {
            case .priced:
                if first < 0 {
                    first = index
                } else if points[Int(first)].unitPrice != point.unitPrice || big[first] != big[index] {
                    changed = true
                }
                if lastPriced >= 0 && !sameSize(points[Int(lastPriced)], point) { resized = true }
                lastPriced = index
            case .ambiguous: changed = true
            case .gone: break
            }
            index = point.next
        }
        return (changed || resized, resized)
    }

    /// A product's latest size as written (`500 g`).
    private func latestSize(_ track: Int) -> String {
        lastPriced(track).map(sizeText) ?? ""
    }

    /// The priced unit prices of the products followed as `tracks` (a list's, for its Markdown rule).
    func unitPrices(ofTracks tracks: [Int32]) -> [WideInteger] {
        var values: [WideInteger] = []
        for track in tracks {
            var index = self.tracks[Int(track)].head
            while index >= 0 {
                let point = points[Int(index)]
                if point.state == .priced { values.append(big.isEmpty ? .small(point.unitPrice) : big[index].map { .big($0) } ?? .small(point.unitPrice)) }
                index = point.next
            }
        }
        return values
    }

    /// One followed product, its points walked once.
    func product(_ track: Int) -> HistoryReport.ProductHistory {
        let t = tracks[track]
        var points: [HistoryReport.Point] = []
        var first: WideInteger?
        var latest: WideInteger?
        var lowest: HistoryReport.Extreme?
        var highest: HistoryReport.Extreme?
        var firstSize: String?
        var size = ""
        var lastSize: StoredPoint?
        var sizeChanges: [(from: String, to: String, date: Int)] = []
        var ambiguousDates = 0
        var seen = 0
        var firstSeen = -1
        var lastSeen = -1
        var index = t.head
        while index >= 0 {
            let point = self.points[Int(index)]
            let end = point.next >= 0 ? Int(self.points[Int(point.next)].date) : sources.count
            switch point.state {
            case .priced:
                let value: WideInteger = big[index].map { .big($0) } ?? .small(point.unitPrice)
                let text = sizeText(point)
                points.append(HistoryReport.Point(date: Int(point.date), observation: .priced(unitPrice: value, price: point.price, size: text)))
                if first == nil { first = value }
                latest = value
                if lowest.map({ value < $0.unitPrice }) ?? true { lowest = HistoryReport.Extreme(unitPrice: value, date: Int(point.date)) }
                if highest.map({ $0.unitPrice < value }) ?? true { highest = HistoryReport.Extreme(unitPrice: value, date: Int(point.date)) }
                if let previous = lastSize, !sameSize(previous, point) { sizeChanges.append((size, text, Int(point.date))) }
                if firstSize == nil { firstSize = text }
                size = text
                lastSize = point
            case .ambiguous:
                points.append(HistoryReport.Point(date: Int(point.date), observation: .ambiguous(products: Int(point.count))))
                ambiguousDates += 1
            case .gone:
                points.append(HistoryReport.Point(date: Int(point.date), observation: .gone))
            }
            if point.state != .gone {
                seen += end - Int(point.date)
                if firstSeen < 0 { firstSeen = Int(point.date) }
                lastSeen = end - 1
            }
            index = point.next
        }
        // Since the previous snapshot: its latest snapshot against the one before, both priced.
        var sincePrevious: BigInt?
        if lastSeen > 0, let now = price(at: lastSeen, in: points), let before = price(at: lastSeen - 1, in: points) {
            sincePrevious = ReportDiff.percentChange(printed: before, to: now)
        }
        let sinceFirst = first.flatMap { first in latest.flatMap { ReportDiff.percentChange(printed: first, to: $0) } }
        return HistoryReport.ProductHistory(
            name: String(decoding: text.bytes(t.nameStart, Int(t.nameLength)), as: UTF8.self),
            key: t.keyLength >= 0 ? String(decoding: text.bytes(t.keyStart, Int(t.keyLength)), as: UTF8.self) : nil,
            size: size, firstSize: firstSize ?? size, points: points, firstSeen: firstSeen, lastSeen: lastSeen, seen: seen,
            first: first, latest: latest, lowest: lowest, highest: highest, percentSinceFirst: sinceFirst,
            percentSincePrevious: sincePrevious, sizeChanges: sizeChanges, ambiguousDates: ambiguousDates, changed: glance(track).changed)
    }

    /// The unit price a product had at a date: its last point on or before it, when priced.
    private func price(at date: Int, in points: [HistoryReport.Point]) -> WideInteger? {
        guard let point = points.last(where: { $0.date <= date }), case .priced(let value, _, _) = point.observation else { return nil }
        return value
    }
}
