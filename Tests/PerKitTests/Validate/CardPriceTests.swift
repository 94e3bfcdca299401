@testable import PerKit
import Testing

/// Loyalty-card prices as shelves and exports write them: a card column's cell is a price, or a
/// price and words that only say it is a card's; anything else is no card price.
@Suite struct CardPriceTests {
    static func cards(_ csv: String, options: SheetOptions = SheetOptions()) throws -> [String] {
        let sheet = try Sheets.validate(csv, options: options)
        return sheet.products.indices.map { index in
            let product = sheet.products[index]
            return "\(String(decoding: sheet.name(of: product), as: UTF8.self)) \(sheet.facts[index].cardPrice?.text ?? "-")"
        }
    }

    /// Words after the price are read only when they name the card and nothing else: `per kg`
    /// is a unit price, `off` an amount off, and neither is what a card holder pays. (Before:
    /// `£2.10 per kg` and `£1.50 off` were shown as card prices.)
    @Test func onlyACardsOwnLabelIsReadAfterThePrice() throws {
        let csv = """
            name,size,unit,price,Clubcard Price
            A,1,kg,£2.40,£2.10 Clubcard Price
            B,1,kg,£2.40,£2.10 per kg
            C,1,kg,£2.40,£1.50 off
            D,1,kg,£2.40,£2 off with Clubcard
            E,1,kg,£2.40,1.99 with Lidl Plus

            """
        #expect(try Self.cards(csv).sorted() == ["A 2.10", "B -", "C -", "D -", "E 1.99"])
    }

    /// A card deal in the promotion column (`Any 2 for £2 Clubcard Price`) is no sale: the row
    /// is ranked at its price and the card price is not shown; with `--card` the row is rejected,
    /// saying per reads a card's price, not its deals. (Before: rejected either way, "the deal
    /// has a price that does not read".)
    @Test func aCardDealInThePromotionColumnIsNoSale() throws {
        let csv = """
            name,size,unit,price,promotion
            Biscuits,300,g,£1.20,Any 2 for £2 Clubcard Price
            Tea,100,g,£2.00,£1.50

            """
        let sheet = try Sheets.validate(csv)
        #expect(sheet.counts.rejected == 0, "\(sheet.rejections)")
        #expect(sheet.products.map(\.price.text).sorted() == ["1.20", "1.50"])
        var card = SheetOptions()
        card.ranksCardPrices = true
        let carded = try Sheets.validate(csv, options: card)
        #expect(carded.rejections.map(\.reason) == [
            "the card price \"Any 2 for £2 Clubcard Price\" is a deal or a discount: per reads a card's price for one pack, not its deals",
        ])
    }

    /// `85p` on a card (or any price) is 85 pence. (Before: £85, through the label rule.)
    @Test func penceOnACardAreHundredths() throws {
        let csv = """
            name,size,unit,price,Clubcard Price
            A,1,kg,£1.20,85p

            """
        #expect(try Self.cards(csv) == ["A 0.85"])
    }

    /// A card price in the promotion column (`£2.10 Clubcard Price`) is the card's, not a sale
    /// and not a problem of the row. (Before: the row was rejected, "is not a number".)
    @Test func aCardPriceInThePromotionColumnIsTheCards() throws {
        let csv = """
            name,size,unit,price,promotion
            A,1,kg,£2.40,£2.10 Clubcard Price
            B,1,kg,£2.40,£2.00

            """
        let sheet = try Sheets.validate(csv)
        #expect(sheet.counts.rejected == 0, "\(sheet.rejections)")
        #expect(try Self.cards(csv).sorted() == ["A 2.10", "B -"])
        #expect(sheet.products.map(\.price.text).sorted() == ["2.00", "2.40"])
        var card = SheetOptions()
        card.ranksCardPrices = true
        let carded = try Sheets.validate(csv, options: card)
        #expect(carded.products.map(\.price.text).sorted() == ["2.00", "2.10"], "\(carded.rejections) \(carded.products.map(\.price.text))")
    }
}
