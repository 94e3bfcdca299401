@testable import PerKit
import Testing

/// The whole-pack solver against a brute-force search of every combination, and the cases the
/// issue names.
@Suite struct PackSolverTests {
    typealias Offer = PackSolver.Offer

    func solved(_ offers: [Offer], wanted: UInt64) -> PackSolver.Solution? {
        if case .solved(let solution) = PackSolver.solve(offers, wanted: wanted) { return solution }
        return nil
    }

    @Test func aKiloAndAHalfIsAKiloAndAHalfKiloNotTwoKilos() throws {
        // 1 kg at 2.00 and 500 g at 1.20, 1.5 kg wanted: 3.20, not 4.00.
        let solution = try #require(solved([Offer(amount: 1000, single: 200), Offer(amount: 500, single: 120)], wanted: 1500))
        #expect(solution.price == 320)
        #expect(solution.takes == [PackSolver.Take(offer: 0, singles: 1, bundles: 0), PackSolver.Take(offer: 1, singles: 1, bundles: 0)])
    }

    @Test func aDealCountsOnlyWhenThePacksReachIt() throws {
        // A loaf at 3.99, or 2 for 7.00.
        let loaf = Offer(amount: 1, single: 399, bundle: PackSolver.Bundle(count: 2, price: 700))
        #expect(try #require(solved([loaf], wanted: 1)).price == 399)
        #expect(try #require(solved([loaf], wanted: 2)).price == 700)
        #expect(try #require(solved([loaf], wanted: 3)).price == 1099)
    }

    @Test func aProductSoldOnlyInItsDealIsBoughtByTheDeal() throws {
        let solution = try #require(solved([Offer(amount: 1, single: nil, bundle: PackSolver.Bundle(count: 3, price: 500))], wanted: 1))
        #expect(solution.price == 500 && solution.packs == 3)
    }

    @Test func equallyCheapChoicesTakeTheFewestPacksThenTheFirstOffer() throws {
        // Two 500 g at 1.00 or one 1 kg at 2.00: the same price, the one pack wins.
        let fewer = try #require(solved([Offer(amount: 500, single: 100), Offer(amount: 1000, single: 200)], wanted: 1000))
        #expect(fewer.takes == [PackSolver.Take(offer: 1, singles: 1, bundles: 0)])
        // Two identical offers: the first.
        let first = try #require(solved([Offer(amount: 500, single: 100), Offer(amount: 500, single: 100)], wanted: 500))
        #expect(first.takes == [PackSolver.Take(offer: 0, singles: 1, bundles: 0)])
    }

    @Test func nothingWithAPriceIsNothingToBuy() {
        #expect(PackSolver.solve([Offer(amount: 5, single: nil)], wanted: 3) == .nothingToBuy)
        #expect(PackSolver.solve([], wanted: 3) == .nothingToBuy)
    }

    @Test func anAmountFinerThanBothBoundsIsSaidNotSolved() {
        // Packs of 1 and 3 units with a wanted amount past the table's bound and the search's.
        let outcome = PackSolver.solve([Offer(amount: 1, single: 1), Offer(amount: 3, single: 2)], wanted: PackSolver.maxStates + 1, maxNodes: 1000)
        #expect(outcome == .beyondBound(states: PackSolver.maxStates + 1))
    }

    @Test func ouncesBesideGramsAreSolvedByTheSearch() throws {
        // 2 kg from 16 oz (453.59237 g) at 2.50 and 1 kg at 6.50, in 10^-5 g: five 16 oz packs (12.50), not two kilos (13.00).
        let pound = Offer(amount: 45_359_237, single: 250), kilo = Offer(amount: 100_000_000, single: 650)
        let solution = try #require(solved([pound, kilo], wanted: 200_000_000))
        #expect(solution.price == 1250 && solution.takes == [PackSolver.Take(offer: 0, singles: 5, bundles: 0)])
    }

    /// A pack count past what the search can count (10^19 packs of one unit) is beyond the
    /// bound, not a crash. (Before: SIGILL converting the count to Int.)
    @Test func aPackCountPastTheSearchsReachIsBeyondTheBound() {
        let wanted: UInt64 = 10_000_000_000_000_000_000
        #expect(PackSolver.solve([Offer(amount: 1, single: 100)], wanted: wanted) == .beyondBound(states: wanted))
        #expect(PackSolver.solve([Offer(amount: 3, single: 100), Offer(amount: 2, single: 70)], wanted: wanted) == .beyondBound(states: wanted))
    }

    /// Every combination of counts of every option, each up to what alone covers the amount
    /// (more of one option never lowers the price or the packs): the least (price, packs).
    static func bruteForce(_ offers: [Offer], wanted: UInt64) -> (price: UInt128, packs: Int)? {
        var options: [(amount: UInt64, price: UInt64, packs: Int)] = []
        for offer in offers {
            if let single = offer.single { options.append((offer.amount, single, 1)) }
            if let bundle = offer.bundle { options.append((offer.amount * UInt64(bundle.count), bundle.price, bundle.count)) }
        }
        var best: (price: UInt128, packs: Int)?
        func search(_ index: Int, amount: UInt64, price: UInt128, packs: Int) {
            if index == options.count {
                guard amount >= wanted else { return }
                if best == nil || (price, packs) < (best!.price, best!.packs) { best = (price, packs) }
                return
            }
            let option = options[index]
            let most = (wanted + option.amount - 1) / option.amount
            for count in 0...most {
                search(index + 1, amount: amount + option.amount * count, price: price + UInt128(option.price) * UInt128(count),
                       packs: packs + option.packs * Int(count))
            }
        }
        search(0, amount: 0, price: 0, packs: 0)
        return best
    }

    @Test(arguments: [PackSolver.maxStates, 0])
    func theSolverAgreesWithABruteForceSearchOnRandomSmallCases(maxStates: UInt64) {
        // maxStates 0: every case by the search instead of the table.
        var random = SplitMix(state: 33)
        var compared = 0, withDeals = 0
        for _ in 0..<3000 {
            let offers = (0..<Int.random(in: 1...3, using: &random)).map { _ -> Offer in
                let single: UInt64? = Int.random(in: 0..<6, using: &random) == 0 ? nil : UInt64.random(in: 1...500, using: &random)
                let bundle: PackSolver.Bundle? = Bool.random(using: &random)
                    ? PackSolver.Bundle(count: Int.random(in: 2...4, using: &random), price: UInt64.random(in: 1...1200, using: &random)) : nil
                return Offer(amount: [1, 2, 3, 4, 5, 6, 10, 12, 25][Int.random(in: 0..<9, using: &random)] * 50, single: single, bundle: bundle)
            }
            let wanted = UInt64.random(in: 1...1200, using: &random)
            let expected = Self.bruteForce(offers, wanted: wanted)
            switch PackSolver.solve(offers, wanted: wanted, maxStates: maxStates) {
            case .solved(let solution):
                #expect(expected.map { ($0.price, $0.packs) == (solution.price, solution.packs) } == true,
                        "\(offers) wanted \(wanted): solver \(solution), brute force \(String(describing: expected))")
                // The packs it names cover the amount and cost what it says.
                var amount: UInt64 = 0, price: UInt128 = 0, packs = 0
                for take in solution.takes {
                    let offer = offers[take.offer]
                    amount += offer.amount * UInt64(take.singles + take.bundles * (offer.bundle?.count ?? 0))
                    price += UInt128(offer.single ?? 0) * UInt128(take.singles) + UInt128(offer.bundle?.price ?? 0) * UInt128(take.bundles)
                    packs += take.singles + take.bundles * (offer.bundle?.count ?? 0)
                    if take.bundles > 0 { withDeals += 1 }
                }
                #expect(amount >= wanted && price == solution.price && packs == solution.packs, "\(offers) wanted \(wanted): \(solution)")
                compared += 1
            case .nothingToBuy:
                #expect(expected == nil, "\(offers) wanted \(wanted)")
            case .beyondBound:
                Issue.record("small cases are within the bound")
            }
        }
        #expect(compared > 2500 && withDeals > 300, "compared \(compared), \(withDeals) with deals")
    }
    /// As above, with deals that save nothing (a bundle at exactly its single packs' price, or
    /// dearer) and sizes of mixed units (grams beside ounces and pounds, in milligrams: a
    /// divisor of 1 that sends most lines past the table to the search).
    @Test(arguments: [PackSolver.maxStates, 0])
    func theSolverAgreesWithABruteForceSearchOnDealsThatSaveNothingAndMixedUnits(maxStates: UInt64) {
        var random = SplitMix(state: 42)
        var compared = 0, savingNothing = 0
        let sizes: [UInt64] = [250_000, 500_000, 1_000_000, 113_398, 226_796, 453_592, 907_185]  // mg: 250 g, 500 g, 1 kg, 4 oz, 8 oz, 1 lb, 2 lb
        for _ in 0..<250 {
            let offers = (0..<Int.random(in: 1...2, using: &random)).map { _ -> Offer in
                let single = UInt64.random(in: 50...900, using: &random)
                let count = Int.random(in: 2...3, using: &random)
                let bundle: PackSolver.Bundle?
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bundle = PackSolver.Bundle(count: count, price: single * UInt64(count))  // saves nothing
                case 1: bundle = PackSolver.Bundle(count: count, price: single * UInt64(count) + UInt64.random(in: 1...100, using: &random))
                case 2: bundle = PackSolver.Bundle(count: count, price: single * UInt64(count) - UInt64.random(in: 1...40, using: &random))
                default: bundle = nil
                }
                return Offer(amount: sizes[Int.random(in: 0..<sizes.count, using: &random)], single: single, bundle: bundle)
            }
            let wanted = UInt64.random(in: 1...1_000_000, using: &random)
            let expected = Self.bruteForce(offers, wanted: wanted)
            guard case .solved(let solution) = PackSolver.solve(offers, wanted: wanted, maxStates: maxStates) else {
                Issue.record("\(offers) wanted \(wanted): not solved")
                continue
            }
            #expect(expected.map { ($0.price, $0.packs) == (solution.price, solution.packs) } == true,
                    "\(offers) wanted \(wanted): solver \(solution), brute force \(String(describing: expected))")
            if offers.contains(where: { offer in offer.bundle.map { UInt64($0.count) * offer.single! == $0.price } ?? false }) { savingNothing += 1 }
            compared += 1
        }
        #expect(compared == 250 && savingNothing > 60, "compared \(compared), \(savingNothing) with a deal that saves nothing")
    }
}
