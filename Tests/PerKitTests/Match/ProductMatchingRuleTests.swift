import Foundation
@testable import PerKit
import Testing

/// `ProductMatching`, the one rule of which product is which: `per diff` and a two-snapshot
/// `per history` classify every product alike, on random week pairs with keys on some rows,
/// repeats, renames, and price and size changes; and the cases the rule was written for.
@Suite struct ProductMatchingRuleTests {
    static var keyed: SheetOptions {
        var options = SheetOptions()
        options.columns[.key] = "sku"
        return options
    }

    func sheet(_ csv: String) throws -> Snapshot {
        Snapshot(try Sheets.rank("list,sku,name,quantity,unit,price\n" + csv, options: Self.keyed))
    }

    /// What changed, as `per diff` says it: `list name class` for changes of one product
    /// (rose, fell, resized), for products on one side (new, gone: a name and size listed at
    /// two prices is one product of a history and a row per listing of a diff, hence sets),
    /// and `list name` ambiguous; a product unchanged is not said.
    struct Classes: Equatable, CustomStringConvertible {
        var changes: [String] = []
        var sides: Set<String> = []
        var ambiguous: Set<String> = []

        var description: String { "changes \(changes.sorted()), sides \(sides.sorted()), ambiguous \(ambiguous.sorted())" }

        static func == (a: Classes, b: Classes) -> Bool {
            a.changes.sorted() == b.changes.sorted() && a.sides == b.sides && a.ambiguous == b.ambiguous
        }
    }

    func diffClasses(_ old: Snapshot, _ new: Snapshot) -> Classes {
        var classes = Classes()
        for list in ReportDiff(old: old, new: new, showsMoves: true).lists {
            for row in list.rows {
                switch row.change {
                case .rose, .fell, .resized: classes.changes.append("\(list.name) \(row.name) \(row.change.rawValue)")
                case .new, .gone: classes.sides.insert("\(list.name) \(row.name) \(row.change.rawValue)")
                case .ambiguous: classes.ambiguous.insert("\(list.name) \(row.name)")
                default: break
                }
            }
        }
        return classes
    }

    func historyClasses(_ old: Snapshot, _ new: Snapshot) throws -> Classes {
        let history = PriceHistory()
        try history.add(old, date: "2026-01-01", file: "old.csv")
        try history.add(new, date: "2026-01-08", file: "new.csv")
        var classes = Classes()
        for list in history.report().lists {
            for product in list.products {
                let before = product.points.last { $0.date == 0 }
                let now = product.points.last { $0.date == 1 }
                func priced(_ point: HistoryReport.Point?) -> (WideInteger, String)? {
                    if case .priced(let unitPrice, _, let size)? = point?.observation { return (unitPrice, size) }
                    return nil
                }
                func isAmbiguous(_ point: HistoryReport.Point?) -> Bool {
                    if case .ambiguous? = point?.observation { return true }
                    return false
                }
                if product.firstSeen == 1 {
                    classes.sides.insert("\(list.name) \(product.name) new")
                } else if case .gone? = now?.observation {
                    classes.sides.insert("\(list.name) \(product.name) gone")
                } else if now == nil {
                    continue  // nothing changed
                } else if isAmbiguous(now) || isAmbiguous(before) {
                    classes.ambiguous.insert("\(list.name) \(product.name)")
                } else if let (oldPrice, oldSize) = priced(before), let (newPrice, newSize) = priced(now) {
                    let change = oldSize != newSize && !product.sizeChanges.isEmpty ? "resized"
                        : newPrice > oldPrice ? "rose" : newPrice < oldPrice ? "fell" : "same"
                    if change != "same" { classes.changes.append("\(list.name) \(product.name) \(change)") }
                }
            }
        }
        return classes
    }

    /// A week and the next, drawn from a few names, sizes, keys and prices so that repeats,
    /// shared names and keys, renames and resizes are common.
    static func weeks(seed: UInt64, keys: Bool = true) -> (String, String) {
        var random = SplitMix(state: seed)
        let names = ["Milk", "Oat", "Tea", "Rice"]
        let sizes = [("500", "g"), ("1", "kg"), ("1000", "g"), ("250", "g")]
        let prices = ["1.00", "1.10", "1.20", "2.00"]
        struct Row { var list, key, name, quantity, unit, price: String }
        var rows: [Row] = []
        for _ in 0..<random.int(below: 7) + 1 {
            let size = sizes[random.int(below: sizes.count)]
            rows.append(Row(list: random.int(below: 4) == 0 ? "B" : "A", key: !keys || random.int(below: 2) == 0 ? "" : "k\(random.int(below: 5))",
                            name: names[random.int(below: names.count)], quantity: size.0, unit: size.1, price: prices[random.int(below: prices.count)]))
        }
        var next: [Row] = []
        for row in rows {
            var row = row
            switch random.int(below: 10) {
            case 0: continue  // gone
            case 1: row.price = prices[random.int(below: prices.count)]
            case 2: (row.quantity, row.unit) = sizes[random.int(below: sizes.count)]
            case 3: row.name = names[random.int(below: names.count)]
            case 4: row.key = !keys || random.int(below: 2) == 0 ? "" : "k\(random.int(below: 5))"
            case 5: next.append(row)  // repeated
            default: break
            }
            next.append(row)
        }
        if random.int(below: 3) == 0 {
            let size = sizes[random.int(below: sizes.count)]
            next.append(Row(list: "A", key: "", name: names[random.int(below: names.count)], quantity: size.0, unit: size.1,
                            price: prices[random.int(below: prices.count)]))
        }
        func csv(_ rows: [Row]) -> String {
            // A key names one product in a week, as in a shop's export: its first row's name.
            var names: [String: String] = [:]
            return rows.map { row in
                let name = row.key.isEmpty ? row.name : names[row.key, default: row.name]
                if !row.key.isEmpty { names[row.key] = name }
                return "\(row.list),\(row.key),\(name),\(row.quantity),\(row.unit),\(row.price)\n"
            }.joined()
        }
        return (csv(rows), csv(next))
    }

    @Test func perDiffAndPerHistoryClassifyEveryProductAlike() throws {
        var disagreements: [String] = []
        var seen: [String: Int] = [:]  // how many pairs show each class: the weeks must not be trivial
        // Half the pairs without keys: `per history` pairs a name and size on one item of each
        // side without matching then (`ProductMatching.isSurePair`), and must still agree.
        for seed in UInt64(0)..<2000 {
            let (a, b) = Self.weeks(seed: seed, keys: seed % 2 == 0)
            let (old, new) = (try sheet(a), try sheet(b))
            let diff = diffClasses(old, new)
            let history = try historyClasses(old, new)
            for change in diff.changes { seen[String(change.split(separator: " ").last!), default: 0] += 1 }
            for side in diff.sides { seen[String(side.split(separator: " ").last!), default: 0] += 1 }
            seen["ambiguous", default: 0] += diff.ambiguous.count
            if diff != history { disagreements.append("seed \(seed):\n\(a)--\n\(b)diff    \(diff)\nhistory \(history)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) week pairs:\n\(disagreements.prefix(3).joined(separator: "\n\n"))")
        for kind in ["rose", "fell", "resized", "new", "gone", "ambiguous"] { #expect(seen[kind, default: 0] >= 20, "\(kind): \(seen)") }
    }

    /// Over several weeks (products gone and back, ambiguous weeks), `per history`'s pairing of
    /// identities on one item of each side before matching changes nothing: the same points
    /// as when every product goes through `ProductMatching.match`.
    @Test func pairingSurelyChangesNoHistory() throws {
        var differences: [Int] = []
        for seed in UInt64(0)..<300 {
            var weeks: [String] = []
            var (a, b) = Self.weeks(seed: seed, keys: seed % 2 == 0)
            weeks.append(a)
            for step in UInt64(1)...3 {
                weeks.append(b)
                (a, b) = Self.weeks(seed: seed &* 31 &+ step, keys: seed % 2 == 0)
                if step == 2 { weeks.append(a) }  // another week's products: gone, and back next
            }
            func points(_ surely: Bool) throws -> [String] {
                let history = PriceHistory()
                history.pairsSurely = surely
                for (index, week) in weeks.enumerated() { try history.add(try sheet(week), date: "2026-01-0\(index + 1)", file: "w\(index).csv") }
                return history.report().lists.flatMap { list in
                    list.products.map { "\(list.name) \($0.name) \($0.key ?? "-") \($0.points.map { "\($0.date):\($0.observation)" })" }
                }.sorted()
            }
            if try points(true) != points(false) {
                differences.append(Int(seed))
            }
        }
        #expect(differences.isEmpty, "seeds \(differences.prefix(10))")
    }

    /// The issue's cases: a key on one side only, and a product listed once per barcode at one price.
    @Test func aKeyOnOneSideOnlyAndRepeatsAtOnePriceAreOneProduct() throws {
        let old = try sheet("A,,Milk,1,l,1.00\nA,,Oat,1,l,2.29\nA,,Oat,1,l,2.29\n")
        let new = try sheet("A,m1,Milk,1,l,1.10\nA,,Oat,1,l,1.99\nA,,Oat,1,l,1.99\n")
        let diff = diffClasses(old, new)
        #expect(diff.changes.sorted() == ["A Milk rose", "A Oat fell"], "\(diff)")
        #expect(diff.sides.isEmpty && diff.ambiguous.isEmpty)
        let rows = ReportDiff(old: old, new: new).lists[0].rows
        #expect(rows.map { "\($0.name) \($0.percentTimes10.map(DiffWriter.percent) ?? "-")" } == ["Milk 10.0", "Oat -13.1"])
        #expect(try historyClasses(old, new) == diff)
    }

    /// Two keys are two products, even of one name and size; a key on rows that differ tells
    /// nothing, and those rows go by name and size.
    @Test func keysThatDifferAreNeverOneProduct() throws {
        let rows = ReportDiff(old: try sheet("A,k1,Milk,1,l,1.00\n"), new: try sheet("A,k2,Milk,1,l,1.00\n")).lists[0].rows
        #expect(rows.map { "\($0.name) \($0.key ?? "-") \($0.change.rawValue)" } == ["Milk k2 new", "Milk k1 gone"])
        let pooled = diffClasses(try sheet("A,k1,Milk,1,l,1.00\nA,k1,Oat,1,l,2.00\n"), try sheet("A,k1,Milk,1,l,1.10\nA,k1,Oat,1,l,2.00\n"))
        #expect(pooled.changes == ["A Milk rose"], "\(pooled)")
    }
}

extension SplitMix {
    mutating func int(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
