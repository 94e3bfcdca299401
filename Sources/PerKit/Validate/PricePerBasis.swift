/// A price cell that says what it is per (`$3.99/lb`, `2,89/kg`, `0,99 € / 100 g`, `1,99 per
/// kg`, `$2.79 each`): shops write so what they sell by weight, and what they sell by the piece.
/// The figure is the price of that amount: a row priced `$3.99/lb` is 1 lb for 3.99, whatever
/// its name says (a name's `250g` is then what one pack may weigh; the shop charges by the lb),
/// and one priced `$2.79 each` is one of its size (its name's or size column's), or one item
/// when it has none.
///
/// The cell is read by the grammar of the shop's stated unit prices
/// (`StatedUnitPriceReader.figures`: a basis after `/`, a basis word, or a unit that counts
/// items), and must hold one figure, with its basis, and a currency or cents: a size cell
/// (`500 g`, `1/2 kg`) and a cell of two figures (`$6.98 ($3.49/lb)`) are never read so (they
/// stay "not a number").
struct PricePerBasis {
    /// The figure, with the currency the cell names.
    let price: NumberReader.Reading
    /// What it is per: the amount, in `unit`.
    let amount: ExactDecimal
    /// The basis's unit, as bytes that live as long as the process (`RowRules.spelling(ofSymbol:)`).
    let unit: UnsafeBufferPointer<UInt8>
    /// Whether the basis's unit counts items (`each`): the price is then one pack's.
    let countsItems: Bool

    init?(_ field: UnsafeBufferPointer<UInt8>, prices: NumberReader, units: UnitTable) {
        let cell = field.trimmingSpaces()
        guard cell.count >= 3, cell.count <= 64, let named = StatedUnitPriceReader.currency(in: cell),
              let figures = StatedUnitPriceReader.figures(in: String(decoding: cell, as: UTF8.self), numbers: prices, units: units),
              figures.count == 1, let index = figures[0].unit, let amount = figures[0].amount, !amount.isZero,
              named.currency != nil || figures[0].value.scale > 0,
              let spelling = RowRules.spelling(ofSymbol: units[index].symbol)
        else { return nil }
        price = NumberReader.Reading(value: figures[0].value, currency: named.currency, evidence: nil)
        self.amount = amount
        unit = spelling
        countsItems = units[index].dimension == .count
    }
}
