@testable import PerKit
import Testing

@Suite struct RankerTests {
    func table(_ report: RankedReport) -> [[String]] {
        report.lists.flatMap { list in
            Array(report.entries(of: list)).map { entry in
                [list.name, "\(entry.rank)", entry.name, entry.unitPrice(decimals: 4).digits, entry.percentMore(decimals: 1).digits]
            }
        }
    }

    /// A list sorted as two halves side by side and merged (what a big list gets) comes out in
    /// the order and with the ranks of sorting it whole: many equal unit prices, equal names,
    /// prices equal but written two ways, and rows equal in everything but their line, so that
    /// every tie-break is used.
    @Test func aListSortedInHalvesIsSortedAsAWhole() throws {
        var text = "name,quantity,unit,price\n"
        var rows = Set<String>()
        for index in 0..<20_000 {
            let unit = ["g", "kg", "oz", "lb"][index % 4]
            let row = "item \(index % 11),\(index % 5 + 1),\(unit),\(index % 13 + 1)\(index % 3 == 0 ? ".0" : "")"
            rows.insert(row)
            text += row + "\n"
        }
        #expect(rows.count < 10_000)
        let sheet = try Sheets.validate(text)
        #expect(sheet.lists.count == 1)
        let whole = Ranker.rank(sheet, halvingAbove: Int.max)
        let halves = Ranker.rank(sheet, halvingAbove: 1000)
        #expect(Array(whole.order) == Array(halves.order))
        #expect(Array(whole.ranks) == Array(halves.ranks))
        #expect(Set(whole.ranks).count > 100)
    }

    @Test func halfAKiloForTwoTiesAKiloForFour() throws {
        let report = try Sheets.rank("name,quantity,unit,price\nsmall,500,g,2.00\nlarge,1,kg,4.00\n")
        #expect(Array(report.entries(of: report.lists[0])).map(\.rank) == [1, 1])
        let allBest = Array(report.entries(of: report.lists[0])).allSatisfy(\.isBest)
        #expect(allBest)
    }

    @Test func tiesAcrossUnitsAreExact() throws {
        // 16 oz is exactly 1 lb, 1 oz exactly 28.349523125 g: binary floating point misses both ties.
        let report = try Sheets.rank("""
            name,quantity,unit,price
            jar,16,oz,3.63
            tub,2,lb,7.26
            one ounce,1,oz,1
            ounce in grams,28.349523125,g,1
            """)
        #expect(table(report).map { $0[1] } == ["1", "1", "3", "3"])
    }

    @Test func ranksAreCompetitionRanks() throws {
        let report = try Sheets.rank("""
            name,quantity,unit,price
            d,1,each,4
            a,1,each,1
            c,2,each,4
            b,12,each,12
            e,1,dozen,24
            """)
        #expect(table(report).map { $0[1] } == ["1", "1", "3", "3", "5"])
        #expect(table(report).map { $0[2] } == ["a", "b", "c", "e", "d"])
    }

    @Test func tiesBreakByNameThenQuantityUnitPriceAndInputOrder() throws {
        let report = try Sheets.rank("""
            name,quantity,unit,price
            b,1,kg,1
            a,2,kg,2
            a,1,kg,1
            a,1000,g,1
            a,1.0,kg,1.0
            a,1.0,kg,1.00
            """)
        let order = Array(report.entries(of: report.lists[0])).map { "\($0.name) \($0.quantity) \($0.unit) \($0.price)" }
        #expect(order == ["a 1 kg 1", "a 1.0 kg 1.0", "a 1.0 kg 1.00", "a 2 kg 2", "a 1000 g 1", "b 1 kg 1"])
    }

    @Test func theOrderDoesNotDependOnTheOrderOfRows() throws {
        let rows = ["x,3,each,1.5", "y,1,dozen,6", "z,500,g,1", "w,2,each,1", "v,1,each,0.5", "u,6,each,3"]
        let header = "name,quantity,unit,price\n"
        let forward = table(try Sheets.rank(header + rows.filter { !$0.contains(",g,") }.joined(separator: "\n")))
        let backward = table(try Sheets.rank(header + rows.filter { !$0.contains(",g,") }.reversed().joined(separator: "\n")))
        #expect(forward == backward)
    }

    @Test func listsComeInOrderOfNameByCodePoints() throws {
        let report = try Sheets.rank("list,name,quantity,unit,price\nb,x,1,kg,1\nÄ,x,1,kg,1\nB,x,1,kg,1\na,x,1,kg,1\n")
        #expect(report.lists.map(\.name) == ["B", "a", "b", "Ä"])
    }

    @Test func percentMoreIsRoundedHalfUpFromExactValues() throws {
        // 1.00 vs 1.0005 per each: 0.05% more; 1.00 vs 1.0015: 0.15% → 0.2 (half up), 0% whole.
        let report = try Sheets.rank("""
            name,quantity,unit,price
            a,1,each,1.00
            b,10000,each,10005
            c,10000,each,10015
            d,8,each,9
            """)
        #expect(table(report).map { $0[4] } == ["0", "1", "2", "125"])
        #expect(Array(report.entries(of: report.lists[0])).map { $0.percentMore(decimals: 0).digits } == ["0", "0", "0", "13"])
    }

    @Test func unitPricesAreRoundedHalfUpPerTheListsBasis() throws {
        let report = try Sheets.rank("name,quantity,unit,price\nbeans,1,lb,9.49\npaste,3,g,0.00001\n")
        // 9.49 / 453.59237 g × 1000 = 20.92187…; 0.00001 / 3 g × 1000 = 0.003333…
        #expect(Array(report.entries(of: report.lists[0])).map { $0.unitPrice(decimals: 4).digits } == ["33", "209219"])
    }

    @Test func extremeValuesFallBackToExactBigIntegers() throws {
        let report = try Sheets.rank("""
            name,quantity,unit,price
            tiny,0.000000000000000001,mg,999999999999999999
            huge,999999999999999999,kg,0.000000000000000001
            also tiny,0.000000000000000001,mg,999999999999999998
            """)
        let entries = Array(report.entries(of: report.lists[0]))
        #expect(entries.map(\.name) == ["huge", "also tiny", "tiny"])
        // Expected values computed with Python's fractions.Fraction.
        #expect(entries[0].unitPrice(decimals: 4).digits == "0")
        #expect(entries[1].unitPrice(decimals: 0).digits == "999999999999999998" + String(repeating: "0", count: 24))
        #expect(entries[2].percentMore(decimals: 1).digits
            == "999999999999999998000000000000000000" + String(repeating: "9", count: 42) + "000")
        #expect(entries.map(\.rank) == [1, 2, 3])
    }
}
