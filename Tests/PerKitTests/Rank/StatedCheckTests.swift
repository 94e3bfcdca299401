@testable import PerKit
import Testing

/// The shop's stated unit price against per's exact one (`StatedCheck`).
@Suite struct StatedCheckTests {
    func verdict(stated: ExactDecimal, price: ExactDecimal, grams: ExactDecimal, per basis: ExactDecimal = "1000",
                 approximate: Bool = false, other: ExactDecimal? = nil, otherIsListed: Bool = false) -> StatedVerdict {
        StatedCheck.verdict(stated: stated, basis: basis, unitPrice: UnitPrice(price: price, quantity: grams, factor: "1"), price: price,
                            approximate: approximate, otherSize: other, otherIsListed: otherIsListed)
    }

    /// Half the last digit plus 0.5% of the figure, exactly at the edge: 100 per kg allows
    /// 0.5 + 0.5; 101 agrees, 101.0001 does not.
    @Test func theToleranceIsTheFiguresRoundingPlusHalfAPercent() {
        #expect(verdict(stated: "100", price: "101", grams: "1000").agrees)
        #expect(verdict(stated: "100", price: "99", grams: "1000").agrees)
        #expect(!verdict(stated: "100", price: "101.0001", grams: "1000").agrees)
        #expect(!verdict(stated: "100", price: "98.9999", grams: "1000").agrees)
        // 11.04 per kg: 11.04 ± (0.005 + 0.0552).
        #expect(verdict(stated: "11.04", price: "1.49", grams: "135").agrees)  // 11.037...
        #expect(!verdict(stated: "11.04", price: "1.49", grams: "140").agrees)  // 10.642...
        // Per 100 g: the basis is the figure's.
        #expect(verdict(stated: "0.61", price: "4.29", grams: "708", per: "100").agrees)
    }

    @Test func theLikelyCause() {
        // The quantity column's rounded 140 g gives the figure, the name's 135 g was ranked.
        #expect(verdict(stated: "10.64", price: "1.49", grams: "135", other: "140", otherIsListed: true).cause == .listedSize)
        #expect(verdict(stated: "33.22", price: "2.99", grams: "10", per: "1000", other: "90").cause == .nameSize)
        #expect(verdict(stated: "4.99", price: "4.99", grams: "800").cause == .packPrice)
        #expect(verdict(stated: "8730", price: "3.49", grams: "400").cause == .factor1000)
        #expect(verdict(stated: "0.873", price: "3.49", grams: "400").cause == .factor10)
        #expect(verdict(stated: "873", price: "3.49", grams: "400").cause == .factor100)
        #expect(verdict(stated: "9.99", price: "3.49", grams: "400", approximate: true).cause == .approximateSize)
        #expect(verdict(stated: "9.99", price: "3.49", grams: "400").cause == nil)
    }
}

/// Flagged products are ranked, and never their list's best value (`Ranker`, `Plausibility`).
@Suite struct FlaggedRankingTests {
    /// The 501 kg challah: flagged, ranked first by its unit price, but "Best value" and the
    /// percentages are measured from the best unflagged product; it shows how much less.
    @Test func aFlaggedProductDoesNotSetTheBestValue() throws {
        let report = try Sheets.rank("""
            name,quantity,price
            Challah,708x708.0g,4.29
            White,675g,2.99
            Baguette,250g,1.19
            Rye,500g,2.49
            Sourdough,800g,4.99
            """)
        let entries = report.entries(of: report.lists[0])
        #expect(entries.map(\.name) == ["Challah", "White", "Baguette", "Rye", "Sourdough"])
        #expect(entries.map(\.rank) == [1, 2, 3, 4, 5])
        #expect(entries.map(\.isBest) == [false, true, false, false, false])
        #expect(entries[0].flags.names == ["unit_price_outlier", "pack_count_is_size"])
        #expect(entries[0].isCheaperThanBest)
        #expect(entries[2].percentMore(decimals: 1) == .small(75))  // 4.76 / 4.4296 - 1
        #expect(entries[0].percentMore(decimals: 1) == .small(998))  // 99.8% less
        let csv = try Sheets.write(report, .csv)
        #expect(csv.contains("Challah,501264.0,g,4.29,0.008558364455,kg,-99.8,unit_price_outlier;pack_count_is_size\n"))
        let markdown = try Sheets.write(report, .markdown)
        #expect(markdown.contains("| 1 | Challah | 501264.0 g | 4.29 | 0.01 | ⚑ >99% less |"))
        #expect(markdown.contains("| 2 | White | 675 g | 2.99 | 4.43 | Best value |"))
    }

    /// When every product of a list is flagged, its first is the best value, marked.
    @Test func whenEveryProductIsFlaggedTheFirstIsBest() throws {
        let report = try Sheets.rank("name,quantity,price\nA,60x60g,1\nB,70x70g,1\n")
        let entries = report.entries(of: report.lists[0])
        #expect(entries.map(\.isBest) == [true, false])
        #expect(try Sheets.write(report, .markdown).contains("| ⚑ Best value |"))
    }

    /// The outlier rule at its edges: exactly 20 times the median is inside, more is out (each
    /// with evidence: the shop's figure disagrees); a list of four has no median for it.
    @Test func theOutlierRuleIsExact() throws {
        var options = SheetOptions()
        options.columns[.statedUnitPrice] = "shop"
        let edge = Ranker.rank(try Sheets.validate(
            "name,quantity,price,shop\nA,1kg,1,\nB,1kg,1,\nC,1kg,1,\nD,1kg,1,\nE,1kg,20,2\nF,1kg,20.01,2\nG,1kg,0.05,5\nH,1kg,0.0499,5\n",
            options: options))
        let flagged = edge.entries(of: edge.lists[0]).filter { $0.flags.contains(.unitPriceOutlier) }.map(\.name)
        #expect(flagged == ["H", "F"])
        let small = try Sheets.rank("name,quantity,price\nA,1kg,1\nB,1kg,1\nC,1kg,1\nD,1kg,100\n")
        #expect(!small.hasFlags)
    }
}
