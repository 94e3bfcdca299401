@testable import PerKit
import Testing

/// Stated-unit-price cells as shops write them (`StatedUnitPriceReader`).
@Suite struct StatedUnitPriceReaderTests {
    func read(_ cell: String, _ dimension: PerKit.Dimension = .mass, mark: NumberReader.Mark? = nil,
              statedPer: [PerKit.Dimension: StatedBasis] = [:], currency: Currency? = nil) -> String {
        let reader = StatedUnitPriceReader(numbers: NumberReader(forced: mark, allowsCurrency: true), units: .standard, statedPer: statedPer)
        var bytes = Array(cell.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            switch reader.read(UnsafeBufferPointer(buffer), dimension: dimension, currency: currency) {
            case .success(let figure?):
                guard let amount = figure.amount else { return "\(figure.value.text)" }
                return "\(figure.value.text) per \(amount.text) \(UnitTable.standard[Int(figure.unit)].symbol)"
            case .success(nil): return "none"
            case .failure(let failure): return "\(failure)"
            }
        }
    }

    @Test func figuresWithAndWithoutTheirBasis() {
        #expect(read("8.98") == "8.98")
        #expect(read("  ") == "none")
        #expect(read("$0.61/100g") == "0.61 per 100 g")
        #expect(read("$2.75 /100g") == "2.75 per 100 g")
        #expect(read("25¢/100ml", .volume) == "0.25 per 100 ml")
        #expect(read("1,99 €/kg", mark: .comma) == "1.99 per 1 kg")
        #expect(read("1.99 EUR per kg") == "1.99 per 1 kg")
        #expect(read("€ 3.20 / 1 l", .volume) == "3.20 per 1 l")
    }

    /// Several figures: the last per a unit of the product's dimension counts.
    @Test func severalFiguresInOneCell() {
        #expect(read("$3.49 ea.$1.15 /100g") == "1.15 per 100 g")
        #expect(read("$3.49 ea.$1.15 /100g", .count) == "3.49 per 1 each")
        #expect(read("$1.15 /100g", .volume) == "otherDimension")
        #expect(read("2/$5.50") == "notAFigure")  // a multi-buy price: no unit after the slash
        #expect(read("12 / 24") == "notAFigure")
        #expect(read("abc") == "notAFigure")
        #expect(read("0") == "notAFigure")
    }

    /// Forms a trial found misread: two-word units, cents as words, grouped thousands, a basis
    /// before the figure, currency words; and cells that must not read: a basis per does not
    /// know, a negative figure.
    @Test func formsShopsWriteAndFormsThatReadNoWay() {
        #expect(read("$0.06/fl oz", .volume) == "0.06 per 1 US fl oz")
        #expect(read("$0.06/US fl oz", .volume) == "0.06 per 1 US fl oz")
        #expect(read("119 Cent/l", .volume) == "1.19 per 1 l")
        #expect(read("12,5 ct/100 ml", .volume, mark: .comma) == "0.125 per 100 ml")
        #expect(read("1 299,00/kg", mark: .comma) == "1299.00 per 1 kg")
        #expect(read("12'990.00 CHF/kg") == "12990.00 per 1 kg")
        #expect(read("per kg 9.99") == "9.99 per 1 kg")
        #expect(read("4,98 Euro/kg", mark: .comma) == "4.98 per 1 kg")
        #expect(read("Grundpreis: 2.49 €/1kg") == "2.49 per 1 kg")
        #expect(read("12000/t") == "notAFigure")
        #expect(read("0,17 €/m", .count, mark: .comma) == "notAFigure")
        #expect(read("-2,49 €/kg", mark: .comma) == "notAFigure")
    }

    /// A figure in another currency than the product's price cannot be compared: not read. `$`
    /// is any dollar; a cell naming two currencies reads no way.
    @Test func aFigureInAnotherCurrencyIsNotRead() {
        let euro = Currency(code: "EUR")
        #expect(read("$1.19/kg", currency: euro) == "otherCurrency")
        #expect(read("1,19 CHF/kg", mark: .comma, currency: euro) == "otherCurrency")
        #expect(read("1,19 €/kg", mark: .comma, currency: euro) == "1.19 per 1 kg")
        #expect(read("EUR 1.19/kg", currency: euro) == "1.19 per 1 kg")
        #expect(read("$1.19/kg", currency: Currency(code: "USD")) == "1.19 per 1 kg")
        #expect(read("1.19 €/kg ($1.30/kg)") == "otherCurrency")
        #expect(read("Neuro 1.19/kg") == "1.19 per 1 kg")
    }

    /// `--stated-per` gives a bare figure its basis.
    @Test func aBareFigureTakesTheStatedPer() {
        let per = StatedBasis.parse("100g", units: .standard)!
        #expect(read("0.61", statedPer: [per.dimension: per.basis]) == "0.61 per 100 g")
        #expect(read("0.61", .volume, statedPer: [per.dimension: per.basis]) == "0.61")
    }

    /// A file without the stated column states none, beside one that has it; a weighed item's
    /// figure is checked; an empty cell of the stated-per column leaves the figure not read.
    @Test func filesAndRowsWithoutAStatedFigure() throws {
        var options = SheetOptions()
        options.columns[.statedUnitPrice] = "shop"
        options.splitDimensions = true
        let sheet = try Sheets.validate([("a.csv", "name,quantity,price,shop\nMilk,1 l,1.19,1.19\n"),
                                         ("b.csv", "name,quantity,price\nMilk,1 l,1.09\n")], options: options)
        let report = Ranker.rank(sheet)
        #expect(report.statedCounts.map { "\($0.agree)/\($0.stated)" } == ["1/1", "0/0"])
        var receiptOptions = options
        receiptOptions.columns[.statedUnitPrice] = "Grundpreis"
        let receipt = Ranker.rank(try Sheets.validate("Artikel;Menge;Einzelpreis;Betrag;Grundpreis\nTomaten;0,5 kg;3,00;1,50;9,99\n",
                                                      options: receiptOptions))
        #expect(receipt.statedCounts.map { "\($0.agree)/\($0.stated)" } == ["0/1"])
        var perColumn = options
        perColumn.columns[.statedUnitPrice] = "unit_price"
        perColumn.columns[.statedPer] = "unit_measure"
        let empty = try Sheets.validate("name,size,price,unit_price,unit_measure\nOat milk,1L,3.00,0.30,\n", options: perColumn)
        #expect(empty.facts.statedUnreadable == [1])
    }

    /// The stated column's decimal mark is read from its own values: `1.49 €/kg` beside prices
    /// of `1,49` makes `1.500 €/kg` one and a half, not fifteen hundred.
    @Test func theStatedColumnsDecimalMarkIsItsOwn() throws {
        var options = SheetOptions()
        options.columns[.statedUnitPrice] = "Grundpreis"
        let report = Ranker.rank(try Sheets.validate("Artikel;Menge;Preis;Grundpreis\nZucker;1 kg;1,49;\"1.49 €/kg\"\nReis;1 kg;1,50;\"1.500 €/kg\"\n",
                                                     options: options))
        #expect(report.statedCounts.map { "\($0.agree)/\($0.stated)" } == ["2/2"])
    }
}
