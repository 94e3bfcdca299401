import BigInt

/// Prices since the anchor: Croatia's price lists give each product its price on 2 May 2025
/// (`sidrena cijena`), and this is how far each list's and the shop's prices have moved since,
/// as the median of its products' changes. A product's change is its regular price today (its
/// price, or beside a sale the regular price) over its anchor price, less one; a product on
/// sale with no regular price beside it has no price to compare and is counted apart.
public struct AnchorChanges: Sendable {
    public struct Median: Sendable {
        /// The list's name; nil for the shop's, over every list.
        public var list: String?
        public var products: Int
        /// The median change in percent × 10, rounded half away from zero (`DiffWriter.percent`).
        public var percent: BigInt
    }

    /// Each list with products that have an anchor price, by name (bytes), then the shop's.
    public var lists: [Median] = []
    public var shop: Median?
    /// Products with an anchor price on sale with no regular price beside it.
    public var withoutRegularPrice = 0

    /// A change as a fraction: (today − anchor) / anchor, `denominator` above 0.
    struct Change {
        var numerator: BigInt
        var denominator: BigInt

        init(today: ExactDecimal, anchor: ExactDecimal) {
            let scale = max(today.scale, anchor.scale)
            let t = BigInt(today.significand) * BigInt(10).power(scale - today.scale)
            let a = BigInt(anchor.significand) * BigInt(10).power(scale - anchor.scale)
            numerator = t - a
            denominator = a
        }

        init(numerator: BigInt, denominator: BigInt) {
            self.numerator = numerator
            self.denominator = denominator
        }

        static func < (x: Change, y: Change) -> Bool { x.numerator * y.denominator < y.numerator * x.denominator }
    }

    /// The median of changes (of two middle ones, their mean), in percent × 10 rounded half
    /// away from zero.
    static func median(_ changes: [Change]) -> BigInt {
        let sorted = changes.sorted(by: <)
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle]
            : Change(numerator: sorted[middle - 1].numerator * sorted[middle].denominator + sorted[middle].numerator * sorted[middle - 1].denominator,
                     denominator: 2 * sorted[middle - 1].denominator * sorted[middle].denominator)
        let scaled = median.numerator * 1000
        let (quotient, remainder) = scaled.quotientAndRemainder(dividingBy: median.denominator)
        guard remainder.magnitude * 2 >= median.denominator.magnitude else { return quotient }
        return quotient + (scaled.signum() < 0 ? -1 : 1)
    }

    /// The changes of the latest snapshot's products with an anchor price, each product once.
    init(_ history: SalesHistory) {
        guard let snapshot = history.latest else { return }
        var items: [Snapshot.Item] = []
        var all: [Change] = []
        for (listIndex, list) in snapshot.lists.enumerated() {
            snapshot.items(of: list, into: &items)
            let tracks = history.latestTracks[listIndex]
            var seen = Set<Int32>()
            var changes: [Change] = []
            for (position, item) in items.enumerated() {
                guard let details = snapshot.details(of: item, in: list), let anchor = details.anchorPrice else { continue }
                let track = position < tracks.count ? tracks[position] : -1
                if track >= 0 && !seen.insert(track).inserted { continue }
                guard let today = details.onSale ? details.regularPrice : item.price else {
                    withoutRegularPrice += 1
                    continue
                }
                changes.append(Change(today: today, anchor: anchor))
            }
            guard !changes.isEmpty else { continue }
            lists.append(Median(list: list.name, products: changes.count, percent: Self.median(changes)))
            all += changes
        }
        if !all.isEmpty { shop = Median(list: nil, products: all.count, percent: Self.median(all)) }
    }
}
