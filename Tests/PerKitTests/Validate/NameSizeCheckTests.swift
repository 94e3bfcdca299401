@testable import PerKit
import Testing

/// A size in a name against the quantity column (`NameSizeCheck`), through `RowRules`.
@Suite struct NameSizeCheckTests {
    func sizes(_ rows: String, options: SheetOptions = SheetOptions()) throws -> [String] {
        var options = options
        options.splitDimensions = true
        let sheet = try Sheets.validate("name,quantity,price\n" + rows, options: options)
        return sheet.products.indices.map { index in
            let product = sheet.products[index]
            let outcome = sheet.annotations.sizes[index].map { " \($0.kind) from \($0.listedText), name \($0.nameText)" } ?? ""
            let flags = sheet.annotations.flags[index].names.joined(separator: ",")
            return "\(product.quantity) \(sheet.spellings.string(of: Int(product.spelling)))\(outcome)\(flags.isEmpty ? "" : " [\(flags)]")"
        }
    }

    /// `0.14` kg is `Pašteta 135g` rounded to the column's two decimals: the name's size is
    /// ranked. `0.01` l is not `Brandy 0,09L` rounded: nothing changes, the product is flagged.
    @Test func aNameRefinesARoundedColumnAndIsFlaggedBeyondItsRounding() throws {
        let got = try sizes("""
            Pašteta 135g,0.14 kg,1.49
            "Brandy 0,09L",0.01 l,2.99
            SLANINA NARESCI 90g DOBRO,0.10 kg,3.99
            KOLAČ BROWNIE 75g JAFFA,0.08 kg,1.25
            Half 145g,0.15 kg,1
            """)
        #expect(got == [
                "135 g refined from 0.14 kg, name 135 g",
                "0.01 l disagrees from 0.01 l, name 0.09 L [name_size_disagrees]",
                "0.10 kg disagrees from 0.10 kg, name 90 g [name_size_disagrees]",
                "75 g refined from 0.08 kg, name 75 g",
                // 145 g rounds either way to two decimals of a kg: half a step is inside.
                "145 g refined from 0.15 kg, name 145 g",
            ])
    }

    /// What is not compared: a column finer than 10 g (taken as exact), a case of the name's
    /// size (`1L` in `12 L`), a name with two sizes that differ, an approximate size, a count,
    /// and sizes that agree exactly.
    @Test func whatIsNotCompared() throws {
        let got = try sizes("""
            Pašteta 135g,0.136 kg,1
            1L DUKAT MLIJEKO,12 l,12
            Cola 2l 1.5l,1.00 l,1
            MARIN PILE CCA1.6kg,1.00 kg,6.09
            Eggs 10 kom,1 each,2
            Flour 1kg,1.00 kg,1
            """)
        #expect(got == ["0.136 kg", "12 l", "1.00 l", "1.00 kg", "1 each", "1.00 kg"])
    }

    /// A trial's cases: sizes in brackets are sizes (two that differ: not compared), and a cell
    /// that lost a trailing zero (`0.1` kg beside `60g`) gets no more than 5 g of slack.
    @Test func bracketsAndLostZeros() throws {
        let got = try sizes("Cola E 2l (1.5l),1.50 l,2\nSardina 90 g (bruto 125 g),0.13 kg,1\nPasteta B (135 g),0.14 kg,1.49\n"
                            + "Pasteta tuna 60g,0.1 kg,1\nBrasno 600g,1 kg,1\n")
        #expect(got == [
            "1.50 l", "0.13 kg", "135 g refined from 0.14 kg, name 135 g",
            "0.1 kg disagrees from 0.1 kg, name 60 g [name_size_disagrees]",
            "1 kg disagrees from 1 kg, name 600 g [name_size_disagrees]",
        ])
    }

    /// `--no-refine-sizes` keeps the column's size, and still flags a disagreement.
    @Test func refiningCanBeTurnedOff() throws {
        var options = SheetOptions()
        options.refinesSizes = false
        let got = try sizes("Pašteta 135g,0.14 kg,1.49\n\"Brandy 0,09L\",0.01 l,2.99\n", options: options)
        #expect(got == [
            "0.14 kg", "0.01 l disagrees from 0.01 l, name 0.09 L [name_size_disagrees]",
        ])
    }

    /// A stated unit price that agrees with a pack count equal to its amount (59 bars of 59 g)
    /// takes the flag away; one that disagrees keeps it.
    @Test func aStatedUnitPriceThatAgreesConfirmsThePackCount() throws {
        var options = SheetOptions()
        options.columns[.statedUnitPrice] = "shop"
        let report = Ranker.rank(try Sheets.validate("name,quantity,price,shop\nBars,59x59.0g,96.38,$2.77/100g\nChallah,708x708.0g,4.29,$0.61/100g\n",
                                                     options: options))
        let flags = report.entries(of: report.lists[0]).map { "\($0.name) \($0.flags.names)" }
        #expect(flags == ["Challah [\"pack_count_is_size\", \"stated_unit_price_disagrees\"]", "Bars []"])
    }

    /// A pack count equal to the amount it multiplies is flagged; other pack counts are not.
    @Test func aPackCountEqualToItsSizeIsFlagged() throws {
        let got = try sizes("Challah,708x708.0g,4.29\nGingerbread,250x250.0g,5.99\nCola,6x330ml,4\nOne,1x1 kg,1\nCola 2,2x2 l,3.49\nTea,20x20g,2\n")
        #expect(got == [
            "501264.0 g [pack_count_is_size]", "62500.0 g [pack_count_is_size]", "1980 ml", "1 kg", "4 l", "400 g",
        ])
    }
}
