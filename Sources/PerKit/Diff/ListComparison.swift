import BigInt

/// Compares one list of two snapshots: matches its products by `ProductMatching`
/// and turns each match, and each product left over, into a row. Reuses its buffers from list
/// to list: a million products are compared without a string, a dictionary or an allocation
/// per product.
struct ListComparison {
    let old: Snapshot
    let new: Snapshot
    let threshold: ExactDecimal
    /// Whether products that only moved in rank are rows (`per diff --moves`).
    let showsMoves: Bool
    private(set) var rises: [ReportDiff.Rise] = []
    /// Whether some list's products were matched by key.
    var matchedByKey: Bool { matching.matchedByKey }

    private var matching = ProductMatching()

    init(old: Snapshot, new: Snapshot, threshold: ExactDecimal, showsMoves: Bool = false) {
        self.old = old
        self.new = new
        self.threshold = threshold
        self.showsMoves = showsMoves
    }

    /// The changes of a list that is on one side or both (with the same basis), its products
    /// matched by `ProductMatching`.
    mutating func compare(old before: Snapshot.PricedList?, new after: Snapshot.PricedList?) -> ReportDiff.ListChanges {
        let list = (after ?? before)!
        var currencyChange: (old: String, new: String)?
        // A change per cannot be sure of (`USD` one week, `$` the next) is no change: the prices
        // are compared, and a rise still fires --fail-on-increase.
        if let old = before?.currency, let new = after?.currency, !Currency.mayBeSame(code: old, code: new) { currencyChange = (old, new) }
        var rows: [ReportDiff.ProductChange] = []
        var matching = self.matching  // its buffers, while `self` takes the rows
        self.matching = ProductMatching()
        matching.match(old: old, before, new: new, after) { outcome, found in
            switch outcome {
            case .matched(let resized):
                pair(found.oldItems[Int(found.old.first!)], found.newItems[Int(found.new.first!)], before: before!, after: after!,
                     currencyChange: currencyChange, resized: resized, into: &rows)
            case .ambiguous(let unchanged):
                guard !unchanged else { break }
                let ambiguity = (found.old.count, found.new.count)
                for index in found.old { rows.append(row(old: found.oldItems[Int(index)], list: before!, change: .ambiguous, ambiguity: ambiguity)) }
                for index in found.new { rows.append(row(new: found.newItems[Int(index)], list: after!, change: .ambiguous, ambiguity: ambiguity)) }
            case .new(let conflicting):
                for index in conflicting ? found.new : found.new.prefix(1) { rows.append(row(new: found.newItems[Int(index)], list: after!, change: .new)) }
            case .gone(let conflicting):
                for index in conflicting ? found.old : found.old.prefix(1) { rows.append(row(old: found.oldItems[Int(index)], list: before!, change: .gone)) }
            }
        }
        func bestNames(_ items: [Snapshot.Item]) -> [String] {
            items.filter(\.best).map { String(decoding: $0.name, as: UTF8.self) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        let (oldBest, newBest) = (bestNames(matching.old.items), bestNames(matching.new.items))
        self.matching = matching
        return ReportDiff.ListChanges(name: list.name, per: list.per, currencyChange: currencyChange, oldBest: oldBest,
                                      newBest: newBest, rows: Self.sorted(rows))
    }

    // MARK: Prices

    /// Two items' unit prices as compared: exact when both are a sheet's, else as printed;
    /// as `UnitPrice`s (128-bit arithmetic) unless a printed one is past 128 bits or the old
    /// one printed as 0.0000 (no percentage), which go by `BigUInt`.
    private enum Prices {
        case exact(UnitPrice, UnitPrice)
        case printed(WideInteger, WideInteger)
    }

    private func prices(_ a: Snapshot.Item, _ b: Snapshot.Item, lists: (Snapshot.PricedList, Snapshot.PricedList)) -> Prices {
        if let x = a.exact, let y = b.exact { return .exact(x, y) }
        var (x, y) = (old.printed(a, basis: lists.0), new.printed(b, basis: lists.1))
        if old.printedDecimals != new.printedDecimals {
            // A report of 4 decimals against 12: both at 4, as the older was rounded.
            let dropped = Snapshot.decimals - min(old.printedDecimals, new.printedDecimals)
            x = x.rounded(droppingDigits: dropped).scaled(byPowerOfTen: dropped)
            y = y.rounded(droppingDigits: dropped).scaled(byPowerOfTen: dropped)
        }
        if case .small(let p) = x, case .small(let q) = y, p != 0 { return .exact(UnitPrice(printed: p), UnitPrice(printed: q)) }
        return .printed(x, y)
    }

    // MARK: Rows

    /// A matched product's row, when it has one to show.
    private mutating func pair(_ a: Snapshot.Item, _ b: Snapshot.Item, before: Snapshot.PricedList, after: Snapshot.PricedList,
                               currencyChange: (old: String, new: String)?, resized: Bool, into rows: inout [ReportDiff.ProductChange]) {
        let prices = prices(a, b, lists: (before, after))
        let order: Int
        switch prices {
        case .exact(let x, let y): order = y.compare(x)
        case .printed(let x, let y): order = y < x ? -1 : (x < y ? 1 : 0)
        }
        /// The change in percent × 10, worked out only for a row shown or a rise (most
        /// matched products are neither).
        func percent() -> BigInt? {
            guard currencyChange == nil else { return nil }
            switch prices {
            case .exact(let x, let y):
                if order == 0 { return 0 }
                let magnitude = BigInt(y.percentMore(than: x, decimals: 1).wide)
                return order < 0 ? -magnitude : magnitude
            case .printed:
                return ReportDiff.percentChange(from: Self.ratio(prices, old: true), to: Self.ratio(prices, old: false), decimals: 1)
            }
        }
        let change: ReportDiff.Change = currencyChange != nil ? .currency : resized ? .resized
            : order > 0 ? .rose : order < 0 ? .fell : a.rank != b.rank ? .moved : .same
        let bestChanged = a.best != b.best
        var shown: Bool
        switch change {
        case .rose, .fell:
            // Smaller than the threshold, exactly: a 4.96% rise is hidden by 5 though it prints as 5.0.
            shown = bestChanged || threshold.isZero || ReportDiff.comparePercentChange(from: Self.ratio(prices, old: true),
                                                                                       to: Self.ratio(prices, old: false), with: threshold) >= 0
        // Moved by another product's change: one price change among 300 products is one row.
        case .moved: shown = bestChanged || (showsMoves && threshold.isZero)
        case .currency, .resized: shown = true
        default: shown = bestChanged
        }
        let isRise = order > 0 && currencyChange == nil
        guard shown || isRise else { return }
        let percent = percent()
        if isRise {
            rises.append(ReportDiff.Rise(list: after.name, name: String(decoding: b.name, as: UTF8.self), size: Self.size(b),
                                         percentTimes10: percent, old: Self.ratio(prices, old: true), new: Self.ratio(prices, old: false)))
        }
        guard shown else { return }
        var row = row(new: b, list: after, change: change)
        row.oldRank = Int(a.rank)
        row.oldPrice = a.price
        row.oldUnitPrice = old.printed(a, basis: before)
        row.percentTimes10 = percent
        row.wasBest = a.best
        if change == .resized { row.oldSize = Self.size(a) }
        rows.append(row)
    }

    /// A unit price as an exact ratio, for thresholds and `--fail-on-increase`.
    private static func ratio(_ prices: Prices, old: Bool) -> (BigUInt, BigUInt) {
        switch prices {
        case .exact(let x, let y):
            let price = old ? x : y
            let numerator = BigUInt(price.numerator)
            let denominator = BigUInt(price.denominator)
            let power = BigUInt(10).power(abs(price.exponent))
            return price.exponent >= 0 ? (numerator * power, denominator) : (numerator, denominator * power)
        case .printed(let x, let y):
            return ((old ? x : y).wide, BigUInt(1))
        }
    }

    private func row(new item: Snapshot.Item, list: Snapshot.PricedList, change: ReportDiff.Change,
                     ambiguity: (old: Int, new: Int)? = nil) -> ReportDiff.ProductChange {
        ReportDiff.ProductChange(
            name: String(decoding: item.name, as: UTF8.self), key: item.key.map { String(decoding: $0, as: UTF8.self) }, size: Self.size(item),
            oldSize: nil, change: change, oldRank: nil, newRank: Int(item.rank), oldPrice: nil, newPrice: item.price, oldUnitPrice: nil,
            newUnitPrice: new.printed(item, basis: list), percentTimes10: nil, wasBest: false, isBest: item.best, ambiguity: ambiguity)
    }

    private func row(old item: Snapshot.Item, list: Snapshot.PricedList, change: ReportDiff.Change,
                     ambiguity: (old: Int, new: Int)? = nil) -> ReportDiff.ProductChange {
        ReportDiff.ProductChange(
            name: String(decoding: item.name, as: UTF8.self), key: item.key.map { String(decoding: $0, as: UTF8.self) }, size: Self.size(item),
            oldSize: nil, change: change, oldRank: Int(item.rank), newRank: nil, oldPrice: item.price, newPrice: nil,
            oldUnitPrice: old.printed(item, basis: list), newUnitPrice: nil, percentTimes10: nil, wasBest: item.best, isBest: false,
            ambiguity: ambiguity)
    }

    /// `500 g`: the quantity as written and the unit.
    private static func size(_ item: Snapshot.Item) -> String {
        "\(item.quantity.text) \(String(decoding: item.unit, as: UTF8.self))"
    }

    /// By name, then size, then rank (new, else old): content order, whatever order rows came in.
    private static func sorted(_ rows: [ReportDiff.ProductChange]) -> [ReportDiff.ProductChange] {
        rows.sorted { a, b in
            if !a.name.utf8.elementsEqual(b.name.utf8) { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            if !a.size.utf8.elementsEqual(b.size.utf8) { return a.size.utf8.lexicographicallyPrecedes(b.size.utf8) }
            return (a.newRank ?? a.oldRank ?? 0, a.oldRank ?? 0) < (b.newRank ?? b.oldRank ?? 0, b.oldRank ?? 0)
        }
    }
}
