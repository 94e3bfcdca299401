@testable import PerKit
import Testing

/// Rows that read two ways, or that look like something they are not (the third attack on per):
/// each is refused saying so, or read the one way it reads.
@Suite struct HostileRowsTests {
    static func products(_ sheet: ValidatedSheet) -> [String] {
        sheet.products.map { product in
            "\(String(decoding: sheet.name(of: product), as: UTF8.self)) \(product.quantity.text) \(sheet.spellings.string(of: Int(product.spelling)))"
        }
    }

    /// Two sizes in a name (`Beans 400 g, 240 g`, `Chocolate 100 g 2 kg`) are several sizes, as
    /// in a quantity cell; pounds and ounces are one (`1 lb 2 oz` is 18 oz). (Before: the last
    /// size was taken, `1 lb 2 oz` read as 2 oz.)
    @Test func twoSizesInANameAreRefusedOrAddedUp() throws {
        let sheet = try Sheets.validate("""
            name;price
            Cereal Crunch 1 lb 2 oz;4,99
            Beans 400 g, 240 g;1,99
            Chocolate 100 g 2 kg;3,00
            Milk 3,5% 1 l;0,99

            """, options: { var options = SheetOptions(); options.sizeFromName = true; return options }())
        #expect(Self.products(sheet) == ["Cereal Crunch 1 lb 2 oz 18 oz", "Milk 3,5% 1 l 1 l"])
        #expect(sheet.rejections.map(\.reason) == [
            "\"Beans 400 g, 240 g\" gives several sizes; a unit price needs one",
            "\"Chocolate 100 g 2 kg\" gives several sizes; a unit price needs one",
        ])
    }

    /// `Danone Pro 20g` is 20 g of protein, not the pack's size; `Whey Protein 30 g` is a pack.
    @Test func aNutrientsAmountIsNoSize() throws {
        var options = SheetOptions()
        options.sizeFromName = true
        let sheet = try Sheets.validate("name;price\nDanone Pro 20g;1,99\nWhey Protein 30 g;19,99\n", options: options)
        #expect(Self.products(sheet) == ["Whey Protein 30 g 30 g"])
        #expect(sheet.rejections.first?.reason.contains("follows \"Pro\": a nutrient's amount, not the pack's size") == true)
    }

    /// A sale price in no currency takes the regular price's; two currencies are refused. (Before:
    /// `EUR 8.99` on sale at `6.99` was ranked in a USD list, and `EUR 2.00` beside a sale of
    /// `USD 1.50` became the best value shown in USD.)
    @Test func aSalePriceKeepsTheRegularPricesCurrency() throws {
        let sheet = try Sheets.validate("""
            list,name,quantity,unit,price,sale price
            A,Tea,1,kg,USD 9.99,
            A,Coffee,1,kg,EUR 8.99,6.99
            A,Cocoa,1,kg,EUR 2.00,USD 1.50

            """)
        #expect(Self.products(sheet) == ["Tea 1 kg"])
        #expect(sheet.mismatches.map(\.name) == ["Coffee"])
        #expect(sheet.rejections.map(\.reason) == ["the price is in EUR and the sale price in USD; a unit price needs one currency"])
    }

    /// A sale price beside a count of more than one pack reads two ways, as a bare price does.
    /// (Before: 2 × 1 l at 2.00, sale 1.50, was ranked 0.75 per l.)
    @Test func aSalePriceBesideACountReadsTwoWays() throws {
        let sheet = try Sheets.validate("Item,Qty,Total,Sale price\nWhole Milk 1 l,2,2.00,1.50\nButter 250 g,1,2.29,1.99\n")
        #expect(Self.products(sheet) == ["Butter 250 g 250 g"])
        #expect(sheet.rejections.map(\.reason) == [
            "the sale price \"1.50\" for \"2\" reads two ways: one pack's price, or what the row cost? Write the row's sale price beside a "
                + "count of 1, or none",
        ])
    }

    /// A count equal to its name's size (`Cheese 200 g` bought 200 times: 40 kg for 3.00) is
    /// flagged however the count was found: named with --column count=, and past the first 64 KiB.
    @Test func aCountEqualToItsSizeIsFlaggedAnywhere() throws {
        var options = SheetOptions()
        options.columns[.count] = "Qty"
        var csv = "Item,Qty,Total\n"
        for index in 0..<3000 { csv += "Bread \(index) 500 g,1,1.\(index % 90 + 10)\n" }
        csv += "Cheese 200 g,200,3.00\n"
        let report = Ranker.rank(try Sheets.validate(csv, options: options))
        #expect(report.flaggedProducts().filter { $0.flag == "pack_count_is_size" }.map(\.name) == ["Cheese 200 g"])
    }

    /// A receipt word inside a product's name makes no line a non-product; the lines themselves
    /// still are. A product whose name has no size is rejected saying so (and counted by
    /// `--strict`), not set aside. (Before: `VAT 69 whisky` was tax, `Total Cereal` a total,
    /// `Pfandl cheese` a deposit, `Milk in a bag 3%` a bag.)
    @Test func receiptWordsInsideNamesAreProducts() throws {
        let sheet = try Sheets.validate("""
            Item,Qty,Total
            VAT 69 whisky,1,14.99
            Total Cereal,1,3.49
            Tax free chocolate,1,1.29
            Pfandl cheese,1,2.99
            Suma de frutas,1,1.19
            Milk in a bag 3%,1,0.89
            Einweg Pfand,1,0.25
            Pop.pirk.maišelis,1,0.20
            Summe EUR,,24.29
            MwSt 19%,,3.88

            """, options: { var options = SheetOptions(); options.columns[.count] = "Qty"; return options }())
        #expect(sheet.rejections.map(\.source.line) == [2, 3, 4, 5, 6, 7])
        #expect(sheet.notProducts.map(\.kind) == [.deposit, .bag, .total, .tax])
    }

    /// A receipt joined with `cat` has its header twice (after a byte-order mark too): the second
    /// is the header again, and `Qty` is still read as counts. (Before: the second header made
    /// the sniff give up on counts for the whole file, and after a mark it was a rejected row.)
    @Test func aHeaderRepeatedByCatIsTheHeaderAgain() throws {
        let receipt = "Item,Qty,Total\nWhole Milk 1 l,2,1.98\nButter 250 g,2,4.58\n"
        let joined = Array(receipt.utf8) + FileParser.utf8ByteOrderMark + Array(receipt.utf8)
        var options = SheetOptions()
        options.splitDimensions = true
        let validator = Validator(files: [InputFile(path: "joined.csv")], options: options)
        try PriceSheetReader(options: options).read(chunks: [joined], as: InputFile(path: "joined.csv"), into: validator)
        let sheet = validator.finish()
        #expect(sheet.counts.ranked == 4, "\(sheet.counts) \(sheet.rejections) \(sheet.notes)")
        #expect(sheet.counts.rejected == 0)
        #expect(sheet.notProducts.map(\.kind) == [.header])
        #expect(Self.products(sheet).first == "Whole Milk 1 l 2 l")
    }

    /// `1 000 g` in a quantity cell is a thousand grams, its digits grouped as numbers' are.
    /// (Before: "the unit 000 g is unknown".)
    @Test func digitsGroupedByBlanksInASize() throws {
        let sheet = try Sheets.validate("name,quantity,price\nFlour,1 000 g,1.99\nSugar,1 500 g,2.49\n")
        #expect(Self.products(sheet) == ["Flour 1000 g", "Sugar 1500 g"])
    }
}
