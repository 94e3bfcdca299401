import BigInt
import Dispatch

/// What changed between two reports, list by list: products whose unit price rose or fell
/// (old, new, change in percent), products resized, new or gone, a best value that changed
/// hands, and rank moves.
///
/// Products are matched within a list by `ProductMatching`, the rule `per history` follows too
/// (`ListComparison` turns its outcomes into rows).
///
/// Unit prices compare exactly when both sides are price sheets, and as the reports print them
/// (12 decimals; 4 for a report of schema version 1, both then at 4) when a side is a JSON report. A list whose basis (`per`) changed compares as
/// gone and new; one whose currency changed gives `currency` changes.
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
        /// The same product (by key, or the one size of a name gone and the one new) in another
        /// size: a shrinking (or growing) pack. Its unit price change is given.
        case resized
        /// One of several products with the same name and size on a side, whose unit prices
        /// changed: which old one is which new one cannot be told (`--key` tells them apart).
        case ambiguous
    }

    public struct ProductChange: Sendable {
        public var name: String
        /// The product's key, when matched or shown by one.
        public var key: String?
        public var size: String
        /// The size before, for a resized product.
        public var oldSize: String?
        public var change: Change
        public var oldRank: Int?
        public var newRank: Int?
        /// What the pack cost before and now, when known.
        public var oldPrice: ExactDecimal?
        public var newPrice: ExactDecimal?
        /// Unit prices × 10^4 per the list's basis, as reports print them.
        public var oldUnitPrice: WideInteger?
        public var newUnitPrice: WideInteger?
        /// The change in percent × 10, rounded half away from zero (nil for new, gone,
        /// ambiguous and currency, and for a rise from a unit price that a JSON report printed
        /// as 0.0000: no percentage).
        public var percentTimes10: BigInt?
        public var wasBest: Bool
        public var isBest: Bool
        /// For an ambiguous product: how many products of its name and size each side has.
        public var ambiguity: (old: Int, new: Int)?
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
    /// Every rise of a matched product (resized ones too), whatever the threshold: for
    /// `--fail-on-increase`.
    public var rises: [Rise]
    /// Whether products were matched by key in some list: writers then show keys.
    public var hasKeys: Bool

    public struct Counts: Hashable, Sendable {
        public var rose = 0, fell = 0, new = 0, gone = 0, moved = 0, currency = 0, resized = 0, ambiguous = 0

        public init(rose: Int = 0, fell: Int = 0, new: Int = 0, gone: Int = 0, moved: Int = 0, currency: Int = 0, resized: Int = 0,
                    ambiguous: Int = 0) {
            (self.rose, self.fell, self.new, self.gone, self.moved, self.currency) = (rose, fell, new, gone, moved, currency)
            (self.resized, self.ambiguous) = (resized, ambiguous)
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
            case .resized: counts.resized += 1
            case .ambiguous: counts.ambiguous += 1
            case .same: break
            }
        }
        return counts
    }

    /// `threshold` (percent): price changes smaller than this are not shown; 0 shows every
    /// change. A product that only moved in rank (another's change moved it) is shown only when
    /// it gained or lost the best value, or with `showsMoves` (and no threshold).
    public init(old: Snapshot, new: Snapshot, threshold: ExactDecimal = ExactDecimal(significand: 0, scale: 0), showsMoves: Bool = false) {
        self.init(old: old, new: new, threshold: threshold, showsMoves: showsMoves, splittingAbove: 50_000)
    }

    /// `splittingAbove`: how many products (both sides) make it worth comparing in two runs at
    /// once; tests compare both ways.
    init(old: Snapshot, new: Snapshot, threshold: ExactDecimal, showsMoves: Bool = false, splittingAbove: Int) {
        // Lists of the same name side by side, in order of name.
        var pairing: [(before: Snapshot.PricedList?, after: Snapshot.PricedList?)] = []
        var (i, j) = (0, 0)
        while i < old.lists.count || j < new.lists.count {
            let order = i == old.lists.count ? 1 : j == new.lists.count ? -1
                : old.lists[i].name.utf8.lexicographicallyPrecedes(new.lists[j].name.utf8) ? -1
                : new.lists[j].name.utf8.lexicographicallyPrecedes(old.lists[i].name.utf8) ? 1 : 0
            pairing.append((order <= 0 ? old.lists[i] : nil, order >= 0 ? new.lists[j] : nil))
            if order <= 0 { i += 1 }
            if order >= 0 { j += 1 }
        }
        let pairs = pairing
        // Each list compares on its own: two runs of lists, cut where half the products are,
        // compared at once and joined in order give what one run over all of them gives.
        var size = 0
        let sizes = pairs.map { pair in
            size += (pair.before?.items.count ?? 0) + (pair.after?.items.count ?? 0)
            return size
        }
        let middle = size > splittingAbove ? sizes.firstIndex { $0 * 2 >= size }.map { $0 + 1 } ?? pairs.count : pairs.count
        let runs = [0..<middle, middle..<pairs.count].filter { !$0.isEmpty }
        let results = runs.map { _ in Run() }
        let work: @Sendable (Int) -> Void = { run in
            var comparison = ListComparison(old: old, new: new, threshold: threshold, showsMoves: showsMoves)
            var lists: [ListChanges] = []
            for (before, after) in pairs[runs[run]] {
                let sections: [ListChanges]
                if let b = before, let a = after, !Self.sameBasis(b, a) {
                    // Another basis: the numbers do not compare. The old products are gone in a
                    // section under the old basis, the new ones new in one under the new basis, so
                    // that every row's unit prices stand under their own `per`.
                    sections = [comparison.compare(old: b, new: nil), comparison.compare(old: nil, new: a)]
                } else {
                    sections = [comparison.compare(old: before, new: after)]
                }
                lists += sections.filter { !$0.rows.isEmpty || $0.bestChangedHands || $0.currencyChange != nil }
            }
            (results[run].lists, results[run].rises, results[run].matchedByKey) = (lists, comparison.rises, comparison.matchedByKey)
        }
        if runs.count > 1 {
            DispatchQueue.concurrentPerform(iterations: runs.count, execute: work)
        } else {
            runs.indices.forEach(work)
        }
        lists = results.flatMap(\.lists)
        // In list order, then name and size: the order the lists are shown in.
        rises = results.flatMap(\.rises).sorted { a, b in
            if !a.list.utf8.elementsEqual(b.list.utf8) { return a.list.utf8.lexicographicallyPrecedes(b.list.utf8) }
            if !a.name.utf8.elementsEqual(b.name.utf8) { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            return a.size.utf8.lexicographicallyPrecedes(b.size.utf8)
        }
        hasKeys = results.contains { $0.matchedByKey }
    }

    /// What one run of lists gave: written by the one piece of work that compares them, read
    /// once all are done.
    private final class Run: @unchecked Sendable {
        var lists: [ListChanges] = []
        var rises: [Rise] = []
        var matchedByKey = false
    }

    /// Whether unit prices of two lists are per the same amount: by value when both are known
    /// (`kg` is `1 kg`), else by label.
    static func sameBasis(_ a: Snapshot.PricedList, _ b: Snapshot.PricedList) -> Bool {
        if let x = a.basis, let y = b.basis { return x == y }
        return a.per == b.per
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

    /// The change from one printed unit price to another in percent × 10, rounded half away
    /// from zero; nil from 0.0000. 128-bit arithmetic unless a price is past it.
    static func percentChange(printed old: WideInteger, to new: WideInteger) -> BigInt? {
        if case .small(let x) = old, case .small(let y) = new, x != 0 {
            let magnitude = BigInt(UnitPrice(printed: y).percentMore(than: UnitPrice(printed: x), decimals: 1).wide)
            return y < x ? -magnitude : magnitude
        }
        return percentChange(from: (old.wide, 1), to: (new.wide, 1), decimals: 1)
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
