@testable import PerKit
import Testing

/// A row that gives no size takes its price over the shop's unit price when that divides exactly
/// (`SizeFromStatedPrice`): loose products listed at their price per kg, a pack whose size only
/// the unit price tells.
@Suite struct SizeFromStatedPriceTests {
    /// `15.00` beside `$15.00 / 1KG` is 1 kg, `9.60` beside `1.20 € / L` is 8 l, `1.30` beside
    /// `$1.30 / 1EA` one item; `6.79` beside `3.99 / 100ml` (170.18… ml) gives none and stays
    /// rejected, and so does a row whose name gives its own size. They were all rejected for
    /// having no size.
    @Test func aSizeIsThePriceOverTheShopsUnitPriceWhenItDividesExactly() throws {
        let sheet = try Sheets.validate("""
            Name,Price,Price per unit
            Chicken Thigh Fillet,15.00,$15.00 / 1KG
            Milk pack,9.60,1.20 € / L
            Schnitzel each,1.30,$1.30 / 1EA
            Canola Spray,6.79,$3.99 / 100ml
            Oats 500g,2.00,$4.00 / 1KG

            """, file: "loose.csv")
        #expect(ReadingChooserTests.products(sheet) == ["Chicken Thigh Fillet 1 15.00", "Milk pack 8 9.60", "Schnitzel each 1 1.30",
                                                        "Oats 500g 500 2.00"])
        #expect(sheet.rejections.map(\.source.line) == [5])
        #expect(sheet.notes.contains { $0.message.contains("3 rows give no size (first on line 2)") }, "\(sheet.notes.map(\.message))")
    }

    /// The report does not check a shop's figure against a size found from it: no verdict, and
    /// not counted among the stated figures (it agreed by construction: "3 of 3 agree").
    @Test func aSizeFromTheShopsUnitPriceIsNotCheckedAgainstIt() throws {
        let sheet = try Sheets.validate("""
            Name,Price,Price per unit
            Chicken Thigh Fillet,15.00,$15.00 / 1KG
            Milk pack,9.60,1.20 € / L
            Oats 500g,2.00,$4.00 / 1KG

            """, file: "loose.csv")
        let counts = Ranker.rank(sheet).statedCounts.reduce(StatedCount(), +)
        #expect(counts.stated == 1 && counts.agree == 1, "\(counts)")
    }
}
