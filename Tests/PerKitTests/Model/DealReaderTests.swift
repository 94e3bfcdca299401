@testable import PerKit
import Testing

/// Issue 30: multi-buy deals in a price or promotion cell (`DealReader`).
@Suite struct DealReaderTests {
    static let reader = DealReader(numbers: NumberReader(allowsCurrency: true))

    func read(_ text: String) -> String {
        let bytes = Array(text.utf8)
        switch bytes.withUnsafeBufferPointer({ Self.reader.read($0) }) {
        case nil: return "no deal"
        case .success(let deal)?: return "\(deal.count) packs: \(deal.text)\(deal.currency.map { " \($0.code)" } ?? "")"
        case .failure(let failure)?: return "fails: \(failure)"
        }
    }

    @Test(arguments: [
        ("2/$7.00", "2 packs: 2 for 7.00 $"),
        ("2/7.49", "2 packs: 2 for 7.49"),
        ("2 for 5.00", "2 packs: 2 for 5.00"),
        ("2 for $5", "2 packs: 2 for 5 $"),
        ("Any 3 for $10", "3 packs: 3 for 10 $"),
        ("3 for 9,00 €", "3 packs: 3 for 9.00 EUR"),
        ("2 za 5,00", "2 packs: 2 for 5.00"),
        ("3 kom za 4,99 €", "3 packs: 3 for 4.99 EUR"),
        ("2 für 3,00", "2 packs: 2 for 3.00"),
        ("2 pour 4,50 €", "2 packs: 2 for 4.50 EUR"),
        ("2+1 gratis", "3 packs: 2+1 free"),
        ("1+1", "2 packs: 1+1 free"),
        ("3 + 1 free", "4 packs: 3+1 free"),
        ("Second half price", "2 packs: second half price"),
        ("drugi za pola cijene", "2 packs: second half price"),
        ("3 for the price of 2", "3 packs: 2+1 free"),
        ("Buy 2 get 1 free", "3 packs: 2+1 free"),
        ("BOGOF", "2 packs: 1+1 free"),
        ("3 for 2.00", "3 packs: 3 for 2.00"),
        // `3 for 2`: for 2.00, or for the price of two? Refused, both named.
        ("3 for 2", "fails: twoWays(count: 3, whole: 2)"),
        ("2 for 1", "fails: twoWays(count: 2, whole: 1)"),
        // Not deals: their own messages stand.
        ("3.49", "no deal"),
        ("abc", "no deal"),
        ("2 bananas", "no deal"),
        ("2+1 maybe", "no deal"),
        // Deals that do not read exactly are named, never "not a number".
        ("3 for 9,00,0", "fails: price(PerKit.NumberReader.Failure.notANumber)"),
        ("2 for 0", "fails: price(PerKit.NumberReader.Failure.notANumber)"),
        ("0+1", "fails: count"),
        // A count of one is no deal (`1/2`: a half, not one for 2.00); too many packs are no
        // shelf's deal (`1000 for 1.00`).
        ("0/$5", "no deal"),
        ("1/2", "no deal"),
        ("1 for 2.00", "no deal"),
        ("1000 for 1.00", "fails: count"),
        ("10 for $1.00", "10 packs: 10 for 1.00 $"),
    ])
    func dealsReadExactly(text: String, expected: String) {
        #expect(read(text) == expected)
    }

    /// `3 for the price of 4` costs more than its packs singly: rejected saying so (before: "takes
    /// no packs, or more than 100"); `3 for the price of 3` saves nothing, and is no deal: one
    /// pack at its single price.
    @Test func aDealForThePriceOfMorePacksIsSaidToCostMore() throws {
        let sheet = try Sheets.validate("""
            name,size,unit,price,promotion
            A,1,kg,2.00,3 for the price of 4
            B,1,kg,2.00,3 for the price of 3

            """)
        #expect(sheet.rejections.map(\.reason) == [
            "the deal \"3 for the price of 4\" asks the price of 4 packs for 3, more than they cost singly: check it (`4 for the price of 3`?)",
        ])
        #expect(sheet.products.map { $0.price.text } == ["2.00"])
    }

    /// A price or promotion cell that speaks of a deal or a discount in a form per does not read
    /// says so, never "is not a number"; other text keeps that message. (Before: `50% off`,
    /// `2FOR5`, `Buy 3 save $2` were "not a number".)
    @Test func aDealPerDoesNotReadIsNamedAsOne() throws {
        let sheet = try Sheets.validate("""
            name,size,unit,price,promotion
            A,1,kg,2.00,50% off
            B,1,kg,2.00,2FOR5
            C,1,kg,2.00,Buy 3 save $2
            D,1,kg,2.00,€5 for 2
            E,1,kg,2.00,Half price
            F,1,kg,2.00,2 x 5.00
            G,1,kg,2.00,soon
            H,1,kg,3rd free,
            I,1,kg,2.00,1.50
            J,1,kg,2.00,1.60
            K,1,kg,2.00,1.70
            L,1,kg,2.00,1.80
            M,1,kg,2.00,1.90
            N,1,kg,2.00,1.40
            O,1,kg,2.00,1.30
            P,1,kg,2.00,1.20

            """)
        let reasons = sheet.rejections.map(\.reason)
        #expect(reasons.count == 8)
        #expect(reasons.filter { $0.contains("looks like a deal or a discount per does not read") }.count == 7, "\(reasons)")
        #expect(reasons.contains { $0.contains("\"soon\" is not a number") }, "\(reasons)")
    }
}
