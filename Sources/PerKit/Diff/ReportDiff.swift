import BigInt

/// What changed between two reports, list by list: products whose unit price rose or fell
/// (old, new, change in percent), products new or gone, a best value that changed hands, and
/// rank moves.
///
/// Products are matched by list and name: first those with the same size as well, then the
/// rest of a name in rank order (the cheapest old one with the cheapest new one); what is left
/// over is new or gone. Unit prices compare exactly when both sides are price sheets, and as
/// the reports print them (four decimals) when a side is a JSON report. A list whose basis
/// (`per`) changed compares as gone and new.
public struct ReportDiff: Sendable {
    public enum Change: String, Sendable {
        case rose, fell, new, gone
        /// Same unit price, another rank.
        case moved
        /// Same unit price and rank; shown because it gained or lost the best value.
        case same
        /// The list's prices are in another currency than before (`EUR` to `USD`): unit prices
        /// in two currencies are not compared, so neither a rise nor a fall.
        case currency
    }

    public struct ProductChange: Sendable {
        public var name: String
        public var size: String
        public var change: Change
        public var oldRank: Int?
        public var newRank: Int?
        /// Unit prices × 10^4 per the list's basis, as reports print them.
        public var oldUnitPrice: WideInteger?
        public var newUnitPrice: WideInteger?
        /// The change in percent × 10, rounded half away from zero (nil for new, gone and
        /// currency, and for a rise from a unit price that a JSON report printed as 0.0000: no
        /// percentage).
        public var percentTimes10: BigInt?
        public var wasBest: Bool
        public var isBest: Bool
    }

    public struct ListChanges: Sendable {
        public var name: String
        public var per: String
        /// The currencies before and after, when both state one and they differ.
        public var currencyChange: (old: String, new: String)?
        public var oldBest: [String]
        public var newBest: [String]
        public var rows: [ProductChange]

        /// Names compared byte for byte (see `ExactText`).
        public var bestChangedHands: Bool { !oldBest.elementsEqual(newBest) { $0.utf8.elementsEqual($1.utf8) } }
    }

    public struct Rise: Sendable, CustomStringConvertible {
        public var list: String
        public var name: String
        public var size: String
        /// The rise in percent × 10, rounded half away from zero, for messages; nil for a rise
        /// from a unit price a JSON report printed as 0.0000.
        public var percentTimes10: BigInt?
        /// The old and new unit prices, exactly, as ratios.
        let old: (BigUInt, BigUInt)
        let new: (BigUInt, BigUInt)

        /// Whether the unit price rose by more than `limit` percent, exactly: nothing is
        /// rounded. A rise from zero is more than any limit.
        public func isMore(thanPercent limit: ExactDecimal) -> Bool {
            ReportDiff.comparePercentChange(from: old, to: new, with: limit) > 0
        }

        /// `Coffee: Espresso (250 g) rose 10.4%`, as `per diff --fail-on-increase` names it;
        /// `... rose from a unit price of 0.0000` when there is no percentage.
        public var description: String {
            let by = percentTimes10.map { "\(DiffWriter.percent($0))%" } ?? "from a unit price of 0.0000"
            return "\(list): \(name) (\(size)) rose \(by)"
        }
    }

    /// Lists with something to show, in order of name (Unicode code points).
    public var lists: [ListChanges]
    /// Every rise of a matched product, whatever the threshold: for `--fail-on-increase`.
    public var rises: [Rise]

    public struct Counts: Hashable, Sendable {
        public var rose = 0, fell = 0, new = 0, gone = 0, moved = 0, currency = 0

        public init(rose: Int = 0, fell: Int = 0, new: Int = 0, gone: Int = 0, moved: Int = 0, currency: Int = 0) {
            (self.rose, self.fell, self.new, self.gone, self.moved, self.currency) = (rose, fell, new, gone, moved, currency)
        }
    }

    public var counts: Counts {
        var counts = Counts()
        for row in lists.flatMap(\.rows) {
            switch row.change {
            case .rose: counts.rose += 1
            case .fell: counts.fell += 1
            case .new: counts.new += 1
            case .gone: counts.gone += 1
            case .moved: counts.moved += 1
            case .currency: counts.currency += 1
            case .same: break
            }
        }
        return counts
    }

    /// `threshold` (percent): price changes smaller than this are not shown, nor are rank
    /// moves alone; 0 shows every change.
    public init(old: Snapshot, new: Snapshot, threshold: ExactDecimal = ExactDecimal(significand: 0, scale: 0)) {
        var lists: [ListChanges] = []
        var rises: [Rise] = []
        for key in Set(old.lists.keys).union(new.lists.keys).sorted() {
            let name = key.text
            let before = old.lists[key]
            let after = new.lists[key]
            let sections: [ListChanges]
            if let b = before, let a = after, !Self.sameBasis(b, a) {
                // Another basis: the numbers do not compare. The old products are gone in a
                // section under the old basis, the new ones new in one under the new basis, so
                // that every row's unit prices stand under their own `per`.
                sections = [Self.compare(name: name, per: b.per, old: b.products, new: [], threshold: threshold, rises: &rises),
                            Self.compare(name: name, per: a.per, old: [], new: a.products, threshold: threshold, rises: &rises)]
            } else {
                var currencyChange: (old: String, new: String)?
                if let old = before?.currency, let new = after?.currency, old != new { currencyChange = (old, new) }
                sections = [Self.compare(name: name, per: (after ?? before)!.per, old: before?.products ?? [],
                                         new: after?.products ?? [], threshold: threshold, rises: &rises, currencyChange: currencyChange)]
            }
            lists += sections.filter { !$0.rows.isEmpty || $0.bestChangedHands || $0.currencyChange != nil }
        }
        self.lists = lists
        self.rises = rises
    }

    private static func compare(name: String, per: String, old: [Snapshot.PricedProduct], new: [Snapshot.PricedProduct],
                                threshold: ExactDecimal, rises: inout [Rise], currencyChange: (old: String, new: String)? = nil) -> ListChanges {
        let currencyChanged = currencyChange != nil
        let exact = (old + new).allSatisfy { $0.exact != nil }
        let oldByRank = old.sorted { $0.rank < $1.rank }
        let newByRank = new.sorted { $0.rank < $1.rank }
        // Pairs: first by name and size, then what is left of a name in rank order.
        var used = [Bool](repeating: false, count: oldByRank.count)
        var partner = [Int?](repeating: nil, count: newByRank.count)
        // Names match byte for byte, as the report tells them apart (`ExactText`); sizes by
        // value, so that `2.50 kg` from a sheet is `2.5 kg` from a JSON report (which reads
        // its numbers back without their trailing zeros).
        func sized(_ product: Snapshot.PricedProduct) -> ExactText { ExactText(product.name + "\u{0}" + Self.sizeValue(product.size)) }
        var bySize: [ExactText: [Int]] = [:]
        for (index, product) in oldByRank.enumerated() { bySize[sized(product), default: []].append(index) }
        for (index, product) in newByRank.enumerated() {
            let key = sized(product)
            if var candidates = bySize[key], let first = candidates.first {
                candidates.removeFirst()
                bySize[key] = candidates
                partner[index] = first
                used[first] = true
            }
        }
        var byName: [ExactText: [Int]] = [:]
        for (index, product) in oldByRank.enumerated() where !used[index] { byName[ExactText(product.name), default: []].append(index) }
        for (index, product) in newByRank.enumerated() where partner[index] == nil {
            let key = ExactText(product.name)
            if var candidates = byName[key], let first = candidates.first {
                candidates.removeFirst()
                byName[key] = candidates
                partner[index] = first
                used[first] = true
            }
        }

        var rows: [ProductChange] = []
        for (index, product) in newByRank.enumerated() {
            guard let match = partner[index] else {
                rows.append(ProductChange(name: product.name, size: product.size, change: .new, oldRank: nil, newRank: product.rank,
                                oldUnitPrice: nil, newUnitPrice: product.unitPrice, percentTimes10: nil,
                                wasBest: false, isBest: product.best))
                continue
            }
            let before = oldByRank[match]
            let oldValue: (BigUInt, BigUInt)
            let newValue: (BigUInt, BigUInt)
            if exact, let a = before.exact, let b = product.exact {
                oldValue = (a.numerator, a.denominator)
                newValue = (b.numerator, b.denominator)
            } else {
                oldValue = (before.unitPrice.wide, BigUInt(10_000))
                newValue = (product.unitPrice.wide, BigUInt(10_000))
            }
            let order = compare(newValue, oldValue)
            let change: Change = currencyChanged ? .currency
                : order > 0 ? .rose : order < 0 ? .fell : before.rank != product.rank ? .moved : .same
            let percent = currencyChanged ? nil : percentChange(from: oldValue, to: newValue, decimals: 1)
            if change == .rose {
                rises.append(Rise(list: name, name: product.name, size: product.size, percentTimes10: percent, old: oldValue, new: newValue))
            }
            let bestChanged = before.best != product.best
            // Smaller than the threshold, exactly: a 4.96% rise is hidden by 5 though it prints as 5.0.
            let bigEnough = threshold.isZero || comparePercentChange(from: oldValue, to: newValue, with: threshold) >= 0
            let shown: Bool
            switch change {
            case .rose, .fell: shown = bigEnough || bestChanged
            case .moved: shown = threshold.isZero || bestChanged
            case .currency: shown = true
            default: shown = bestChanged
            }
            if shown {
                rows.append(ProductChange(name: product.name, size: product.size, change: change, oldRank: before.rank, newRank: product.rank,
                                oldUnitPrice: before.unitPrice, newUnitPrice: product.unitPrice, percentTimes10: percent,
                                wasBest: before.best, isBest: product.best))
            }
        }
        for (index, product) in oldByRank.enumerated() where !used[index] {
            rows.append(ProductChange(name: product.name, size: product.size, change: .gone, oldRank: product.rank, newRank: nil,
                            oldUnitPrice: product.unitPrice, newUnitPrice: nil, percentTimes10: nil,
                            wasBest: product.best, isBest: false))
        }
        func bestNames(_ products: [Snapshot.PricedProduct]) -> [String] {
            products.filter(\.best).map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return ListChanges(name: name, per: per, currencyChange: currencyChange, oldBest: bestNames(old), newBest: bestNames(new), rows: sorted(rows))
    }

    /// Whether unit prices of two lists are per the same amount: by value when both are known
    /// (`kg` is `1 kg`), else by label.
    static func sameBasis(_ a: Snapshot.PricedList, _ b: Snapshot.PricedList) -> Bool {
        if let x = a.basis, let y = b.basis { return x == y }
        return a.per == b.per
    }

    /// A size (`2.50 kg`) with its number's trailing zeros after the point dropped (`2.5 kg`).
    static func sizeValue(_ size: String) -> String {
        // Most sizes have no such zero (`500 g`, `1.5 kg`): returned as they are, no copy.
        let bytes = size.utf8
        guard let space = bytes.firstIndex(of: Byte.space), space != bytes.startIndex,
              case let last = bytes[bytes.index(before: space)], last == UInt8(ascii: "0") || last == Byte.dot,
              bytes[..<space].contains(Byte.dot) else { return size }
        var number = size[..<space]
        while number.last == "0" { number.removeLast() }
        if number.last == "." { number.removeLast() }
        return String(number) + size[space...]
    }

    /// By name, then size, then rank (new, else old): content order, whatever order rows came in.
    private static func sorted(_ rows: [ProductChange]) -> [ProductChange] {
        rows.sorted { a, b in
            if !a.name.utf8.elementsEqual(b.name.utf8) { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            if !a.size.utf8.elementsEqual(b.size.utf8) { return a.size.utf8.lexicographicallyPrecedes(b.size.utf8) }
            return (a.newRank ?? a.oldRank ?? 0, a.oldRank ?? 0) < (b.newRank ?? b.oldRank ?? 0, b.oldRank ?? 0)
        }
    }

    private static func compare(_ a: (BigUInt, BigUInt), _ b: (BigUInt, BigUInt)) -> Int {
        let lhs = a.0 * b.1
        let rhs = b.0 * a.1
        return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }

    /// -1, 0 or 1 as |new / old − 1| × 100 is less than, equal to or more than `percent`,
    /// exactly. From an old price of zero any change is more.
    static func comparePercentChange(from old: (BigUInt, BigUInt), to new: (BigUInt, BigUInt), with percent: ExactDecimal) -> Int {
        let a = new.0 * old.1
        let b = old.0 * new.1
        guard !b.isZero else { return a.isZero ? (percent.isZero ? 0 : -1) : 1 }
        // |a − b| × 100 / b against significand / 10^scale.
        let lhs = (a >= b ? a - b : b - a) * 100 * BigUInt(10).power(percent.scale)
        let rhs = b * BigUInt(percent.significand)
        return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }

    /// (new / old - 1) × 100 × 10^decimals, rounded half away from zero; nil when old is 0.
    static func percentChange(from old: (BigUInt, BigUInt), to new: (BigUInt, BigUInt), decimals: Int) -> BigInt? {
        guard !old.0.isZero else { return nil }
        // new/old - 1 = (n₁d₀ - n₀d₁) / (n₀d₁)
        let a = new.0 * old.1
        let b = old.0 * new.1
        let magnitude = (a >= b ? a - b : b - a) * BigUInt(10).power(2 + decimals)
        let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: b)
        let rounded = remainder * 2 >= b ? quotient + 1 : quotient
        return a >= b ? BigInt(rounded) : -BigInt(rounded)
    }
}
