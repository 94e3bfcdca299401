/// The size of a row that gives none, from its price and the shop's own unit price, when the one
/// divides the other exactly: a loose product priced `15.00` beside `$15.00 / 1KG` is 1 kg for
/// 15.00 (what the shop sells by weight is listed at its price per kg), `9.60` beside `1.20 € /
/// L` is 8 l. Nothing is rounded, so nothing is guessed: `6.79` beside `3.99 / 100ml` (170.18…
/// ml) gives no size, and the row stays rejected for having none. The size is at most three
/// decimals of the basis's unit, and a whole number of items for a count. `Validator` says how
/// many rows took their size so; the shop's figure then agrees by construction, and proves
/// nothing about the row.
struct SizeFromStatedPrice {
    /// The size, in the basis's unit.
    let quantity: ExactDecimal
    /// The basis's unit, as bytes that live as long as the process (`RowRules.spelling(ofSymbol:)`).
    let unit: UnsafeBufferPointer<UInt8>

    /// The most decimals a size so found may have.
    static let maxScale = 3

    init?(stated cell: UnsafeBufferPointer<UInt8>, price: ExactDecimal, reader: StatedUnitPriceReader) {
        let text = cell.trimmingSpaces()
        guard !text.isEmpty, !price.isZero,
              let figures = StatedUnitPriceReader.figures(in: String(decoding: text, as: UTF8.self), numbers: reader.numbers, units: reader.units),
              case let based = figures.filter({ $0.unit != nil && $0.amount != nil }), based.count == 1,
              let unitIndex = based[0].unit, let amount = based[0].amount, !based[0].value.isZero,
              let spelling = RowRules.spelling(ofSymbol: reader.units[unitIndex].symbol),
              let numerator = price.timesExactly(amount),
              let quotient = numerator.dividedExactly(by: based[0].value, maxScale: Self.maxScale), !quotient.isZero
        else { return nil }
        if reader.units[unitIndex].dimension == .count, quotient.scale > 0,
           !quotient.timesIsWhole(ExactDecimal(significand: 1, scale: 0)) { return nil }
        self.quantity = quotient
        self.unit = spelling
    }
}
