@testable import PerKit
import Testing

/// Shops' exports read with no options: sale columns of zeros, a price column named `MPC (EUR)`,
/// a unit column that holds whole sizes, a whole shop in one file.
@Suite struct ExportReadingTests {
    static func products(_ sheet: ValidatedSheet) -> [String] {
        sheet.products.indices.map { index in
            let product = sheet.products[index]
            let regular = sheet.facts[index].regularPrice.map { " (regular \($0.text))" } ?? ""
            return "\(String(decoding: sheet.name(of: product), as: UTF8.self)) \(product.quantity.text) \(product.price.text)\(regular)"
        }
    }

    static let croatian = """
        naziv;neto količina;jedinica mjere;MPC (EUR);cijena za jedinicu mjere (EUR);MPC za vrijeme posebnog oblika prodaje (EUR);kategorija proizvoda
        Mlijeko 1 l;1;l;1,09;1,09;0;Hrana
        Kava 500 g;0,5;kg;5,99;11,98;0,00;Hrana
        Sir 250 g;0,25;kg;3,49;13,96;2,99;Hrana
        Sok 1 l;1;l;1,79;1,79;1,79;Piće
        Čaj 20 kom;20;kom;2,49;0,12;;Hrana
        Keks 200 g;0,2;kg;1,29;6,45;1,49;Hrana

        """

    /// A sale column of `0` or `0.00` is no sale; equal to the regular price, no sale; above it,
    /// flagged; a row without a sale is ranked at its regular price. (Before: "the sale price
    /// 0 is zero" rejected every row without a promotion.)
    @Test func aSaleOfZeroIsNoSale() throws {
        let sheet = try Sheets.validate(Self.croatian, file: "cjenik.csv")
        #expect(sheet.counts.rejected == 0, "\(sheet.rejections)")
        #expect(Self.products(sheet) == ["Mlijeko 1 l 1 1.09", "Kava 500 g 0.5 5.99", "Sir 250 g 0.25 2.99 (regular 3.49)",
                                         "Sok 1 l 1 1.79", "Čaj 20 kom 20 2.49", "Keks 200 g 0.2 1.49 (regular 1.29)"])
        let report = Ranker.rank(sheet)
        #expect(report.flaggedProducts().map { "\($0.name) \($0.flag)" } == ["Keks 200 g sale_above_regular"])
    }

    /// A sale below a tenth of the regular price is flagged (a slipped decimal point, `0.199`
    /// for `1.99`, is likelier than 90% off) and loses best value; half price is no flag.
    @Test func aSaleBelowATenthOfTheRegularPriceIsFlagged() throws {
        let report = try Sheets.rank("""
            name,quantity,unit,price,sale price
            Sok,1,l,1.99,0.199
            Voda,1,l,1.99,0.99
            Mlijeko,1,l,1.29,

            """)
        #expect(report.flaggedProducts().map { "\($0.name) \($0.flag)" } == ["Sok sale_far_below_regular"])
        #expect(report.entries(of: report.lists[0]).first { $0.isBest }?.name == "Voda")
    }

    /// `MPC (EUR)` is the price, and the sale column is never taken for it. (Before: the sale
    /// column became the price and every row without a sale was "the price is empty".)
    @Test func theRegularPriceColumnIsThePriceWhateverItsAbbreviation() throws {
        let sheet = try Sheets.validate(Self.croatian, file: "cjenik.csv")
        let layout = try #require(sheet.products.first.map { _ in sheet })
        #expect(layout.counts.ranked == 6)
        #expect(sheet.products.first?.price == ExactDecimal(significand: 109, scale: 2))
    }

    /// A shop's category column is no list a person made: each dimension is ranked apart, and
    /// nothing is mismatched. (Before: most rows of a whole-shop export were mismatches.)
    @Test func aShopsCategoriesAreRankedADimensionAtATime() throws {
        let sheet = try Sheets.validate(Self.croatian, file: "cjenik.csv")
        #expect(sheet.counts.mismatched == 0)
        #expect(Set(sheet.lists.map(\.name)) == ["Hrana (volume)", "Hrana (mass)", "Hrana (count)", "Piće"])
        var keep = SheetOptions()
        keep.splitDimensions = false
        #expect(try Sheets.validate(Self.croatian, file: "cjenik.csv", options: keep).counts.mismatched == 4)
    }

    static let lidl = """
        NAZIV,ŠIFRA,NETO_KOLIČINA,JEDINICA_MJERE,MALOPRODAJNA_CIJENA,CIJENA_ZA_JEDINICU_MJERE,KATEGORIJA_PROIZVODA
        Mineralna voda,7,1.5,"1,5l",0.45,0.3,Piće
        Sir gauda,10,0.2,200g,1.99,9.95,Hrana
        Flaster,28901,0.023,20komad,0.89,0.04,Kozmetika
        Pileći filet,5607,1,ca. 500g,7.39,7.39,Hrana
        Sladoled,99,0.49,1l,3.99,,Hrana

        """

    /// A unit column that holds the whole size beside a quantity column of numbers: read as that
    /// size when the two agree (`1.5` and `1,5l`, `0.2` kg and `200g`); when they do not, the
    /// shop's stated unit price decides if it agrees with one of them; else the row is refused
    /// with both. (Before: every row was "the unit 1,5l is unknown".)
    @Test func aUnitColumnOfWholeSizesIsSettledAgainstTheQuantity() throws {
        let sheet = try Sheets.validate(Self.lidl, file: "lidl.csv")
        #expect(Self.products(sheet) == ["Mineralna voda 1.5 0.45", "Sir gauda 200 1.99", "Flaster 20 0.89", "Pileći filet 1 7.39"])
        #expect(sheet.rejections.map(\.reason) == [
            "the quantity \"0.49\" and the unit column's \"1l\" are two sizes that disagree, and no stated unit price says which is "
                + "right; fix the row, or read one column for every row (--column quantity=HEADER)",
        ])
    }

    /// Two files of one list name, one split by dimension and one not, are one list.
    @Test func aListNameIsOneListWhicheverWayItsFilesAreRead() throws {
        let report = Ranker.rank(try Sheets.validate([
            ("d1/aldi.csv", "name,quantity,price\nMilk,1 l,1.00\n"),
            ("d2/aldi.csv", "list,name,quantity,price\naldi,Juice,1 l,2.00\n"),
        ]))
        #expect(report.lists.map(\.name) == ["aldi"])
        #expect(report.lists.first.map { report.entries(of: $0).count } == 2)
    }

    /// A title line above the header (`Preisliste Filiale 123;;;`) is passed, and said.
    @Test func aTitleAboveTheHeaderIsPassed() throws {
        let sheet = try Sheets.validate("Preisliste Filiale 123 - Stand 01.05.2025;;;\nArtikelbezeichnung;Inhalt;Einheit;Verkaufspreis\n"
                                        + "Haferflocken;500;g;0,89\nKaffee Crema;1;kg;14,99\n")
        #expect(sheet.counts.ranked == 2)
        #expect(sheet.products.first?.line == 3)
        #expect(sheet.notes.first?.description.contains("a title line above the header, passed") == true, "\(sheet.notes)")
    }

    /// A unit column's size in litres beside the quantity in millilitres is one size.
    @Test func aQuantityInMillilitresBesideLitresAgrees() throws {
        let sheet = try Sheets.validate("Naziv;Kolicina;Jedinica;Cijena\nVoda;1500;1,5l;0,45\nSok;1000;1l;1,29\nMlijeko;500;0,5l;0,89\n")
        #expect(sheet.counts.ranked == 3, "\(sheet.rejections)")
    }
}
