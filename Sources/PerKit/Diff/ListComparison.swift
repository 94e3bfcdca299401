import BigInt

/// Compares one list of two snapshots: matches its products (`ReportDiff` says by what rules)
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
    private(set) var matchedByKey = false

    private var oldItems: [Snapshot.Item] = []
    private var newItems: [Snapshot.Item] = []
    /// Item indices picked for a matching pass, and the hash of each item for the pass.
    private var oldPick: [Int32] = []
    private var newPick: [Int32] = []
    private var oldHashes: [UInt64] = []
    private var newHashes: [UInt64] = []

    init(old: Snapshot, new: Snapshot, threshold: ExactDecimal, showsMoves: Bool = false) {
        self.old = old
        self.new = new
        self.threshold = threshold
        self.showsMoves = showsMoves
    }

    /// What products are matched by in a pass.
    private enum Identity {
        case key, nameAndSize, name
    }

    /// The changes of a list that is on one side or both (with the same basis).
    mutating func compare(old before: Snapshot.PricedList?, new after: Snapshot.PricedList?) -> ReportDiff.ListChanges {
        if let before { old.items(of: before, into: &oldItems) } else { oldItems.removeAll(keepingCapacity: true) }
        if let after { new.items(of: after, into: &newItems) } else { newItems.removeAll(keepingCapacity: true) }
        let list = (after ?? before)!
        var currencyChange: (old: String, new: String)?
        // A change per cannot be sure of (`USD` one week, `$` the next) is no change: the prices
        // are compared, and a rise still fires --fail-on-increase.
        if let old = before?.currency, let new = after?.currency, !Currency.mayBeSame(code: old, code: new) { currencyChange = (old, new) }
        var rows: [ReportDiff.ProductChange] = []
        var oldLeft: [Int32] = []
        var newLeft: [Int32] = []
        var restOld: [Int32] = []
        var restNew: [Int32] = []

        // By key, when both sides have keys.
        let keyed = oldItems.contains { $0.key != nil } && newItems.contains { $0.key != nil }
        if keyed {
            matchedByKey = true
            Self.pick(&oldPick, oldItems) { $0.key != nil }
            Self.pick(&newPick, newItems) { $0.key != nil }
            // A key on more than one product of a side (`Snapshot.duplicateKeys`) matches none
            // by key: those products, and the other side's of that key, go by name and size.
            var pooledOld: [Int32] = []
            var pooledNew: [Int32] = []
            matchGroups(.key) { o, n, this in
                if o.count == 1 && n.count == 1 {
                    this.pair(Int(o.first!), Int(n.first!), before: before!, after: after!, currencyChange: currencyChange,
                              resized: !this.sameSize(this.oldItems[Int(o.first!)], this.newItems[Int(n.first!)]), into: &rows)
                } else if o.count > 1 || n.count > 1 {
                    pooledOld += o
                    pooledNew += n
                } else {
                    oldLeft += o
                    newLeft += n
                }
            }
            Self.pick(&oldPick, oldItems) { $0.key == nil }
            Self.pick(&newPick, newItems) { $0.key == nil }
            oldPick += pooledOld
            newPick += pooledNew
        } else {
            Self.pick(&oldPick, oldItems) { _ in true }
            Self.pick(&newPick, newItems) { _ in true }
        }

        // By name and size; then a name's one size gone and one new is a resized product.
        matchGroups(.nameAndSize) { o, n, this in
            if o.count == 1 && n.count == 1 {
                this.pair(Int(o.first!), Int(n.first!), before: before!, after: after!, currencyChange: currencyChange,
                          resized: false, into: &rows)
            } else if o.isEmpty || n.isEmpty {
                restOld += o
                restNew += n
            } else if !this.samePrices(o, n, lists: (before!, after!)) {
                for index in o { rows.append(this.row(old: this.oldItems[Int(index)], list: before!, change: .ambiguous, ambiguity: (o.count, n.count))) }
                for index in n { rows.append(this.row(new: this.newItems[Int(index)], list: after!, change: .ambiguous, ambiguity: (o.count, n.count))) }
            }
        }
        oldPick = restOld
        newPick = restNew
        matchGroups(.name) { o, n, this in
            if o.count == 1 && n.count == 1 {
                let (a, b) = (Int(o.first!), Int(n.first!))
                this.pair(a, b, before: before!, after: after!, currencyChange: currencyChange,
                          resized: !this.sameSize(this.oldItems[a], this.newItems[b]), into: &rows)
            } else {
                oldLeft += o
                newLeft += n
            }
        }
        for index in newLeft { rows.append(row(new: newItems[Int(index)], list: after!, change: .new)) }
        for index in oldLeft { rows.append(row(old: oldItems[Int(index)], list: before!, change: .gone)) }

        func bestNames(_ items: [Snapshot.Item]) -> [String] {
            items.filter(\.best).map { String(decoding: $0.name, as: UTF8.self) }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return ReportDiff.ListChanges(name: list.name, per: list.per, currencyChange: currencyChange, oldBest: bestNames(oldItems),
                                      newBest: bestNames(newItems), rows: Self.sorted(rows))
    }

    // MARK: Matching

    /// The indices of the items that pass, into a reused buffer.
    @inline(__always)
    private static func pick(_ pick: inout [Int32], _ items: [Snapshot.Item], where passes: (Snapshot.Item) -> Bool) {
        pick.removeAll(keepingCapacity: true)
        for index in items.indices where passes(items[index]) { pick.append(Int32(index)) }
    }

    /// Calls `body` with each identity among the picked items (`oldPick`, `newPick`): the old
    /// items and the new ones that have it, one side possibly empty, in an order that does not
    /// depend on the input's. Sorts each side by a hash of the identity, then the identity
    /// itself, and walks the two together.
    private mutating func matchGroups(_ identity: Identity, _ body: (ArraySlice<Int32>, ArraySlice<Int32>, inout ListComparison) -> Void) {
        guard !oldPick.isEmpty || !newPick.isEmpty else { return }
        Self.sort(&oldPick, hashes: &oldHashes, items: oldItems, identity)
        Self.sort(&newPick, hashes: &newHashes, items: newItems, identity)
        let oldPick = self.oldPick
        let newPick = self.newPick
        let oldHashes = self.oldHashes
        let newHashes = self.newHashes
        var (i, j) = (0, 0)
        while i < oldPick.count || j < newPick.count {
            let order: Int
            if i == oldPick.count { order = 1 } else if j == newPick.count { order = -1 } else {
                order = Self.compare(oldHashes[i], oldItems[Int(oldPick[i])], newHashes[j], newItems[Int(newPick[j])], identity)
            }
            var endOld = i
            var endNew = j
            if order <= 0 {
                endOld += 1
                while endOld < oldPick.count
                        && Self.compare(oldHashes[i], oldItems[Int(oldPick[i])], oldHashes[endOld], oldItems[Int(oldPick[endOld])], identity) == 0 {
                    endOld += 1
                }
            }
            if order >= 0 {
                endNew += 1
                while endNew < newPick.count
                        && Self.compare(newHashes[j], newItems[Int(newPick[j])], newHashes[endNew], newItems[Int(newPick[endNew])], identity) == 0 {
                    endNew += 1
                }
            }
            body(oldPick[i..<endOld], newPick[j..<endNew], &self)
            (i, j) = (endOld, endNew)
        }
    }

    private static func sort(_ pick: inout [Int32], hashes: inout [UInt64], items: [Snapshot.Item], _ identity: Identity) {
        // Each hash worked out once, then sorted with its item: by insertion for a list's few
        // products (the standard sort allocates a buffer per call), else by the standard sort.
        hashes.removeAll(keepingCapacity: true)
        for index in pick { hashes.append(hash(items[Int(index)], identity)) }
        @inline(__always)
        func less(_ a: Int, _ b: Int) -> Bool {
            if hashes[a] != hashes[b] { return hashes[a] < hashes[b] }
            let order = compare(hashes[a], items[Int(pick[a])], hashes[b], items[Int(pick[b])], identity)
            return order != 0 ? order < 0 : items[Int(pick[a])].rank < items[Int(pick[b])].rank
        }
        if pick.count <= 64 {
            for i in pick.indices.dropFirst() {
                var j = i
                while j > 0 && less(j, j - 1) {
                    pick.swapAt(j, j - 1)
                    hashes.swapAt(j, j - 1)
                    j -= 1
                }
            }
            return
        }
        var keyed = pick.indices.sorted(by: less)
        pick = keyed.map { pick[$0] }
        hashes = keyed.map { hashes[$0] }
        keyed.removeAll()
    }

    @inline(__always)
    private static func hash(_ item: Snapshot.Item, _ identity: Identity) -> UInt64 {
        switch identity {
        case .key: return ByteInterner.hash(item.key!)
        case .name: return ByteInterner.hash(item.name)
        case .nameAndSize:
            let size = normalized(item.quantity)
            var hash = ByteInterner.hash(item.name)
            hash = (hash ^ size.significand) &* 0x100_0000_01b3
            hash = (hash ^ UInt64(size.scale)) &* 0x100_0000_01b3
            return hash ^ ByteInterner.hash(item.unit) &* 0x9E37_79B9_7F4A_7C15
        }
    }

    /// A total order on items by identity, hash first.
    @inline(__always)
    private static func compare(_ hashA: UInt64, _ a: Snapshot.Item, _ hashB: UInt64, _ b: Snapshot.Item, _ identity: Identity) -> Int {
        if hashA != hashB { return hashA < hashB ? -1 : 1 }
        switch identity {
        case .key: return ByteOrder.compare(a.key!, b.key!)
        case .name: return ByteOrder.compare(a.name, b.name)
        case .nameAndSize:
            let names = ByteOrder.compare(a.name, b.name)
            if names != 0 { return names }
            let (x, y) = (normalized(a.quantity), normalized(b.quantity))
            if x != y { return (x.scale, x.significand) < (y.scale, y.significand) ? -1 : 1 }
            return ByteOrder.compare(a.unit, b.unit)
        }
    }

    /// The same value with no trailing zeros after the point (`2.50` is `2.5`).
    @inline(__always)
    private static func normalized(_ value: ExactDecimal) -> ExactDecimal {
        var value = value
        while value.scale > 0 && value.significand % 10 == 0 {
            value.significand /= 10
            value.scale -= 1
        }
        return value
    }

    private func sameSize(_ a: Snapshot.Item, _ b: Snapshot.Item) -> Bool {
        Snapshot.sameSize((a.quantity, a.unit, a.factor), (b.quantity, b.unit, b.factor))
    }

    /// Whether the old and new items have the same unit prices as a whole (as multisets).
    private func samePrices(_ o: ArraySlice<Int32>, _ n: ArraySlice<Int32>, lists: (Snapshot.PricedList, Snapshot.PricedList)) -> Bool {
        guard o.count == n.count else { return false }
        let before = o.map { oldItems[Int($0)] }
        let after = n.map { newItems[Int($0)] }
        let exactOld = before.compactMap(\.exact)
        let exactNew = after.compactMap(\.exact)
        if exactOld.count == before.count && exactNew.count == after.count {
            let x = exactOld.sorted { $0.compare($1) < 0 }
            let y = exactNew.sorted { $0.compare($1) < 0 }
            return zip(x, y).allSatisfy { $0.compare($1) == 0 }
        }
        let x = before.map { old.printed($0, basis: lists.0).wide }.sorted()
        let y = after.map { new.printed($0, basis: lists.1).wide }.sorted()
        return x == y
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
    private mutating func pair(_ o: Int, _ n: Int, before: Snapshot.PricedList, after: Snapshot.PricedList,
                               currencyChange: (old: String, new: String)?, resized: Bool, into rows: inout [ReportDiff.ProductChange]) {
        let a = oldItems[o]
        let b = newItems[n]
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
