@testable import PerKit
import Testing

/// The rules a row alone decides (`RowRules`).
@Suite struct RowRulesTests {
    /// A count of pieces is whole: half an item is no size (Croatian lists write `0,0800 kom`
    /// for an 80 g pack sold by the piece), while a dozen may be fractional when it makes
    /// whole items.
    @Test func aCountOfPiecesMustBeWhole() throws {
        let sheet = try Sheets.validate("""
            name,quantity,unit,price
            eggs,1.5,dozen,3
            eggs,0.25,dozen,1
            eggs,0.1,dozen,1
            sausage,"0,0800",kom,"2,19"
            tea bags,20.0,each,2
            wipes,60.02,ko,4.99
            """)
        #expect(sheet.counts.ranked == 3)
        #expect(sheet.rejections.map(\.reason) == [
            "the size 0.1 \"dozen\" is not a whole number of items; a count of pieces must be whole",
            "the size 0.0800 \"kom\" is not a whole number of items; a count of pieces must be whole",
            "the size 60.02 \"ko\" is not a whole number of items; a count of pieces must be whole",
        ])
        #expect(sheet.rejections.map(\.source.line) == [4, 5, 7])
    }

    /// With sizes from names, and with other problems: every problem is named.
    @Test func aFractionalCountInANameIsNamedWithTheOtherProblems() throws {
        var options = SheetOptions()
        options.sizeFromName = true
        let sheet = try Sheets.validate("name,price\nLemons 2.5 pcs,\nLimes 3 pcs,1\n", options: options)
        #expect(sheet.rejections.map(\.reason) == [
            "the size 2.5 \"pcs\" is not a whole number of items; a count of pieces must be whole; the price is empty",
        ])
        #expect(sheet.counts.ranked == 1)
    }
}
