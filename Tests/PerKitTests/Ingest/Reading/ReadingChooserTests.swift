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
    /// which agree with the shop's own figures, are read instead, at the pack's price, though
    /// they leave the loose produce unread.
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
            // Loose produce, sold by the kg, with no size in its name: the derived columns read
            // it, the names do not.
            rows.append("R\(round) BANANAS LOOSE,0.68,(68p / kg),0.68,1.0,kg,0.68,kg")
            rows.append("R\(round) APPLES LOOSE,2.00,(£2.00 / kg),2.0,1.0,kg,2.0,kg")
        }
        let sheet = try Sheets.validate(rows.joined(separator: "\n") + "\n", file: "scrape.csv")
        #expect(Self.products(sheet).prefix(3) == ["R0 ALE 500ML 500 2.10", "R0 CIDER 330ML 330 1.65", "R0 OATS 1KG 1 1.40"])
        let report = Ranker.rank(sheet)
        #expect(report.statedCounts.reduce(StatedCount(), +).agree == 32, "every figure agrees at the name's size")
    }

    /// A stated figure in pence (`68p / kg`, as British shops write it) is 0.68 per kg.
    @Test func aFigureInPenceIsAHundredthOfThePound() throws {
        let reader = StatedUnitPriceReader(numbers: NumberReader(likely: .point, allowsCurrency: true), units: .standard, statedPer: [:])
        let cell = Array("(68p / kg)".utf8)
        let figure = try cell.withUnsafeBufferPointer { try reader.read($0, dimension: .mass).get() }
        #expect(figure?.value == ExactDecimal(significand: 68, scale: 2))
    }

    /// A few rows do not overrule a header that reads: five rows whose names' sizes agree with
    /// the shop's figures more often than the quantity column's still read as the header says
    /// (and the disagreements are flagged, as `docs/checking.md` shows).
    @Test func fewRowsDoNotOverruleAHeaderThatReads() throws {
        let sheet = try Sheets.validate("""
            name;quantity;unit;price;price per kg
            Pašteta 135g;0,14;kg;1,49;11,04
            Slanina narezak 90g;0,09;kg;1,99;22,11
            Kava mljevena 250 g;0,25;kg;3,99;1,60
            Čokolada 85 g;0,8500;kg;1,29;15,18
            Sol morska 1 kg;1;kg;0,59;0,59

            """, file: "checks.csv")
        // The names' reading would rank `Čokolada 85 g` at 85 g and `Kava mljevena 250 g` at 250 g.
        #expect(Self.products(sheet).filter { $0.hasPrefix("Čokolada") || $0.hasPrefix("Kava") } == ["Kava mljevena 250 g 0.25 3.99", "Čokolada 85 g 0.8500 1.29"])
    }

    /// A column of unit codes whose header per does not know (`cd`: `L`, `G`, `KG`, `EA`) beside
    /// a column of amounts (`amt`): the file had no size column and was refused. The rows say
    /// which: the amounts in those units agree with the shop's figures on every row.
    @Test func aColumnOfUnitCodesBesideTheAmountsIsFoundByTheRows() throws {
        let sheet = try Sheets.validate(Self.codes(["desc", "amt", "cd", "retail", "ur"], eggs: true), file: "codes.csv")
        #expect(sheet.counts.rejected == 0, "\(sheet.rejections)")
        #expect(Self.products(sheet).prefix(3) == ["Milk 0 1 1.09", "Coffee 0 500 5.99", "Tea 0 100 2.00"])
    }

    /// The size and the unit price read either way round agree alike (price ÷ amount = unit
    /// price, price ÷ unit price = amount): packs come in round sizes, unit prices worked out to
    /// the cent do not, so the round column is the size, whichever stands first.
    @Test func ofTwoColumnsThatAgreeEitherWayTheRoundOneIsTheSize() throws {
        let sheet = try Sheets.validate(Self.codes(["desc", "ur", "cd", "amt", "retail"], eggs: false), file: "codes.csv")
        #expect(Self.products(sheet).prefix(3) == ["Milk 0 1 1.09", "Coffee 0 500 5.99", "Tea 0 100 2.00"])
    }

    /// Four rounds of eight products (seven without the eggs) in the given column order, from
    /// `desc`, `amt`, `cd`, `retail` and `ur` (the unit price per l, kg or item).
    static func codes(_ order: [String], eggs: Bool) -> String {
        let items: [(String, String, String, String, String)] = [
            ("Milk", "1", "L", "1.09", "1.09"), ("Coffee", "500", "G", "5.99", "11.98"), ("Tea", "100", "G", "2.00", "20.00"),
            ("Juice", "1.5", "L", "2.25", "1.50"), ("Eggs", "12", "EA", "3.60", "0.30"), ("Rice", "1", "KG", "1.80", "1.80"),
            ("Oil", "750", "ML", "4.50", "6.00"), ("Beans", "400", "G", "0.80", "2.00"),
        ]
        var lines = [order.joined(separator: ",")]
        for round in 0..<4 {
            for (name, amount, unit, price, unitPrice) in items where eggs || name != "Eggs" {
                let cells = ["desc": "\(name) \(round)", "amt": amount, "cd": unit, "retail": price, "ur": unitPrice]
                lines.append(order.map { cells[$0]! }.joined(separator: ","))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Readings the rows would support that are still not taken: sizes that are bases, names that
/// are links.
@Suite struct ReadingsNotTakenTests {
    /// A column of `100ml`, `100g`, `1kg` beside the shop's unit price is what those prices are
    /// per, not what the packs hold (Instacart's `Unit`): read as sizes, every unit price was
    /// wrong (6.79 for 100 ml ranked at 67.90 per l, the shop's 39.90). Such a reading is never
    /// taken by the rows' evidence: each row says what it lacks instead.
    @Test func aColumnOfBasesIsNotTakenForSizes() throws {
        var rows = ["Ingredient,Price,Quantity,Unit Price,Unit"]
        for index in 0..<30 {
            let unit = ["100ml", "100g", "1kg"][index % 3]
            rows.append("Product \(index),\(index + 2).79,per pack,\(index + 1).99,\(unit)")
        }
        let sheet = try Sheets.validate(rows.joined(separator: "\n") + "\n", file: "adonis.csv")
        #expect(sheet.counts.ranked == 0)
        #expect(sheet.rejections.first?.reason == "the quantity \"per pack\" is not a number")
    }

    /// A list column a scraper never filled (`category`, empty on every row looked at) names no
    /// list: every row was rejected ("the list name is empty").
    @Test func anEmptyListColumnIsNotRead() throws {
        var rows = ["product_name,price,category"]
        for index in 0..<25 { rows.append("Pasta \(index) 500 g,\(index + 1).50,") }
        let sheet = try Sheets.validate(rows.joined(separator: "\n") + "\n", file: "promos.csv")
        #expect(sheet.counts.ranked == 25, "\(sheet.rejections.prefix(2).map(\.reason))")
    }

    /// When the header's reading fails, the names are the column its words name (`Product
    /// Name`), not the most varied text, which may be links (`Image URL`).
    @Test func theNamesAreTheHeadersNotLinks() throws {
        var rows = ["Product Name,Product ID,Price per kg,Price per unit,Image URL,Minimum Quantity"]
        for index in 0..<30 {
            let grams = 100 + 10 * index
            rows.append("Atum \(index),\(2_000_000 + index),\(grams / 100).00,\"€\(grams / 100 * 10),00/kg\",https://example.com/img/\(index).jpg?sw=280,emb. \(grams) gr")
        }
        let sheet = try Sheets.validate(rows.joined(separator: "\n") + "\n", file: "continente.csv")
        #expect(ReadingChooserTests.products(sheet).first?.hasPrefix("Atum 0 ") == true, "\(ReadingChooserTests.products(sheet).prefix(2))")
    }
}

/// A file without a header (`FirstRecord`): its first line is its first row, and its columns are
/// read by their values.
@Suite struct FileWithoutAHeaderTests {
    /// A shop's export of dates, codes, categories, names and prices per kg with no header line:
    /// every row is read, the first too. It was refused ("the header has no price column; it has
    /// "2020-12-13 18:05:35", …").
    @Test func aFileWithoutAHeaderIsReadByItsValues() throws {
        var rows: [String] = []
        let names = ["Kurkku Suomi", "Pirkka banaani", "Klementiini Bruno", "Tomaatti Suomi", "Ruisleipä 500g", "Omena Royal Gala",
                     "Porkkana 1kg", "Peruna Suomi", "Sipuli 500g", "Paprika punainen", "Kaali", "Sitruuna", "Lime", "Inkivääri",
                     "Valkosipuli", "Kiivi", "Mango", "Ananas", "Persikka", "Luumu", "Päärynä", "Rypäle", "Melooni", "Kesäkurpitsa"]
        for (index, name) in names.enumerated() {
            rows.append("2020-12-13 18:05:35;200060470\(1000 + index);Hedelmät ja vihannekset;\(name);\(index % 7 + 1),\(10 + index)/kg")
        }
        let sheet = try Sheets.validate(rows.joined(separator: "\r\n") + "\r\n", file: "kruoka.csv")
        #expect(sheet.counts.ranked == names.count, "\(sheet.rejections.map(\.reason))")
        #expect(ReadingChooserTests.products(sheet).first == "Kurkku Suomi 1 1.10")
    }

    /// A header above prices is never taken for a row: `price` holds no digits where its
    /// column's values all do.
    @Test func aHeaderIsNotARow() throws {
        let sheet = try Sheets.validate("""
            name,size,price
            Milk,1 l,1.00
            Bread,500 g,2.00
            Eggs,10 each,3.00

            """)
        #expect(sheet.counts.ranked == 3)
        #expect(ReadingChooserTests.products(sheet).first == "Milk 1 1.00")
    }
}
