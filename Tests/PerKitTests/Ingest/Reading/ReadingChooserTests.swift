@testable import PerKit
import Testing

/// Whole readings tried against the file's own rows (`ReadingChooser`): when the header's words
/// leave a file unread or read it against the shop's own unit prices, the reading the rows
/// support is taken, and said.
@Suite struct ReadingChooserTests {
    static func products(_ sheet: ValidatedSheet) -> [String] {
        sheet.products.indices.map { index in
            let product = sheet.products[index]
            return "\(String(decoding: sheet.name(of: product), as: UTF8.self)) \(product.quantity.text) \(product.price.text)"
        }
    }

    /// `price_unit` (the pack's price) and `price_per_kg` could each be the shop's unit price by
    /// their words: the file was refused. The rows say which: the price per kg is the pack
    /// price over the size on every row.
    @Test func twoColumnsThatCouldEachBeTheUnitPriceAreDecidedByTheRows() throws {
        let sheet = try Sheets.validate("""
            product_name,unit_size,measure,price_unit,price_per_kg
            Oats,500,g,1.20,2.40
            Flour,1,kg,0.90,0.90
            Sugar,2,kg,2.00,1.00
            Honey,250,g,3.00,12.00
            Rice,750,g,1.80,2.40

            """, file: "shop.csv")
        #expect(Self.products(sheet) == ["Oats 500 1.20", "Flour 1 0.90", "Sugar 2 2.00", "Honey 250 3.00", "Rice 750 1.80"])
        let report = Ranker.rank(sheet)
        #expect(report.statedCounts.reduce(StatedCount(), +).agree == 5)
    }

    /// A scraper's columns derived from the shop's unit price (`1.0`, `kg` and `0.68` beside the
    /// shop's `(68p / kg)`) agree with each other whatever the pack is: the sizes in the names,
    /// which agree with the shop's own figures, are read instead, at the pack's price.
    @Test func derivedColumnsThatAgreeOnlyWithEachOtherLoseToTheNamesSizes() throws {
        var rows = ["product_name,item_price_num,volume_price,unit_price,no_units,units,std_price,std_unit"]
        let packs: [(String, String, String, String, String, String)] = [
            ("ALE 500ML", "2.10", "(£4.20 / litre)", "4.2", "1.0", "l"),
            ("CIDER 330ML", "1.65", "(£5.00 / litre)", "5.0", "1.0", "l"),
            ("OATS 1KG", "1.40", "(£1.40 / kg)", "1.4", "1.0", "kg"),
            ("HONEY 340G", "3.40", "(£1.00 / 100g)", "1.0", "100.0", "g"),
            ("TEA 250G", "2.50", "(£1.00 / 100g)", "1.0", "100.0", "g"),
            ("RICE 2KG", "3.00", "(£1.50 / kg)", "1.5", "1.0", "kg"),
            ("MILK 2L", "1.30", "(65p / litre)", "0.65", "1.0", "l"),
            ("BEANS 400G", "0.60", "(15p / 100g)", "0.15", "100.0", "g"),
        ]
        for round in 0..<4 {
            for (name, price, stated, unitPrice, amount, unit) in packs {
                rows.append("R\(round) \(name),\(price),\(stated),\(unitPrice),\(amount),\(unit),\(unitPrice),\(unit)")
            }
        }
        let sheet = try Sheets.validate(rows.joined(separator: "\n") + "\n", file: "scrape.csv")
        #expect(Self.products(sheet).prefix(3) == ["R0 ALE 500ML 500 2.10", "R0 CIDER 330ML 330 1.65", "R0 OATS 1KG 1 1.40"])
        let report = Ranker.rank(sheet)
        #expect(report.statedCounts.reduce(StatedCount(), +).agree * 4 >= 32 * 3, "most figures agree at the name's size")
    }

    /// A stated figure in pence (`68p / kg`, as British shops write it) is 0.68 per kg.
    @Test func aFigureInPenceIsAHundredthOfThePound() throws {
        let reader = StatedUnitPriceReader(numbers: NumberReader(likely: .point, allowsCurrency: true), units: .standard, statedPer: [:])
        let cell = Array("(68p / kg)".utf8)
        let figure = try cell.withUnsafeBufferPointer { try reader.read($0, dimension: .mass).get() }
        #expect(figure?.value == ExactDecimal(significand: 68, scale: 2))
    }

    /// A file the header reads convincingly is read so, with no other reading tried in vain:
    /// its reading is the header's, and nothing more is said of it.
    @Test func aConvincingHeaderReadingIsKeptAndItsScoreSaid() throws {
        let path = try Sheets.temporaryFile(Array("""
            name,quantity,unit,price,unit price
            Milk,1,l,1.09,1.09
            Coffee,500,g,5.99,11.98
            Tea,100,g,2.00,20.00

            """.utf8), name: "shop.csv")
        let inspection = try SheetInspection.inspect(InputFile(path: path), options: SheetOptions(), rows: 10)
        #expect(inspection.plan.details.first { $0.hasPrefix("name ") } == "name \"name\", size \"quantity\", unit \"unit\", price \"price\", stated unit price \"unit price\"")
        #expect(!inspection.plan.details.contains { $0.hasPrefix("read by the rows' evidence") })
    }
}
