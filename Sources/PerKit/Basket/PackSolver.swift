/// The cheapest whole packs that cover an amount, exactly: an unbounded covering knapsack over
/// whole numbers, solved by dynamic programming over amounts in units of the packs' greatest
/// common divisor.
///
/// Each offer is one product: its pack's amount, the price of one pack (nil when the shop sells
/// it only in its deal), and its multi-buy deal (`2 for 7.00`: `count` packs for `price`, taken
/// as often as wanted). A solution is the least total price whose packs reach the wanted
/// amount; among equally cheap ones, the fewest packs; among those, the one that takes its
/// packs from the offers that come first (callers order offers by name, then place), decided
/// state by state: the first option that reaches a state's least (price, packs) keeps it.
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
        /// The amount in units of the packs' common divisor passes `maxStates`.
        case beyondBound(states: UInt64)
    }

    /// The most amounts (in units of the packs' common divisor) a line may need, and the most
    /// steps (amounts × options): a line past them is said, not solved.
    public static let maxStates: UInt64 = 2_000_000
    public static let maxSteps: UInt64 = 100_000_000

    public static func solve(_ offers: [Offer], wanted: UInt64) -> Outcome {
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
        guard states <= maxStates, states * UInt64(options.count) <= maxSteps else { return .beyondBound(states: states) }
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

    static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
