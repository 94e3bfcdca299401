@testable import PerKit
import Testing

/// A price cell that says what it is per (`PricePerBasis`): what a shop sells by weight is priced
/// so (`$3.99/lb`, `2,89/kg`), and what it sells by the piece (`$2.79 each`).
@Suite struct PricePerBasisTests {
    static func products(_ sheet: ValidatedSheet) -> [String] {
        sheet.products.indices.map { index in
            let product = sheet.products[index]
            return "\(String(decoding: sheet.name(of: product), as: UTF8.self)) \(product.quantity.text) \(product.price.text)"
        }
    }

    /// A price per a basis is that amount at that price, whatever the name says (its `250g` is
    /// what one pack may weigh; the shop charges by the kg). They were "not a number" and the
    /// rows rejected.
    @Test func aPricePerABasisIsThatAmountAtThatPrice() throws {
        let sheet = try Sheets.validate("""
            name;price
            Kurkku Suomi;2,89/kg
            Tomaatti 250g;4,00/kg
            Ham;0,99 €/100 g
            Apples;1,99 per kg

            """, file: "kg.csv")
        #expect(Self.products(sheet) == ["Kurkku Suomi 1 2.89", "Tomaatti 250g 1 4.00", "Ham 100 0.99", "Apples 1 1.99"])
        #expect(sheet.counts.rejected == 0)
    }

    /// `each` after a price is one pack's price: one pack of the name's size, or one item when
    /// the row gives no size.
    @Test func aPriceEachIsOnePacksPrice() throws {
        let sheet = try Sheets.validate("""
            name,price
            Plums 1 kg,$2.79 each
            Avocado,$1.49 each
            Cherries,$7.99/lb

            """, file: "each.csv")
        #expect(Self.products(sheet) == ["Plums 1 kg 1 2.79", "Avocado 1 1.49", "Cherries 1 7.99"])
    }

    /// A size is never a price per its unit, nor is a cell of two figures: the row stays rejected,
    /// as before.
    @Test func sizesAndCellsOfTwoFiguresAreNoPricePerABasis() throws {
        let sheet = try Sheets.validate("""
            name,price
            Oats,500 g
            Rice,1/2 kg
            Beef 2 lb,$6.98 ($3.49/lb)
            Milk 1 l,1.09

            """, file: "two.csv")
        #expect(Self.products(sheet) == ["Milk 1 l 1 1.09"])
        #expect(sheet.counts.rejected == 3)
    }
}
