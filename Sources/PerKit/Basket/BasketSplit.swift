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

    /// Sets are enumerated when there are at most this many shops, or, with a limit below the
    /// shops, when there are at most `maxEnumeratedSets` sets; past it, the split takes every
    /// line from its cheapest shop (the earlier shop at the same price) when that keeps to the
    /// limit, and else adds shops one at a time (`isExhaustive` false).
    public static let maxEnumeratedShops = 12
    public static let maxEnumeratedSets: UInt64 = 100_000
    /// Whether the split is the best of every set (false: the best found adding shops one at a
    /// time, with too many sets to try).
    public let isExhaustive: Bool

    /// How many sets of 1 to `most` of `count` shops there are, counted up to `maxEnumeratedSets` + 1.
    static func setCount(_ count: Int, atMost most: Int) -> UInt64 {
        var total: UInt64 = 0
        var ofSize: UInt64 = 1  // C(count, size), exactly while it stays small
        for size in 0..<min(most, count) {
            let (product, overflow) = ofSize.multipliedReportingOverflow(by: UInt64(count - size))
            if overflow { return maxEnumeratedSets + 1 }
            ofSize = product / UInt64(size + 1)
            total += ofSize
            if total > maxEnumeratedSets { return maxEnumeratedSets + 1 }
        }
        return total
    }

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
        var exhaustive = true
        let limited = maxShops < shopCount
        let sets = Self.setCount(shopCount, atMost: maxShops)
        if shopCount > 0, shopCount <= Self.maxEnumeratedShops || (limited && sets <= Self.maxEnumeratedSets) {
            // Sets in order of size, then of their shops (lexicographic, shop order).
            for size in 1...min(maxShops, shopCount) {
                var set = Array(0..<size)
                while true {
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
                    // The next set of this size: the last shop that can move on does, the ones after it follow.
                    guard let move = (0..<size).last(where: { set[$0] < shopCount - size + $0 }) else { break }
                    set[move] += 1
                    for after in (move + 1)..<size { set[after] = set[after - 1] + 1 }
                }
            }
            // Smaller sets come first, so a larger set as good as a smaller one is neither
            // chosen nor a tie: it adds a shop for nothing.
        } else if shopCount > 0 {
            // Too many sets to try: every line from its cheapest shop, when that keeps to the
            // limit (no set does better); else shops added one at a time, each the one that
            // covers most and then costs least with those before, and said.
            let all = evaluate(Array(0..<shopCount))
            chosen = Set(all.assignments.compactMap { $0 }).sorted()
            if chosen.count > maxShops {
                exhaustive = false
                chosen = []
                while chosen.count < maxShops {
                    var step: (shop: Int, covered: Int, total: UInt128)?
                    for shop in 0..<shopCount where !chosen.contains(shop) {
                        let result = evaluate((chosen + [shop]).sorted())
                        if step == nil || result.covered > step!.covered || (result.covered == step!.covered && result.total < step!.total) {
                            step = (shop, result.covered, result.total)
                        }
                    }
                    guard let step else { break }
                    chosen = (chosen + [step.shop]).sorted()
                }
            }
            best = evaluate(chosen)
        }
        shops = chosen
        assignments = best?.assignments ?? Array(repeating: nil, count: lines)
        alsoAt = best?.also ?? Array(repeating: [], count: lines)
        total = best?.total ?? 0
        self.ties = ties
        isExhaustive = exhaustive
    }
}
