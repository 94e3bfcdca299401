@testable import PerKit
import Testing

/// Stated-unit-price cells as shops write them (`StatedUnitPriceReader`).
@Suite struct StatedUnitPriceReaderTests {
    func read(_ cell: String, _ dimension: PerKit.Dimension = .mass, mark: NumberReader.Mark? = nil,
              statedPer: [PerKit.Dimension: StatedBasis] = [:]) -> String {
        let reader = StatedUnitPriceReader(numbers: NumberReader(forced: mark, allowsCurrency: true), units: .standard, statedPer: statedPer)
        var bytes = Array(cell.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            switch reader.read(UnsafeBufferPointer(buffer), dimension: dimension) {
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
        #expect(read("2/$5.50") == "several")
        #expect(read("abc") == "notAFigure")
        #expect(read("0") == "notAFigure")
    }

    /// `--stated-per` gives a bare figure its basis.
    @Test func aBareFigureTakesTheStatedPer() {
        let per = StatedBasis.parse("100g", units: .standard)!
        #expect(read("0.61", statedPer: [per.dimension: per.basis]) == "0.61 per 100 g")
        #expect(read("0.61", .volume, statedPer: [per.dimension: per.basis]) == "0.61")
    }
}
