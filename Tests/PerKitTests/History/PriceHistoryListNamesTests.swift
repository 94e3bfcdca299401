@testable import PerKit
import Testing

/// One list under two names in snapshots one after the other (`Coffee (mass)`, then `Coffee`:
/// read with and without `--split-dimensions`) is said, however many lists a history has.
@Suite struct PriceHistoryListNamesTests {
    /// A snapshot of one-product lists, named as given.
    func snapshot(_ lists: [String]) throws -> Snapshot {
        Snapshot(try Sheets.rank("list,name,quantity,unit,price\n" + lists.map { "\($0),P,1,kg,1.00\n" }.joined()))
    }

    func history(_ weeks: [[String]]) throws -> PriceHistory {
        let history = PriceHistory()
        for (index, week) in weeks.enumerated() {
            try history.add(try snapshot(week), date: "2026-01-\(10 + index)", file: "w\(index).csv")
        }
        return history
    }

    func pairs(_ history: PriceHistory) -> [String] {
        history.listsUnderTwoNames().map { "\($0.0.name) until \($0.0.last), \($0.1.name) from \($0.1.first)" }
    }

    /// Ten thousand lists, among them a few renamed each way and a few under two names at
    /// once (not one after the other, so not said). Every pair of lists was compared, which
    /// took 46 s for a snapshot of 10,000 lists.
    @Test func theFewListsUnderTwoNamesAreFoundAmongTenThousand() throws {
        let names = (0..<10_000).map { "L\($0 + 10_000)" }
        var first = names
        var second = names
        var expected: [String] = []
        for index in stride(from: 0, to: names.count, by: 1_000) {
            let name = names[index]
            switch index / 1_000 % 3 {
            case 0:  // split, then not
                first[index] = "\(name) (mass)"
                expected.append("\(name) (mass) until 2026-01-10, \(name) from 2026-01-11")
            case 1:  // not split, then split
                second[index] = "\(name) (volume)"
                expected.append("\(name) until 2026-01-10, \(name) (volume) from 2026-01-11")
            default:  // both names in both snapshots
                first.append("\(name) (count)")
                second.append("\(name) (count)")
            }
        }
        let history = try history([first, second])
        #expect(history.listSpans.count == 10_000 + 7 + 3)
        #expect(pairs(history) == expected.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// The pairs are those of every two lists compared (the rule before lists were grouped by
    /// base name), in the same order: random lists of a few base names, with and without a
    /// dimension, near misses, and names equal only as Unicode text, in random snapshots.
    @Test func thePairsAreThoseOfEveryTwoListsCompared() throws {
        let names = ["Tea", "Tea (mass)", "Tea (volume)", "Tea (count)", "Tea (Mass)", "Tea(mass)", "Tea (mass) (mass)",
                     "Tea (mass) (volume)", "Café", "Cafe\u{301}", "Café (mass)", "Cafe\u{301} (mass)", "Milk (count)", "Milk"]
        var rng = SplitMix(state: 11)
        for round in 0..<60 {
            let weeks = (0..<5).map { _ in names.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 } }.filter { !$0.isEmpty }
            guard !weeks.isEmpty else { continue }
            let history = try history(weeks)
            var expected: [String] = []
            let spans = history.listSpans
            for a in spans {
                for b in spans where a.name != b.name && Dimension.baseName(of: a.name) == Dimension.baseName(of: b.name) && a.last < b.first {
                    expected.append("\(a.name) until \(a.last), \(b.name) from \(b.first)")
                }
            }
            #expect(pairs(history) == expected, "round \(round): \(weeks)")
        }
    }
}
