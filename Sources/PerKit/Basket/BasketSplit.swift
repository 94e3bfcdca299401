/// The cheapest split of a basket: each line from the shop of a chosen set where it costs
/// least, the set of at most `maxShops` shops chosen by enumerating every such set (shops are
/// few). A set is better when it covers more lines, then when its total is less, then when it
/// has fewer shops, then when its shops come earlier (in shop order); within a set, a line at
/// the same price in two shops goes to the earlier. Sets that cover as many lines for the same
/// total with as many shops are its ties.
public struct BasketSplit: Hashable, Sendable {
    /// The shops of the set, in shop order.
    public let shops: [Int]
    /// By line: the shop it is bought from, nil when no shop of the set covers it.
    public let assignments: [Int?]
    /// By line: the other shops of the set at the same price.
    public let alsoAt: [[Int]]
    public let total: UInt128
    /// Other sets as good, each in shop order.
    public let ties: [[Int]]
    /// The most shops a set may have.
    public let maxShops: Int

    /// Sets are enumerated when there are at most this many shops; past it, the split takes
    /// every line from its cheapest shop (the earlier shop at the same price), with no limit.
    public static let maxEnumeratedShops = 12

    init(outcomes: [[LineOutcome]], shopCount: Int, maxShops: Int) {
        self.maxShops = maxShops
        let lines = outcomes.count
        func evaluate(_ set: [Int]) -> (covered: Int, total: UInt128, assignments: [Int?], also: [[Int]]) {
            var covered = 0
            var total: UInt128 = 0
            var assignments: [Int?] = []
            var also: [[Int]] = []
            for line in 0..<lines {
                var best: (shop: Int, price: UInt128)?
                var same: [Int] = []
                for shop in set {
                    guard let price = outcomes[line][shop].choice?.price else { continue }
                    if best == nil || price < best!.price {
                        best = (shop, price)
                        same = []
                    } else if price == best!.price {
                        same.append(shop)
                    }
                }
                assignments.append(best?.shop)
                also.append(same)
                if let best {
                    covered += 1
                    total += best.price
                }
            }
            return (covered, total, assignments, also)
        }
        var chosen: [Int] = []
        var best: (covered: Int, total: UInt128, assignments: [Int?], also: [[Int]])?
        var ties: [[Int]] = []
        if shopCount > Self.maxEnumeratedShops {
            // Too many shops to try every set: every line from its cheapest shop.
            let all = evaluate(Array(0..<shopCount))
            chosen = Set(all.assignments.compactMap { $0 }).sorted()
            best = evaluate(chosen)
        } else if shopCount > 0 {
            // Sets in order of size, then of their shops (bit order is shop order).
            let sets = (1..<(1 << shopCount)).map { mask in (0..<shopCount).filter { mask & (1 << $0) != 0 } }
                .filter { $0.count <= maxShops }
                .sorted { $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1) }
            for set in sets {
                let result = evaluate(set)
                if let current = best {
                    if result.covered > current.covered || (result.covered == current.covered && result.total < current.total) {
                        best = result
                        chosen = set
                        ties = []
                    } else if result.covered == current.covered && result.total == current.total && set.count == chosen.count {
                        ties.append(set)
                    }
                } else {
                    best = result
                    chosen = set
                }
            }
            // Smaller sets come first, so a larger set as good as a smaller one is neither
            // chosen nor a tie: it adds a shop for nothing.
        }
        shops = chosen
        assignments = best?.assignments ?? Array(repeating: nil, count: lines)
        alsoAt = best?.also ?? Array(repeating: [], count: lines)
        total = best?.total ?? 0
        self.ties = ties
    }
}
