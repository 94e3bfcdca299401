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
        ("0/$5", "fails: count"),
    ])
    func dealsReadExactly(text: String, expected: String) {
        #expect(read(text) == expected)
    }
}
