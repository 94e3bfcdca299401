import BigInt

/// What changed between two reports, list by list: products whose unit price rose or fell
/// (old, new, change in percent), products new or gone, a best value that changed hands, and
/// rank moves.
///
/// Products are matched by list and name. A name that occurs several times in a list (the same
/// product in several sizes) is matched in rank order: the first with the first, and so on; what
/// is left over is new or gone. A list whose basis (`per`) changed is compared as gone and new.
public struct ReportDiff: Sendable {
    public enum Change: String, Sendable {
        case rose, fell, new, gone
        /// Same unit price, another rank.
        case moved
        /// Same unit price and rank; shown because it gained or lost the best value.
        case same
    }

    public struct Row: Sendable {
        public var name: String
        public var change: Change
        public var oldRank: Int?
        public var newRank: Int?
        /// Unit prices × 10^4 per the list's basis.
        public var oldUnitPrice: UInt128?
        public var newUnitPrice: UInt128?
        /// The change in percent × 10, rounded half away from zero (nil for new and gone).
        public var percentTimes10: BigInt?
        public var wasBest: Bool
        public var isBest: Bool
    }

    public struct List: Sendable {
        public var name: String
        public var per: String
        public var oldBest: [String]
        public var newBest: [String]
        public var rows: [Row]

        public var bestChangedHands: Bool { oldBest != newBest }
    }

    /// Lists with something to show, in order of name (Unicode code points).
    public var lists: [List]
    /// Every rise of a matched product, whatever the threshold: for `--fail-on-increase`.
    public var rises: [(list: String, name: String, percentTimes10: BigInt)]

    public struct Counts: Hashable, Sendable {
        public var rose = 0, fell = 0, new = 0, gone = 0, moved = 0

        public init(rose: Int = 0, fell: Int = 0, new: Int = 0, gone: Int = 0, moved: Int = 0) {
            (self.rose, self.fell, self.new, self.gone, self.moved) = (rose, fell, new, gone, moved)
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
            case .same: break
            }
        }
        return counts
    }

    /// `threshold` (percent): price changes smaller than this are not shown, nor are rank
    /// moves alone; 0 shows every change.
    public init(old: Snapshot, new: Snapshot, threshold: Double = 0) {
        var lists: [List] = []
        var rises: [(String, String, BigInt)] = []
        let names = Set(old.lists.keys).union(new.lists.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            var before = old.lists[name]
            var after = new.lists[name]
            if let b = before, let a = after, b.per != a.per {
                // Another basis: the numbers do not compare.
                before = nil
                lists.append(Self.compare(name: name, per: b.per, old: b.products, new: [], threshold: threshold, rises: &rises))
                after = a
            }
            let list = Self.compare(name: name, per: (after ?? before)!.per, old: before?.products ?? [],
                                    new: after?.products ?? [], threshold: threshold, rises: &rises)
            if !list.rows.isEmpty || list.bestChangedHands { lists.append(list) }
        }
        self.lists = lists.filter { !$0.rows.isEmpty || $0.bestChangedHands }
        self.rises = rises.map { (list: $0.0, name: $0.1, percentTimes10: $0.2) }
    }

    private static func compare(name: String, per: String, old: [Snapshot.Product], new: [Snapshot.Product],
                                threshold: Double, rises: inout [(String, String, BigInt)]) -> List {
        var unmatched: [String: [Snapshot.Product]] = [:]
        for product in old.sorted(by: { $0.rank < $1.rank }) { unmatched[product.name, default: []].append(product) }
        var rows: [Row] = []
        for product in new.sorted(by: { $0.rank < $1.rank }) {
            guard var candidates = unmatched[product.name], !candidates.isEmpty else {
                rows.append(Row(name: product.name, change: .new, oldRank: nil, newRank: product.rank, oldUnitPrice: nil,
                                newUnitPrice: product.unitPrice, percentTimes10: nil, wasBest: false, isBest: product.best))
                continue
            }
            let before = candidates.removeFirst()
            unmatched[product.name] = candidates
            let percent = percentTimes10(old: before.unitPrice, new: product.unitPrice)
            let change: Change = product.unitPrice > before.unitPrice ? .rose
                : product.unitPrice < before.unitPrice ? .fell : before.rank != product.rank ? .moved : .same
            if change == .rose { rises.append((name, product.name, percent)) }
            let bestChanged = before.best != product.best
            let bigEnough = threshold <= 0 || Double(percent.magnitude) >= threshold * 10
            let shown: Bool
            switch change {
            case .rose, .fell: shown = bigEnough || bestChanged
            case .moved: shown = threshold <= 0 || bestChanged
            default: shown = bestChanged
            }
            if shown {
                rows.append(Row(name: product.name, change: change, oldRank: before.rank, newRank: product.rank,
                                oldUnitPrice: before.unitPrice, newUnitPrice: product.unitPrice, percentTimes10: percent,
                                wasBest: before.best, isBest: product.best))
            }
        }
        for (productName, products) in unmatched {
            for product in products {
                rows.append(Row(name: productName, change: .gone, oldRank: product.rank, newRank: nil, oldUnitPrice: product.unitPrice,
                                newUnitPrice: nil, percentTimes10: nil, wasBest: product.best, isBest: false))
            }
        }
        // By name, then rank (new, else old): content order, whatever order the rows came in.
        rows.sort { a, b in
            if a.name != b.name { return a.name.utf8.lexicographicallyPrecedes(b.name.utf8) }
            return (a.newRank ?? a.oldRank ?? 0, a.oldRank ?? 0) < (b.newRank ?? b.oldRank ?? 0, b.oldRank ?? 0)
        }
        func bestNames(_ products: [Snapshot.Product]) -> [String] {
            products.filter(\.best).map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        return List(name: name, per: per, oldBest: bestNames(old), newBest: bestNames(new), rows: rows)
    }

    /// (new / old - 1) × 100 × 10, rounded half away from zero; 0 when old is 0.
    static func percentTimes10(old: UInt128, new: UInt128) -> BigInt {
        guard old > 0 else { return 0 }
        let difference = BigInt(BigUInt(new)) - BigInt(BigUInt(old))
        let scaled = difference.magnitude * 1000
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: BigUInt(old))
        let rounded = remainder * 2 >= BigUInt(old) ? quotient + 1 : quotient
        return difference.sign == .minus ? -BigInt(rounded) : BigInt(rounded)
    }
}
