@testable import PerKit
import Testing

/// Issue 30: a unit price far from its list's median is flagged `unit_price_outlier` only with
/// evidence of an error (`Plausibility`, `OutlierEvidence`).
@Suite struct PlausibilityTests {
    func outliers(_ report: RankedReport) -> [String] {
        report.lists.flatMap { report.entries(of: $0) }.filter { $0.flags.contains(.unitPriceOutlier) }.map(\.name)
    }

    /// Konzum's broad `HRANA` list: a cabbage at 0.59 per kg and saffron at 10,640 per kg are far
    /// from the median but right; with nothing to say otherwise, the cabbage is the best value.
    @Test func aCheapStapleInABroadListKeepsBestValue() throws {
        let report = try Sheets.rank("""
            name,quantity,price
            KUPUS SVJEŽI,1 kg,0.59
            KRUMPIR 5 kg,5 kg,3.99
            ČOKOLADA MILKA 100 g,100 g,1.49
            KAVA FRANCK 250 g,250 g,4.29
            SIR GAUDA 400 g,400 g,5.99
            ŠUNKA 100 g,100 g,1.99
            AZAFRAN 0,375g,0.375 g,3.99
            """)
        #expect(outliers(report) == [])
        let entries = report.entries(of: report.lists[0])
        #expect(entries[0].name == "KUPUS SVJEŽI")
        #expect(entries[0].isBest)
    }

    /// Evidence of an error: the product is about 10 (100, 1000) times cheaper or dearer than
    /// products alike in name (the same first two words) whose unit prices lie close together.
    @Test func aFactorOfTenAgainstAlikeProductsIsEvidence() throws {
        let report = try Sheets.rank("""
            name,quantity,price
            Milka Alpine Milk,850 g,1.49
            Milka Alpine Milk,100 g,1.49
            Milka Alpine Milk,250 g,3.99
            Saffron threads,1 g,8.99
            Vanilla pods,10 g,4.99
            Pepper whole,20 g,5.99
            Cinnamon sticks,20 g,5.59
            """)
        #expect(outliers(report) == ["Milka Alpine Milk"])
        let flagged = report.flaggedProducts().filter { $0.flag == "unit_price_outlier" }
        #expect(flagged.first?.reason.contains("about a tenth of what 2 products alike in name (\"milka alpine...\") cost, median 14.9000 per kg") == true)
        // Alike products far apart (a brand's lipstick and its mascara) are no evidence.
        let spread = try Sheets.rank("""
            name,quantity,price
            Milka Alpine Milk,850 g,1.49
            Milka Alpine Milk,100 g,1.49
            Milka Alpine Milk,250 g,19.99
            Saffron threads,1 g,8.99
            Vanilla pods,10 g,4.99
            Pepper whole,20 g,5.99
            Cinnamon sticks,20 g,5.59
            """)
        #expect(outliers(spread) == [])
    }

    /// Products alike in name are evidence only when the product's pack price or size is
    /// theirs (a slipped size, or a slipped price): fleur de sel is about 100 times the coarse
    /// salt per kg, but neither its price nor its size is theirs: another product, not an error.
    /// (Before: flagged `unit_price_outlier`.)
    @Test func alikeProductsAreEvidenceOnlyForASlip() throws {
        let salt = try Sheets.rank("""
            name,quantity,price
            SOL MORSKA krupna 1 kg,1 kg,0.89
            SOL MORSKA fleur de sel 125 g,0.125 kg,8.99
            SOL MORSKA sitna 1 kg,1 kg,0.99
            BRAŠNO 1 kg,1 kg,0.69
            ŠEĆER 1 kg,1 kg,0.99
            RIŽA 1 kg,1 kg,1.49
            TJESTENINA 500 g,0.5 kg,0.99
            """)
        #expect(outliers(salt) == [])
    }

    /// The shop's stated unit price: agreeing, it clears a far-out product; disagreeing, it is
    /// evidence. Without one, another flag on the size (a pack count equal to its amount) is
    /// evidence too.
    @Test func theShopsFigureAndSuspectSizesDecide() throws {
        var options = SheetOptions()
        options.columns[.statedUnitPrice] = "shop"
        let report = Ranker.rank(try Sheets.validate("""
            name,quantity,price,shop
            Cabbage,1 kg,0.59,0.59
            Onions,1 kg,0.69,6.90
            Challah,708x708.0g,4.29,
            Coffee,250 g,4.29,
            Cheese,400 g,5.99,
            Ham,100 g,1.99,
            Chocolate,100 g,1.49,
            OLIVES 235 G,125 kg,2.19,0.02
            Tea,100 g,2.99,
            Pepper,20 g,5.49,
            Saffron,1 g,8.99,
            """, options: options))
        #expect(outliers(report) == ["Challah", "Onions"])
        // Plodine's olives: the shop's figure agrees with its own wrong column; the name's size
        // flags it, not the median.
        let olives = report.lists.flatMap { report.entries(of: $0) }.first { $0.name == "OLIVES 235 G" }
        #expect(olives?.flags.names == ["name_size_disagrees"])
        let reasons = report.flaggedProducts().filter { $0.flag == "unit_price_outlier" }.map(\.reason)
        #expect(reasons.contains { $0.hasSuffix("and its size is suspect (its other flag)") })
        #expect(reasons.contains { $0.hasSuffix("and the shop's stated unit price disagrees") })
    }

    @Test func aPowerOfTenWithinAQuarter() {
        func price(_ cents: UInt128) -> UnitPrice { UnitPrice(price: ExactDecimal(significand: UInt64(cents), scale: 2),
                                                              quantity: ExactDecimal(significand: 1, scale: 0),
                                                              factor: ExactDecimal(significand: 1, scale: 0)) }
        #expect(Plausibility.powerOfTen(price(100), against: price(1000)) == 10)
        #expect(Plausibility.powerOfTen(price(100), against: price(1250)) == 10)
        #expect(Plausibility.powerOfTen(price(100), against: price(1251)) == nil)
        #expect(Plausibility.powerOfTen(price(100), against: price(800)) == 10)
        #expect(Plausibility.powerOfTen(price(100), against: price(799)) == nil)
        #expect(Plausibility.powerOfTen(price(100000), against: price(100)) == 1000)
        #expect(Plausibility.powerOfTen(price(100), against: price(300)) == nil)
    }
}
