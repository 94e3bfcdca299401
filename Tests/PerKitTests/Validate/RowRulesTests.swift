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

    /// Words after a size's unit say what the pack is (`1.89L Almond Milk`, `4 L bag`, `240g /
    /// Boxed Cookies`): the size is read by the unit they start with. Digits after it, or words
    /// that are no unit, still reject the row.
    @Test func wordsAfterASizeAreNotPartOfItsUnit() throws {
        var options = SheetOptions()
        options.splitDimensions = true
        let sheet = try Sheets.validate("""
            name,quantity,price
            Almond,1.89L Almond Milk,4.99
            Milk bag,4 L bag,6.29
            Cookies,240g / Boxed Cookies,3.49
            Oil,1 fl oz bottle,1.00
            Mix,60g (20gx3),2.00
            Junk,12 parsecs wide,1
            """, options: options)
        #expect(sheet.products.map { "\($0.quantity) \(sheet.spellings.string(of: Int($0.spelling)))" }
            == ["1.89 L", "4 L", "240 g", "1 fl oz"])
        #expect(sheet.rejections.map(\.source.line) == [6, 7])
    }

    /// Words after a unit that say which unit it is (`pint UK`, `64 OZ FLUID`, `gal US`), or a
    /// second unit of mass or volume, make the size read two ways: the row is refused, not read
    /// as the bare unit. A count word says what the size is of (`35g each`).
    @Test func wordsThatQualifyAUnitAreNotDropped() throws {
        var options = SheetOptions()
        options.splitDimensions = true
        let sheet = try Sheets.validate("""
            name,quantity,price
            A,1 pint UK,1
            B,1 pt imperial,1
            C,1 gal US,1
            D,64 OZ FLUID,1
            E,12 oz fl,1
            F,1 kg lb,1
            G,35g each,1
            """, options: options)
        #expect(sheet.rejections.map(\.source.line) == [2, 3, 4, 5, 6, 7])
        #expect(sheet.products.map { "\($0.quantity) \(sheet.spellings.string(of: Int($0.spelling)))" } == ["35 g"])
    }

    /// A regular price written that is no number beside a sale price rejects the row (it was
    /// ranked at the sale price, the regular price dropped without a word); an empty one does not.
    @Test func aRegularPriceThatIsNoNumberBesideASalePriceRejectsTheRow() throws {
        let sheet = try Sheets.validate("name,quantity,unit,price,sale price\nOlive oil,1,l,abc,6.99\nSun,1,l,,2.49\n")
        #expect(sheet.rejections.map(\.reason) == ["the price \"abc\" is not a number"])
        #expect(sheet.counts.ranked == 1)
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

    /// A deal whose packs together pass 18 digits, or whose price reckoned from the single
    /// price does, is rejected with a sentence that says so; a deal's price of too many digits
    /// says it in words. (Before: an empty reason; "the row gives none" beside a single price;
    /// "(tooManyDigits)", a Swift name.)
    @Test func aDealPastEighteenDigitsIsRejectedWithASentence() throws {
        let sheet = try Sheets.validate("""
            name,quantity,unit,price,promotion
            A,999999999999999999,g,2.00,2 for 3.00
            B,1,kg,99999999999999999.9,2+1 gratis
            C,1,kg,2 for 99999999999999999999,

            """)
        #expect(sheet.counts.ranked == 0)
        #expect(sheet.rejections.map(\.reason) == [
            "the deal \"2 for 3.00\" takes 2 packs of 999999999999999999 g, together more than 18 digits, more than per holds exactly: check the size",
            "the deal \"2+1 gratis\" at 99999999999999999.9 a pack costs more than 18 digits hold, more than per holds exactly: check the price",
            "the deal \"2 for 99999999999999999999\" has a price that does not read (more than 18 digits): per reads `2 for 5.00`, `2/$7.00`, `2+1 gratis`, `second half price`",
        ])
    }

    /// A deal that saves nothing (`Any 2 for 4.00` read on its cheapest item, a 2.00 pack) is no
    /// deal, as a sale at the regular price is no sale: the row is one pack at its single price.
    /// A deal that saves keeps its packs, and its single price beside them. (Before: the row was
    /// ranked as the deal's two packs with no single price, which a basket then could not buy
    /// singly and a report did not show.)
    @Test func aDealThatSavesNothingIsOnePackAtItsSinglePrice() throws {
        let sheet = try Sheets.validate("""
            name,quantity,unit,price,promotion
            Flour A,1,kg,2.00,Any 2 for 4.00
            Flour B,1,kg,2.50,Any 2 for 4.00

            """)
        #expect(sheet.counts.ranked == 2)
        #expect(sheet.products.map { "\($0.quantity) \($0.price)" } == ["1 2.00", "2 4.00"])
        #expect(sheet.products.indices.map { sheet.facts[$0].deal?.text ?? "-" } == ["-", "2 for 4.00"])
        #expect(sheet.products.indices.map { sheet.facts[$0].regularPrice?.text ?? "-" } == ["-", "5.00"])
    }
}

/// Receipts: how many packs a row bought, what one pack cost, weighed items, and lines that
/// are no product.
@Suite struct ReceiptRowsTests {
    func products(_ sheet: ValidatedSheet) -> [String] {
        sheet.products.map { product in
            "\(String(decoding: sheet.name(of: product), as: UTF8.self)) \(product.count)x \(product.quantity) \(product.price)"
        }
    }

    /// The receipt of the issue: two bottles of milk for 1.98 are 0.99 per l, two packs of
    /// butter for 4.58 are 9.16 per kg, read from the header alone.
    @Test func aQuantityOfWholeNumbersBesideNamesWithSizesCountsPacks() throws {
        var options = SheetOptions()
        options.splitDimensions = true
        let sheet = try Sheets.validate("Item,Qty,Total\nWhole Milk 1 l,2,1.98\nButter 250 g,2,4.58\n", file: "receipt.csv", options: options)
        #expect(products(sheet) == ["Whole Milk 1 l 2x 2 1.98", "Butter 250 g 2x 500 4.58"])
        #expect(sheet.notes.count == 1)
        #expect(sheet.notes.first?.description.contains("; \"Qty\" holds whole numbers and the file has no unit column: read as how many packs each "
                                + "row bought, each pack's size from the end of its name (as --column count=Qty --size-from-name "
                                + "would); --column quantity=Qty reads it as sizes instead; --list-from-name ranks each product (its name without its "
                                + "size) on its own") == true, "\(sheet.notes)")
        let report = Ranker.rank(sheet)
        let csv = try Sheets.write(report, .csv)
        #expect(csv.contains(",1,Whole Milk 1 l,2,l,2,1,1.98,,0.9900,l,0.0,\n"))
        #expect(csv.contains(",1,Butter 250 g,500,g,2,250,4.58,,9.1600,kg,0.0,\n"))
    }

    /// Where the quantity could be a size, it stays one: a unit column, a value equal to the
    /// name's size, a value past 999, a decimal, or names without sizes.
    @Test func aQuantityThatCouldBeASizeIsNotReadAsCounts() throws {
        for csv in ["Item,Qty,Unit,Total\nMilk 1 l,2,l,1.98\n", "Item,Qty,Total\nMilk 500 ml,500,1.98\n",
                    "Item,Qty,Total\nMilk 1 l,1000,1.98\n", "Item,Qty,Total\nMilk 1 l,1.5,1.98\n",
                    "Item,Qty,Total\nMilk,2,1.98\nBread,1,2.49\n"] {
            let sheet = try Sheets.validate(csv)
            #expect(!sheet.notes.contains { $0.description.contains("read as how many packs") }, "\(csv)")
            #expect(!sheet.readsReceipts, "\(csv)")
        }
    }

    /// A pack price and a line total must agree to half a cent; a weighed item's pack price is
    /// per unit of its weight.
    @Test func packPriceAndTotalAgreeOrTheRowIsRejected() throws {
        var options = SheetOptions()
        options.splitDimensions = true
        let sheet = try Sheets.validate("""
            Artikel;Menge;Einzelpreis;Betrag
            Vollmilch 1 l;2;0,99;1,98
            Butter 250 g;2;2,29;4,48
            Bananen;0,732 kg;1,49;1,09
            Kaffee 500 g;3;8,99;
            """, options: options)
        #expect(products(sheet) == ["Vollmilch 1 l 2x 2 1.98", "Bananen 0x 0.732 1.09"])
        #expect(sheet.rejections.map(\.reason) == [
            "the price 4.48 is not 2 × the pack price 2.29 (4.58); which is right?",
            "the price is empty",
        ])
    }

    /// With only a pack price, a row costs count × pack price, exactly.
    @Test func withoutATotalARowCostsCountTimesPackPrice() throws {
        var options = SheetOptions()
        options.columns = [.count: "n", .packPrice: "each"]
        options.splitDimensions = true
        let sheet = try Sheets.validate("name,n,each\nEggs 10 pcs,3,2.19\nPears,1.25 kg,2.40\n", options: options)
        #expect(products(sheet) == ["Eggs 10 pcs 3x 30 6.57", "Pears 0x 1.25 3.0000"])
    }

    /// Counts are whole, positive packs; `2 Stk` and `2,000 vnt.` are two.
    @Test func aCountIsAWholeNumberOfPacks() throws {
        var options = SheetOptions()
        options.columns = [.count: "qty", .price: "price"]
        options.units = try UnitTable(aliases: [("vnt", "each"), ("bags", "each")])
        options.splitDimensions = true
        let sheet = try Sheets.validate("""
            name;qty;price
            Milk 1 l;2 Stk;1,98
            Tea 20 bags;"2,000 vnt.";3,00
            Milk 1 l;1,5;1,49
            Milk 1 l;0;0,99
            Milk 1 l;2 parsecs;1,98
            """, options: options)
        #expect(products(sheet) == ["Milk 1 l 2x 2 1.98", "Tea 20 bags 2x 40 3.00"])
        #expect(sheet.rejections.map(\.reason) == [
            "the count \"1,5\" is not a whole number of packs (a weighed item names its unit: 0.732 kg)",
            "the count \"0\" is zero; a row that bought nothing has no unit price",
            "the unit \"parsecs\" of the count \"2 parsecs\" is unknown (per units lists the known ones)",
        ])
    }

    /// Deposits, bags and totals are no products, and a discount comes off the product right
    /// above it; a discount with none above it is rejected.
    @Test func receiptLinesThatAreNoProducts() throws {
        let sheet = try Sheets.validate("""
            Artikel;Menge;Betrag
            Vollmilch 1 l;2;1,98
            Lidl Plus Rabatt;;-0,50
            Rabatt;;-0,10
            Pfand;1;0,25
            Rabatt;;-0,20
            Tragetasche;1;0,20
            Summe;;2,33
            MwSt 7%;;0,15
            """)
        #expect(products(sheet) == ["Vollmilch 1 l 2x 2 1.38"])
        #expect(sheet.facts.indices(with: .discount).map { sheet.facts[$0].discount!.text } == ["0.60"])
        #expect(sheet.notProducts.map(\.reason) == [
            "a discount of 0.50 off the product on line 2", "a discount of 0.10 off the product on line 2",
            "a deposit, not a product", "a bag, not a product", "a subtotal or total line, not a product", "a tax line, not a product",
        ])
        #expect(sheet.rejections.map(\.reason) == [
            "a discount of 0.20 with no product right above it to take it off (is the item above rejected or mismatched?)",
        ])
        let counts = sheet.counts
        #expect(counts.rows == counts.ranked + counts.mismatched + counts.rejected + counts.notProducts)
        #expect(counts.notProducts == 6)
    }

    /// A discount whose name states a percentage comes off the item above only when it is that
    /// share of its price (REWE's `Mitarbeiterrabatt5%` is 5% of the whole receipt); one in
    /// another currency never does.
    @Test func aDiscountMustFitTheItemAbove() throws {
        var options = SheetOptions()
        options.columns = [.price: "subTotal", .count: "amount"]
        options.splitDimensions = true
        let sheet = try Sheets.validate("""
            name,subTotal,amount
            RINDERSTEAK 400G,12.99,1
            Mitarbeiterrabatt5%,-0.85,1
            HACK 500G,5.99,1
            Rabatt 5 %,-0.30,1
            Milk 1 l,EUR 1.09,1
            Coupon,USD -0.40,1
            """, options: options)
        #expect(products(sheet) == ["RINDERSTEAK 400G 1x 400 12.99", "HACK 500G 1x 500 5.69", "Milk 1 l 1x 1 1.09"])
        #expect(sheet.rejections.map(\.reason) == [
            "a discount of 0.85 named 5% is not 5% of the price 12.99 of the product on line 2 (a discount on the whole receipt "
                + "is not taken off one item)",
            "a discount of 0.40 in USD cannot come off the product on line 6, in EUR",
        ])
    }

    /// Beside a count, a column titled `Price` may be one pack's price or what the row cost: a
    /// row of more than one pack reads two ways and is rejected until an option says which.
    @Test func aPriceBesideACountReadsTwoWays() throws {
        let csv = "Item,Qty,Price\nWhole Milk 1 l,2,1.09\nWhole Milk 2 l,1,1.99\n"
        let sheet = try Sheets.validate(csv)
        #expect(products(sheet) == ["Whole Milk 2 l 1x 2 1.99"])
        #expect(sheet.rejections.map(\.reason) == [
            "the price \"1.09\" for \"2\" reads two ways: one pack's price, or what the row cost? --column pack-price=Price "
                + "or --column price=Price says which",
        ])
        #expect(sheet.notes.first?.description.contains("\"Price\" may be one pack's price or what the row cost") == true)
        var options = SheetOptions()
        options.columns = [.packPrice: "Price"]
        #expect(products(try Sheets.validate(csv, options: options)) == ["Whole Milk 1 l 2x 2 2.18", "Whole Milk 2 l 1x 2 1.99"])
        options.columns = [.price: "Price"]
        #expect(products(try Sheets.validate(csv, options: options)) == ["Whole Milk 1 l 2x 2 1.09", "Whole Milk 2 l 1x 2 1.99"])
    }

    /// A header that is the field's own name, `pack-price` or `pack price`, is that field.
    @Test func aPackPriceHeaderByItsOwnName() throws {
        for title in ["pack-price", "Pack price", "pack_price"] {
            let sheet = try Sheets.validate("name,count,\(title),price\nMilk 1 l,2,1.50,2.00\nMilk 2 l,2,1.00,2.00\n")
            #expect(products(sheet) == ["Milk 2 l 2x 4 2.00"], "\(title)")
            #expect(sheet.rejections.map(\.reason) == ["the price 2.00 is not 2 × the pack price 1.50 (3.00); which is right?"])
        }
    }

    /// A row named like a total, tax, bag or deposit line whose size is written but does not
    /// read is a product with a problem, not a line to set aside; a weighed item of nothing says so.
    @Test func aReceiptWordWithABrokenSizeIsARejectedRow() throws {
        var options = SheetOptions()
        options.receipts = true
        let sheet = try Sheets.validate("name,quantity,unit,price\nTotal Cereal,abc,g,3.99\nBag of Rice,1-2,kg,2\nMilk,1,l,1.09\n",
                                        options: options)
        #expect(sheet.notProducts.isEmpty)
        #expect(sheet.rejections.map(\.source.line) == [2, 3])
        let zero = try Sheets.validate("Item,Count,Total\nBananas,0 kg,1.00\n")
        #expect(zero.rejections.map(\.reason) == ["the count \"0 kg\" is zero; a row that bought nothing has no unit price"])
    }

    /// On a price sheet (no count, no pack price) a row without a size is rejected whatever
    /// its name: `Zanahoria Tierna Bolsa` is carrots, not a bag.
    @Test func aPriceSheetHasNoReceiptLines() throws {
        var options = SheetOptions()
        options.sizeFromName = true
        let sheet = try Sheets.validate("name,price\nZanahoria Tierna Bolsa,0.89\nTotal,-1.00\n", options: options)
        #expect(sheet.notProducts.isEmpty)
        #expect(sheet.counts.rejected == 2)
    }

    /// `--list-from-name`: one list per product whatever its size, case and blanks.
    @Test func listsFromNamesFoldCaseAndBlanksAndDropTheSize() throws {
        var options = SheetOptions()
        options.listFromName = true
        let sheet = try Sheets.validate("Item,Qty,Total\nWhole Milk 1 l,2,1.98\nwhole  milk 2L,1,1.79\n\"WHOLE MILK, 1,5 l\",1,1.49\nButter 250 g,1,2.29\n",
                                        options: options)
        #expect(sheet.lists.map(\.name) == ["Whole Milk", "Butter"])
        #expect(sheet.products.map(\.list) == [0, 0, 0, 1])
        var withColumn = options
        withColumn.columns = [.list: "shop"]
        let shops = try Sheets.validate("shop,name,quantity,unit,price\nAldi,Milk 1 l,1,l,0.99\nLidl,milk,2,l,1.89\nAldi,MILK,1,l,1.05\n",
                                        options: withColumn)
        #expect(shops.lists.map(\.name) == ["Aldi / Milk", "Lidl / milk"])
    }

    /// With `--split-dimensions` too, a list is shown as the first row of its dimension writes
    /// it, wherever the batches are cut (a blank record before the header moves the cut).
    @Test func aSplitListFromNamesIsShownAsItsFirstRowWritesIt() throws {
        var options = SheetOptions()
        options.listFromName = true
        options.splitDimensions = true
        let rows = (0..<(StreamedIngest.recordsPerBatch - 2)).map { "Item \($0),1,kg,1.00\n" }.joined()
        for before in ["", ",,,\n"] {
            let sheet = try Sheets.validate(before + "name,quantity,unit,price\n" + rows + "MILK,1,kg,1.00\nMilk,1,l,1.00\n", options: options)
            #expect(sheet.lists.suffix(2).map(\.name) == ["MILK (mass)", "Milk (volume)"], "\(before.debugDescription)")
        }
    }

    /// A quantity of 0 beside a unit cell that holds a whole size (Lidl's `0` beside `10komad`)
    /// gives no quantity, as an empty cell does: the unit cell's size is the row's. A 0 beside
    /// a bare unit is still a size of nothing.
    @Test func aZeroQuantityBesideAWholeSizeIsNoQuantity() throws {
        let sheet = try Sheets.validate("""
            name,quantity,unit,price
            Jaja,0,10komad,1.59
            Mlijeko,0,l,0.99
            Voda,1.5,"1,5l",0.45
            """)
        #expect(sheet.products.map { "\($0.quantity) \(sheet.spellings.string(of: Int($0.spelling)))" } == ["10 komad", "1.5 l"])
        #expect(sheet.rejections.map(\.source.line) == [3])
    }
}
