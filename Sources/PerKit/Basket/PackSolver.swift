/// The cheapest whole packs that cover an amount, exactly: an unbounded covering knapsack over
/// whole numbers, solved by dynamic programming over amounts in units of the packs' greatest
/// common divisor, or, when that table would pass `maxStates` (sizes in ounces beside grams
/// make the divisor tiny), by a bounded search over counts of packs (`search`).
///
/// Each offer is one product: its pack's amount, the price of one pack (nil when the shop sells
/// it only in its deal), and its multi-buy deal (`2 for 7.00`: `count` packs for `price`, taken
/// as often as wanted). A solution is the least total price whose packs reach the wanted
/// amount; among equally cheap ones, the fewest packs; among those, the one that takes its
/// packs from the offers that come first (callers give them in the sheets' order: file, then
/// line), decided state by state: the first option that reaches a state's least (price, packs)
/// keeps it.
public enum PackSolver {
    public struct Offer: Hashable, Sendable {
        public var amount: UInt64
        public var single: UInt64?
        public var bundle: Bundle?

        public init(amount: UInt64, single: UInt64?, bundle: Bundle? = nil) {
            self.amount = amount
            self.single = single
            self.bundle = bundle
        }
    }

    public struct Bundle: Hashable, Sendable {
        public var count: Int
        public var price: UInt64

        public init(count: Int, price: UInt64) {
            self.count = count
            self.price = price
        }
    }

    /// How many singles and bundles of one offer a solution takes.
    public struct Take: Hashable, Sendable {
        public var offer: Int
        public var singles: Int
        public var bundles: Int
    }

    public struct Solution: Hashable, Sendable {
        /// By offer, in offer order; offers not taken are left out.
        public var takes: [Take]
        public var price: UInt128
        /// Packs in all (a bundle counts its packs).
        public var packs: Int
    }

    public enum Outcome: Hashable, Sendable {
        case solved(Solution)
        /// No offer can be bought (none has a price).
        case nothingToBuy
        /// The amount in units of the packs' common divisor passes `maxStates`, and the search
        /// passed `maxNodes`.
        case beyondBound(states: UInt64)
    }

    /// The most amounts (in units of the packs' common divisor) a line may need, and the most
    /// steps (amounts × options): a line past them is said, not solved.
    public static let maxStates: UInt64 = 2_000_000
    public static let maxSteps: UInt64 = 100_000_000

    /// The most nodes the search (`search`) visits for a line whose amounts are too fine for
    /// the dynamic programme (sizes in ounces beside grams).
    public static let maxNodes = 2_000_000

    /// `maxStates` and `maxNodes` are the bounds; tests lower them to take the other way.
    public static func solve(_ offers: [Offer], wanted: UInt64, maxStates: UInt64 = maxStates, maxNodes: Int = maxNodes) -> Outcome {
        // The options: each offer's single pack and its bundle, in offer order.
        var options: [(offer: Int, isBundle: Bool, amount: UInt64, price: UInt64, packs: Int)] = []
        for (index, offer) in offers.enumerated() where offer.amount > 0 {
            if let single = offer.single { options.append((index, false, offer.amount, single, 1)) }
            if let bundle = offer.bundle, bundle.count > 0 {
                let (amount, overflow) = offer.amount.multipliedReportingOverflow(by: UInt64(bundle.count))
                if !overflow { options.append((index, true, amount, bundle.price, bundle.count)) }
            }
        }
        guard !options.isEmpty else { return .nothingToBuy }
        let divisor = options.reduce(UInt64(0)) { gcd($0, $1.amount) }
        let states = wanted / divisor + (wanted % divisor == 0 ? 0 : 1)
        guard states <= maxStates, states * UInt64(options.count) <= maxSteps else {
            // Too fine for the table: a search over counts of packs, bounded.
            guard let solution = search(options.map { Option(offer: $0.offer, isBundle: $0.isBundle, amount: $0.amount, price: $0.price, packs: $0.packs) },
                                        wanted: wanted, maxNodes: maxNodes) else { return .beyondBound(states: states) }
            return solution.takes.isEmpty && wanted > 0 ? .nothingToBuy : .solved(solution)
        }
        let count = Int(states)
        let amounts = options.map { Int($0.amount / divisor) }
        var cost = [UInt128](repeating: .max, count: count + 1)
        var packs = [Int](repeating: 0, count: count + 1)
        var choice = [Int32](repeating: -1, count: count + 1)
        cost[0] = 0
        if count > 0 {
            for state in 1...count {
                var bestCost = UInt128.max, bestPacks = Int.max, bestChoice: Int32 = -1
                for (index, option) in options.enumerated() {
                    let before = max(0, state - amounts[index])
                    guard cost[before] != .max else { continue }
                    let total = cost[before] + UInt128(option.price)
                    let taken = packs[before] + option.packs
                    if total < bestCost || (total == bestCost && taken < bestPacks) {
                        (bestCost, bestPacks, bestChoice) = (total, taken, Int32(index))
                    }
                }
                (cost[state], packs[state], choice[state]) = (bestCost, bestPacks, bestChoice)
            }
        }
        guard cost[count] != .max else { return .nothingToBuy }
        var singles = [Int: Int](), bundles = [Int: Int]()
        var state = count
        while state > 0 {
            let index = Int(choice[state])
            let option = options[index]
            if option.isBundle { bundles[option.offer, default: 0] += 1 } else { singles[option.offer, default: 0] += 1 }
            state = max(0, state - amounts[index])
        }
        let takes = Set(singles.keys).union(bundles.keys).sorted().map {
            Take(offer: $0, singles: singles[$0] ?? 0, bundles: bundles[$0] ?? 0)
        }
        return .solved(Solution(takes: takes, price: cost[count], packs: packs[count]))
    }

    struct Option {
        var offer: Int
        var isBundle: Bool
        var amount: UInt64
        var price: UInt64
        var packs: Int
    }

    /// The least (price, packs) by depth-first search over how many of each option, most
    /// first, pruned by the best found and by a lower bound (what the rest of the amount costs
    /// at the least price per amount of the options left); nil past `maxNodes` nodes. Options
    /// are tried cheapest per amount first; among choices of equal price and packs, the first
    /// found: the most of the cheaper options per amount.
    static func search(_ given: [Option], wanted: UInt64, maxNodes: Int) -> Solution? {
        // The least price per amount first (then as given), so that the first solutions found
        // are good ones and prune the most.
        let options = given.enumerated().sorted { a, b in
            let (x, y) = (UInt128(a.element.price) * UInt128(b.element.amount), UInt128(b.element.price) * UInt128(a.element.amount))
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)
        // By position, the option from there on with the least price per amount.
        var cheapestFrom = [Int](repeating: 0, count: options.count + 1)
        if !options.isEmpty {
            cheapestFrom[options.count - 1] = options.count - 1
            for index in stride(from: options.count - 2, through: 0, by: -1) {
                let other = cheapestFrom[index + 1]
                let (a, b) = (options[index], options[other])
                // a.price / a.amount < b.price / b.amount, exactly.
                cheapestFrom[index] = UInt128(a.price) * UInt128(b.amount) < UInt128(b.price) * UInt128(a.amount) ? index : other
            }
        }
        var counts = [Int](repeating: 0, count: options.count)
        var best: (price: UInt128, packs: Int, counts: [Int])?
        var nodes = 0
        func visit(_ index: Int, remaining: UInt64, price: UInt128, packs: Int) -> Bool {
            nodes += 1
            guard nodes <= maxNodes else { return false }
            if let best, price > best.price || (price == best.price && packs >= best.packs) { return true }
            if remaining == 0 {
                best = (price, packs, counts)
                return true
            }
            guard index < options.count else { return true }
            if let best {
                let cheapest = options[cheapestFrom[index]]
                let (rest, overflow) = UInt128(remaining).multipliedReportingOverflow(by: UInt128(cheapest.price))
                let (spent, overflow2) = price.multipliedReportingOverflow(by: UInt128(cheapest.amount))
                let (limit, overflow3) = best.price.multipliedReportingOverflow(by: UInt128(cheapest.amount))
                if !overflow && !overflow2 && !overflow3, spent.addingReportingOverflow(rest).partialValue > limit, !spent.addingReportingOverflow(rest).overflow {
                    return true
                }
            }
            let option = options[index]
            let most = remaining / option.amount + (remaining % option.amount == 0 ? 0 : 1)
            // Each count from `most` down is a node: more than `maxNodes` of them is past the
            // bound, and a count past `Int` (10 g of a 10^-18 g pack) could not be held.
            guard most <= UInt64(maxNodes) else { return false }
            var count = most
            while true {
                let covered = option.amount.multipliedReportingOverflow(by: count)
                let rest = covered.overflow || covered.partialValue >= remaining ? 0 : remaining - covered.partialValue
                counts[index] = Int(count)
                guard visit(index + 1, remaining: rest, price: price + UInt128(option.price) * UInt128(count), packs: packs + option.packs * Int(count)) else {
                    return false
                }
                if count == 0 { break }
                count -= 1
            }
            counts[index] = 0
            return true
        }
        guard visit(0, remaining: wanted, price: 0, packs: 0) else { return nil }
        guard let best else { return Solution(takes: [], price: 0, packs: 0) }
        var takes: [Int: Take] = [:]
        for (index, count) in best.counts.enumerated() where count > 0 {
            let option = options[index]
            var take = takes[option.offer] ?? Take(offer: option.offer, singles: 0, bundles: 0)
            if option.isBundle { take.bundles += count } else { take.singles += count }
            takes[option.offer] = take
        }
        return Solution(takes: takes.keys.sorted().map { takes[$0]! }, price: best.price, packs: best.packs)
    }

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
