import Foundation
@testable import PerKit
import Testing

/// `per history`: products followed through dated snapshots, by key, else name and size; what
/// each product's points add up to; every row of every snapshot accounted for.
@Suite struct PriceHistoryTests {
    static var keyed: SheetOptions {
        var options = SheetOptions()
        options.columns[.key] = "sku"
        return options
    }

    func sheet(_ csv: String, keyed: Bool = false) throws -> Snapshot {
        let header = keyed ? "list,sku,name,quantity,unit,price\n" : "list,name,quantity,unit,price\n"
        return Snapshot(try Sheets.rank(header + csv, options: keyed ? Self.keyed : SheetOptions()))
    }

    /// A history of weekly sheets dated from 2026-01-04 on.
    func history(_ weeks: [String], keyed: Bool = false) throws -> PriceHistory {
        let history = PriceHistory()
        for (index, week) in weeks.enumerated() {
            try history.add(try sheet(week, keyed: keyed), date: "2026-01-\(String(format: "%02d", 4 + 7 * index))", file: "w\(index).csv")
        }
        return history
    }

    /// Each product as `list name [key] size: prices by date (- unseen, ? ambiguous)`.
    func lines(_ report: HistoryReport) -> [String] {
        report.lists.flatMap { list in
            list.products.map { product in
                let prices = product.unitPrices(dates: report.sources.count).enumerated().map { index, price in
                    // In ten-thousandths, as these cases were written: the history holds 12 decimals.
                    price.map { $0.rounded(droppingDigits: 8).digits } ?? (product.points.last { $0.date <= index }.map {
                        if case .ambiguous = $0.observation { return "?" } else { return "-" }
                    } ?? "-")
                }
                return "\(list.name) \(product.name)\(product.key.map { " [\($0)]" } ?? "") \(product.size): \(prices.joined(separator: " "))"
            }
        }
    }

    @Test func aKeyFollowsAProductThroughRenamesAndSizes() throws {
        let report = try history([
            "A,7,Crisps,200,g,2.00\nA,8,Nuts,100,g,1.00\n",
            "A,7,Crisps Original,180,g,2.00\nA,9,Nuts,100,g,1.00\n",
        ], keyed: true).report()
        #expect(lines(report) == ["A Crisps Original [7] 180 g: 100000 111111", "A Nuts [8] 100 g: 100000 -", "A Nuts [9] 100 g: - 100000"])
        let crisps = report.lists[0].products[0]
        #expect(crisps.resized == 1 && crisps.firstSize == "200 g")
        #expect(crisps.percentSinceFirst.map(DiffWriter.percent) == "11.1")
        #expect(report.counts.products == 3 && report.counts.resized == 1)
    }

    /// Without keys, a name's one size gone and one new size is the product resized (as in
    /// `per diff`); two new sizes of a name cannot be told apart, so both are new.
    @Test func aNamesOneNewSizeContinuesItsOneGoneSize() throws {
        let resized = try history(["A,Crisps,200,g,2.00\n", "A,Crisps,180,g,2.00\n"]).report()
        #expect(lines(resized) == ["A Crisps 180 g: 100000 111111"])
        #expect(resized.lists[0].products[0].resized == 1)
        let two = try history(["A,Crisps,200,g,2.00\n", "A,Crisps,180,g,2.00\nA,Crisps,150,g,1.80\n"]).report()
        #expect(lines(two) == ["A Crisps 150 g: - 120000", "A Crisps 180 g: - 111111", "A Crisps 200 g: 100000 -"])
        // The same amount written otherwise is no resize.
        let same = try history(["A,Flour,1,kg,2.00\n", "A,Flour,1000,g,2.00\n"]).report()
        #expect(lines(same) == ["A Flour 1 kg: 20000 20000"])
        #expect(same.lists[0].products[0].points.count == 1)
    }

    /// One name and size twice in a snapshot: one product at one unit price, else ambiguous
    /// that date (no price); every row is counted once.
    @Test func aRepeatedProductIsOneProductOrAmbiguous() throws {
        let history = try history([
            "A,Oat,1,l,1.99\nA,Oat,1,l,1.99\n",
            "A,Oat,1,l,1.99\nA,Oat,1,l,2.19\nA,Oat,1,l,2.19\n",
            "A,Oat,1,l,2.09\n",
        ])
        let report = history.report()
        #expect(lines(report) == ["A Oat 1 l: 19900 ? 20900"])
        #expect(report.counts.productsRead == 6)
        #expect(report.counts.repeatedSamePrice == 1)
        #expect(report.counts.ambiguous == 3)
        let oat = report.lists[0].products[0]
        #expect(oat.ambiguousDates == 1 && oat.seen == 3)
        #expect(oat.percentSincePrevious == nil)  // the week before was ambiguous
        #expect(oat.percentSinceFirst.map(DiffWriter.percent) == "5.0")
        #expect(history.sources.map(\.products) == [2, 3, 1])
    }

    @Test func aProductGoneAndBackKeepsItsHistory() throws {
        let report = try history(["A,Tea,100,g,3.00\n", "A,Coffee,1,kg,9.00\n", "A,Tea,100,g,3.20\n"]).report()
        #expect(lines(report) == ["A Coffee 1 kg: - 90000 -", "A Tea 100 g: 300000 - 320000"])
        let tea = report.lists[0].products[1]
        #expect(tea.seen == 2 && tea.firstSeen == 0 && tea.lastSeen == 2)
        #expect(tea.percentSincePrevious == nil)
        #expect(tea.lowest?.date == 0 && tea.highest?.date == 2)
        let coffee = report.lists[0].products[0]
        #expect(coffee.seen == 1 && coffee.lastSeen == 1)
    }

    /// The lowest and highest are the first dates they were reached.
    @Test func lowestAndHighestTakeTheirFirstDate() throws {
        let report = try history(["A,Rice,1,kg,2.00\n", "A,Rice,1,kg,1.50\n", "A,Rice,1,kg,2.50\n", "A,Rice,1,kg,1.50\n", "A,Rice,1,kg,2.50\n"]).report()
        let rice = report.lists[0].products[0]
        #expect(rice.lowest.map { ($0.unitPrice.digits, $0.date) }! == ("1500000000000", 1))
        #expect(rice.highest.map { ($0.unitPrice.digits, $0.date) }! == ("2500000000000", 2))
        #expect(rice.percentSincePrevious.map(DiffWriter.percent) == "66.7")
        #expect(rice.percentSinceFirst.map(DiffWriter.percent) == "25.0")
    }

    /// A sheet and the JSON report written from it make the same history.
    @Test func sheetsAndJSONReportsMix() throws {
        let weeks = ["A,Rice,1,kg,2.00\nA,Beans,500,g,1.00\n", "A,Rice,1,kg,2.10\nA,Beans,500,g,1.00\n"]
        let sheets = try history(weeks)
        let mixed = PriceHistory()
        let json = try Sheets.write(try Sheets.rank("list,name,quantity,unit,price\n" + weeks[0]), .json)
        try mixed.add(try Snapshot(json: Array(json.utf8), file: "w0.json"), date: "2026-01-04", file: "w0.json")
        try mixed.add(try sheet(weeks[1]), date: "2026-01-11", file: "w1.csv")
        let out = { (history: PriceHistory) throws -> String in
            let buffer = OutputBuffer()
            try HistoryWriter(format: .csv).write(history.report(), to: buffer)
            return String(decoding: buffer.contents, as: UTF8.self)
        }
        #expect(try out(mixed) == out(sheets))
    }

    @Test func snapshotsThatCannotMakeOneHistoryAreRefused() throws {
        let history = PriceHistory()
        try history.add(try sheet("A,Rice,1,kg,2.00\n"), date: "2026-01-11", file: "b.csv")
        #expect(throws: HistoryError.self) { try history.add(try sheet("A,Rice,1,kg,2.00\n"), date: "2026-01-11", file: "c.csv") }
        do {
            try history.add(try sheet("A,Rice,1,kg,2.00\n"), date: "2026-01-04", file: "a.csv")
            Issue.record("an earlier date was taken")
        } catch {
            #expect("\(error)" == "a.csv is dated 2026-01-04, before b.csv (2026-01-11), which came first: give the snapshots oldest first")
        }
        let currency = PriceHistory()
        try currency.add(try sheet("A,Rice,1,kg,EUR 2.00\n"), date: "2026-01-04", file: "a.csv")
        do {
            try currency.add(try sheet("A,Rice,1,kg,USD 2.00\n"), date: "2026-01-11", file: "b.csv")
            Issue.record("a currency change was taken")
        } catch {
            #expect("\(error)".contains("is in USD, and in EUR since 2026-01-04"))
        }
    }

    @Test func filtersShowSomeProductsAndCountTheRest() throws {
        let history = try history(["A,Green Tea,100,g,3.00\nA,Rice,1,kg,2.00\nB,Oat,1,l,1.00\n",
                                   "A,Green Tea,100,g,3.00\nA,Rice,1,kg,2.20\nB,Oat,1,l,1.00\n"])
        #expect(lines(history.report(HistoryFilter(product: "TEA"))) == ["A Green Tea 100 g: 300000 300000"])
        #expect(lines(history.report(HistoryFilter(changedOnly: true))) == ["A Rice 1 kg: 20000 22000"])
        #expect(lines(history.report(HistoryFilter(list: "B"))) == ["B Oat 1 l: 10000 10000"])
        let filtered = history.report(HistoryFilter(changedOnly: true))
        #expect(filtered.counts.products == 3 && filtered.counts.shown == 1)
        let keyed = try self.history(["A,42,Rice,1,kg,2.00\nA,420,Rice,1,kg,2.00\n"], keyed: true)
        #expect(lines(keyed.report(HistoryFilter(product: "42"))) == ["A Rice [42] 1 kg: 20000"])
    }

    @Test func aSnapshotIsDatedOneWayOrRefused() throws {
        #expect(SnapshotDate.inName("reports/prices-2026-01-04.json") == ["2026-01-04"])
        #expect(SnapshotDate.inName("2026-01-04/prices.csv") == [])  // the file's own name only
        #expect(SnapshotDate.inName("x12026-01-04.csv") == [])
        #expect(SnapshotDate.inName("2023-02-29.csv") == [])
        #expect(SnapshotDate.inName("2024-02-29.csv") == ["2024-02-29"])
        #expect(try SnapshotDate.date(file: "a-2026-01-04.json", given: nil, asOf: "2026-01-04") == "2026-01-04")
        #expect(try SnapshotDate.date(file: "a.json", given: "2026-02-01", asOf: "2026-01-04") == "2026-02-01")
        #expect(throws: SnapshotDateError.self) { try SnapshotDate.date(file: "a-2026-01-04.json", given: nil, asOf: "2026-01-11") }
        #expect(throws: SnapshotDateError.self) { try SnapshotDate.date(file: "2026-01-04-to-2026-01-11.csv", given: nil, asOf: nil) }
        #expect(throws: SnapshotDateError.self) { try SnapshotDate.date(file: "week.csv", given: nil, asOf: nil) }
        #expect(throws: SnapshotDateError.self) { try SnapshotDate.date(file: "week.csv", given: "2026-13-01", asOf: nil) }
    }

    /// A product resized leaves its old size: a new product of that name and size later is a
    /// new product (as `per diff` says of it), not the resized one.
    @Test func aResizedProductLeavesItsOldSizeToANewProduct() throws {
        let report = try history(["L,A,1,l,2.00\n", "L,A,1.5,l,2.70\n", "L,A,1.5,l,2.70\nL,A,1,l,2.10\n"]).report()
        #expect(lines(report) == ["L A 1 l: - - 21000", "L A 1.5 l: 20000 18000 18000"])
        #expect(report.counts.ambiguous == 0 && report.counts.products == 2)
    }

    /// A week whose sheet has no key column (or an older report) is matched by name and size
    /// against the products with keys, one to one, as `per diff` does.
    @Test func aWeekWithoutKeysIsMatchedByNameAndSize() throws {
        let history = PriceHistory()
        try history.add(try sheet("A,1,Milk,1,l,1.00\nA,2,Oat,1,l,2.00\n", keyed: true), date: "2026-01-01", file: "a.csv")
        try history.add(try sheet("A,Milk,1,l,1.05\nA,Oat,1,l,2.00\n"), date: "2026-01-08", file: "b.csv")
        try history.add(try sheet("A,1,Milk,1,l,1.10\nA,2,Oat,1,l,2.00\n", keyed: true), date: "2026-01-15", file: "c.csv")
        let report = history.report()
        #expect(lines(report) == ["A Milk [1] 1 l: 10000 10500 11000", "A Oat [2] 1 l: 20000 20000 20000"])
    }

    /// A unit whose worth depends on the measure (`fl oz`) gives a product one identity in a
    /// sheet and in the JSON report written from it.
    @Test func aSheetAndItsReportGiveAProductOneIdentity() throws {
        let weeks = ["A,Soda,12,fl oz,1.00\nA,Soda,16,fl oz,1.20\n", "A,Soda,12,fl oz,1.10\nA,Soda,16,fl oz,1.20\n"]
        let history = PriceHistory()
        try history.add(try sheet(weeks[0]), date: "2026-01-01", file: "a.csv")
        let json = try Sheets.write(try Sheets.rank("list,name,quantity,unit,price\n" + weeks[1]), .json)
        try history.add(try Snapshot(json: Array(json.utf8), file: "b.json"), date: "2026-01-08", file: "b.json")
        #expect(history.report().counts.products == 2)
    }

    /// Most weeks list most products in last week's rank order, and each is guessed from it
    /// before the hash table; the guess must never change what is matched: prices shuffled
    /// among 200 products (every rank moves) give each product its own series.
    @Test func productsAreMatchedWhateverTheirRanksDo() throws {
        var rng = SplitMix(state: 7)
        let prices = (0..<200).map { 100 + $0 }
        var weeks = [prices]
        for _ in 0..<3 { weeks.append(weeks.last!.shuffled(using: &rng)) }
        weeks.append(prices)  // back to the first week's order after three shuffles
        let sheets = weeks.map { week in week.enumerated().map { "L,P\($0.offset),1,kg,\(String(format: "%d.%02d", $0.element / 100, $0.element % 100))\n" }.joined() }
        let report = try history(sheets).report()
        let expected = (0..<200).map { product in
            "L P\(product) 1 kg: " + weeks.map { String($0[product] * 100) }.joined(separator: " ")
        }.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(lines(report) == expected)
        #expect(report.counts.products == 200)
    }

    /// Issue 30: a report written before (4 decimals) then the sheets after (12): the same pack
    /// price and size is no change, however each was rounded.
    @Test func aReportOfFourDecimalsThenSheetsIsNoChange() throws {
        let old = #"{"schema_version": 1, "lists": [{"name": "A", "per": "kg", "products": [{"name": "Ground", "rank": 1, "quantity": 12, "unit": "oz", "price": 7.49, "unit_price": 22.0168, "best": true}]}]}"#
        let history = PriceHistory()
        try history.add(try Snapshot(json: Array(old.utf8), file: "old.json"), date: "2026-01-04", file: "old.json")
        try history.add(try sheet("A,Ground,12,oz,7.49\n"), date: "2026-01-11", file: "w1.csv")
        try history.add(try sheet("A,Ground,12,oz,7.99\n"), date: "2026-01-18", file: "w2.csv")
        let report = history.report()
        let ground = try #require(report.lists.first?.products.first)
        #expect(ground.points.count == 2, "the sheet's 22.016831250196 is the report's 22.0168")
        // The first point takes the sheet's exact figure: the rise is reckoned from it. (Before:
        // from the report's 22.0168.)
        guard case .priced(let first, _, _) = ground.points[0].observation else { Issue.record("not priced"); return }
        #expect(first.digits.hasPrefix("22016831250196"), "\(first.digits)")
    }
}
