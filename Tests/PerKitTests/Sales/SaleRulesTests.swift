@testable import PerKit
import Testing

/// `per sales`'s rules on made-up snapshots of one shop over 40 days (2026-01-01 to
/// 2026-02-09, day 0 to day 39): the sales judged are day 39's, whose 30 days before are
/// days 9 to 38.
@Suite struct SaleRulesTests {
    /// What a product's row says on a day: its regular price, its sale price, the shop's
    /// published 30-day low; nil for a day it is not in the list.
    struct Row {
        var price: String
        var sale: String = ""
        var low: String = ""
        var key = "101"
        var name = "Mlijeko 1 l"
    }

    static let header = "naziv,šifra,neto količina,jedinica mjere,MPC,MPC za vrijeme posebnog oblika prodaje,"
        + "Najniža cijena u posljednjih 30 dana,sidrena cijena na 2.5.2025,kategorija proizvoda\n"

    static func date(_ day: Int) -> String { (CalendarDay("2026-01-01")! + day).text }

    /// The report of the snapshots of `days` (0 to 39, all unless fewer are given), each with
    /// the rows `rows` gives for it, and a second product never on sale so that no list is empty.
    static func report(days: [Int] = Array(0..<40), _ rows: (Int) -> [Row?]) throws -> SalesReport {
        let history = SalesHistory()
        var options = SheetOptions()
        options.readsReferencePrices = true
        for day in days {
            var csv = header + "Kruh 500 g,900,0.5,kg,1.99,,,1.99,Hrana\n"
            for row in rows(day) {
                guard let row else { continue }
                csv += "\(row.name),\(row.key),1,l,\(row.price),\(row.sale),\(row.low),1.29,Hrana\n"
            }
            let snapshot = Snapshot(try Sheets.rank(csv, file: "shop-\(date(day)).csv", options: options))
            try history.add(snapshot, date: date(day), file: "shop-\(date(day)).csv")
        }
        return SalesReport(history, shop: "shop")
    }

    static func verdicts(_ report: SalesReport) -> [SaleClaim.Verdict] { report.claims.map(\.claim.verdict) }

    // MARK: 1. The shop's own columns

    @Test func aSaleNotBelowThePublishedLowIsQuestionedFromOneSnapshot() throws {
        for (sale, questioned) in [("1.19", true), ("1.29", true), ("1.09", false)] {
            let report = try Self.report(days: [39]) { _ in [Row(price: "1.49", sale: sale, low: "1.19")] }
            #expect(Self.verdicts(report) == (questioned ? [.saleNotBelowPublishedLow] : []), "sale \(sale)")
            #expect(report.products.count == 1)
            #expect(report.products.first?.kind == (questioned ? .questionable : .notEnoughHistory))
            if questioned { #expect(report.claims.first?.claim.evidence.publishedLow?.text == "1.19") }
        }
    }

    @Test func aMissingThirtyDayLowCellIsNotJudgedAndCountedApart() throws {
        // Forty days at 1.49, then a sale at 0.99 with no published low: the history's rules
        // pass, the shop's own cannot be judged.
        let report = try Self.report { day in [day == 39 ? Row(price: "1.49", sale: "0.99") : Row(price: "1.49")] }
        #expect(report.claims.isEmpty)
        #expect(report.products.first?.kind == .unjudged(.noPublishedLow))
        #expect(report.counts.unjudged[.noPublishedLow] == 1)
    }

    // MARK: 2. The published low against what per saw

    @Test func aPriceBelowThePublishedLowOnTheThirtiethDayBeforeContradictsIt() throws {
        // Day 9 is the 30th day before day 39, day 8 the 31st.
        for (cheapDay, questioned) in [(9, true), (8, false)] {
            let report = try Self.report { day in
                [day == 39 ? Row(price: "1.49", sale: "0.99", low: "1.49") : Row(price: day == cheapDay ? "1.29" : "1.49")]
            }
            let contradicted = report.claims.filter { $0.claim.verdict == .publishedLowAboveCharged }
            #expect(contradicted.count == (questioned ? 1 : 0), "1.29 on day \(cheapDay)")
            if questioned {
                #expect(contradicted.first?.claim.evidence.seenLow?.price.text == "1.29")
                #expect(contradicted.first?.claim.evidence.seenLow?.day.text == "2026-01-10")
                #expect(contradicted.first?.claim.evidence.window == DayWindow(first: CalendarDay("2026-01-10")!, last: CalendarDay("2026-02-08")!))
            } else {
                #expect(report.products.first?.kind == .passed)
            }
        }
    }

    @Test func aPublishedLowNeverChargedIsQuestionedOnlyWhenPerHasEveryDay() throws {
        let rows = { (day: Int) -> [Row?] in [day == 39 ? Row(price: "1.49", sale: "0.99", low: "1.19") : Row(price: "1.49")] }
        let full = try Self.report(rows)
        #expect(Self.verdicts(full) == [.publishedLowNotCharged])
        #expect(full.claims.first?.claim.evidence.seenLow?.price.text == "1.49")
        // Day 20 has no snapshot: the shop may have charged 1.19 then.
        let gap = try Self.report(days: (0..<40).filter { $0 != 20 }, rows)
        #expect(gap.claims.isEmpty)
        #expect(gap.products.first?.kind == .notEnoughHistory)
    }

    // MARK: 3. The sale against per's own low of the 30 days before it began

    @Test func aSaleNotBelowTheLowestPriceOfTheThirtyDaysBeforeItBeganIsQuestioned() throws {
        // The sale began on day 35 (its 30 days before: days 5 to 34); 0.99 was charged on day
        // 5 (questioned) or day 4 (not).
        for (cheapDay, questioned) in [(5, true), (4, false)] {
            let report = try Self.report { day in
                [day >= 35 ? Row(price: "1.49", sale: "0.99", low: "0.99") : Row(price: day == cheapDay ? "0.99" : "1.49")]
            }
            let claims = report.claims.filter { $0.claim.verdict == .saleNotBelowPriorLow }
            #expect(claims.count == (questioned ? 1 : 0), "0.99 on day \(cheapDay)")
            if questioned {
                #expect(claims.first?.claim.evidence.saleBegan?.text == Self.date(35))
                #expect(claims.first?.claim.evidence.seenLow?.day.text == Self.date(5))
            }
        }
    }

    @Test func aSaleThatStepsDownIsMeasuredFromTheDaysBeforeItsFirstStep() throws {
        // 1.49, but 0.99 on day 4; a sale of 1.29 from day 29, stepping down to 0.99 on day 35.
        // The 30 days before its first step (days -1 to 28) hold day 4's 0.99; the 30 days
        // before its second step (days 5 to 34) would not.
        let report = try Self.report { day in
            switch day {
            case 35...: [Row(price: "1.49", sale: "0.99", low: "0.99")]
            case 29...: [Row(price: "1.49", sale: "1.29", low: "0.99")]
            default: [Row(price: day == 4 ? "0.99" : "1.49")]
            }
        }
        let claims = report.claims.filter { $0.claim.verdict == .saleNotBelowPriorLow }
        #expect(claims.count == 1)
        #expect(claims.first?.claim.evidence.saleBegan?.text == Self.date(29))
        #expect(claims.first?.claim.evidence.seenLow?.day.text == Self.date(4))
    }

    // MARK: 4. The regular price beside the sale

    @Test func aRegularPriceNotChargedInTheThirtyDaysBeforeTheSaleIsQuestioned() throws {
        // The sale from day 35 shows 1.99 as its regular price; the shop charged 1.49, and
        // 1.99 on day 5 (the 30th day before), day 4 (the 31st), or never.
        for (dearDay, questioned) in [(5, false), (4, true), (-1, true)] {
            let report = try Self.report { day in
                [day >= 35 ? Row(price: "1.99", sale: "1.39", low: "1.49") : Row(price: day == dearDay ? "1.99" : "1.49")]
            }
            #expect(Self.verdicts(report) == (questioned ? [.regularPriceNotCharged] : []), "1.99 on day \(dearDay)")
            if questioned { #expect(report.claims.first?.claim.evidence.regularPrice?.text == "1.99") }
        }
    }

    // MARK: Products across days

    @Test func aProductAbsentSomeDaysIsJudgedFromTheDaysItWasSold() throws {
        // Not in the lists of days 10 to 20 (the shop did not sell it), 1.49 otherwise.
        let report = try Self.report { day in
            [(10...20).contains(day) ? nil : day == 39 ? Row(price: "1.49", sale: "0.99", low: "1.49") : Row(price: "1.49")]
        }
        #expect(report.claims.isEmpty)
        #expect(report.products.first?.kind == .passed)
    }

    @Test func aSaleOnSinceTheFirstSnapshotHasNotEnoughHistory() throws {
        let report = try Self.report { _ in [Row(price: "1.49", sale: "0.99")] }
        #expect(report.claims.isEmpty)
        #expect(report.products.first?.kind == .notEnoughHistory)
    }

    @Test func aKeyThatChangesStartsAProductWithNotEnoughHistory() throws {
        // The shop's code changes on day 30; the product keeps its name and size. Products are
        // matched by key (`ProductMatching`), so from day 30 it is a product per has seen for 9
        // days: nothing is judged fine from days it may have been sold under its old key.
        let report = try Self.report { day in
            let key = day < 30 ? "101" : "202"
            return [day == 39 ? Row(price: "1.49", sale: "1.29", low: "1.49", key: key)
                    : Row(price: day == 12 ? "1.19" : "1.49", key: key)]
        }
        #expect(report.claims.isEmpty)
        #expect(report.products.first?.kind == .notEnoughHistory)
    }

    @Test func everyProductOnSaleEndsInOneKind() throws {
        let report = try Self.report { day in
            day == 39 ? [Row(price: "1.49", sale: "1.49", low: "1.49", key: "1", name: "A 1 l"),
                         Row(price: "1.49", sale: "0.99", low: "1.49", key: "2", name: "B 1 l"),
                         Row(price: "1.49", sale: "0.99", key: "3", name: "C 1 l"),
                         Row(price: "1.49", sale: "0.99", low: "1.49", key: "4", name: "D 1 l")]
                : [Row(price: "1.49", key: "1", name: "A 1 l"), Row(price: "1.49", key: "2", name: "B 1 l"),
                   Row(price: "1.49", key: "3", name: "C 1 l"), day < 39 && day > 30 ? Row(price: "1.49", key: "4", name: "D 1 l") : nil]
        }
        let counts = report.counts
        #expect(counts.onSale == 4)
        #expect(counts.questionable == 1)
        #expect(counts.passed == 1)
        #expect(counts.unjudged[.noPublishedLow] == 1)
        #expect(counts.notEnoughHistory == 1)  // D, first seen on day 31
        #expect(counts.questionable + counts.passed + counts.notEnoughHistory + counts.unjudged.values.reduce(0, +) == counts.onSale)
    }
}
