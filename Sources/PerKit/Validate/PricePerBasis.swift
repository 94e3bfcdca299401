/// A price cell that says what the price is per (`$3.99/lb`, `2,89/kg`, `0,99 € / 100 g`,
/// `$2.79 each`): shops write so what they sell by weight, and what they sell by the piece.
/// The figure is the price of that amount: a row priced `$3.99/lb` is 1 lb for 3.99, whatever
/// its name says (a name's `250g` is then what one pack may weigh; the shop charges by the lb),
/// and one priced `$2.79 each` is one of its size (its name's or size column's), or one item
/// when it has none.
///
/// One figure and one basis, the whole cell: a cell with two figures (`$6.98 ($3.49/lb)`), or
/// anything after the basis, is no price per a basis (it stays "not a number"). The figure
/// names a currency or has cents, and the basis follows a `/` or a basis word, or is a unit
/// that counts items (`each`): a size cell (`500 g`, `1/2 gal`) is never read as a price.
struct PricePerBasis {
    /// The figure, with the currency the cell names.
    let price: NumberReader.Reading
    /// What it is per: an amount and where its unit is written, in the cell's bytes.
    let basis: SizeReader.Size
    /// The cell's bytes the basis's unit range points into (the trimmed cell).
    let cell: UnsafeBufferPointer<UInt8>
    /// Whether the basis's unit counts items (`each`): the price is then one pack's.
    let countsItems: Bool

    /// Words between a figure and its basis (`1,99 per kg`, `0,89 je 100 g`, `2,50 za kg`).
    private static let basisWords: [StaticString] = ["per", "je", "za", "pro", "à"]

    /// The price per a basis a cell writes, or nil when it writes none (see the type).
    init?(_ field: UnsafeBufferPointer<UInt8>, prices: NumberReader, sizes: SizeReader, units: UnitTable) {
        let cell = field.trimmingSpaces()
        guard cell.count >= 3, cell.count <= 64 else { return nil }
        self.cell = cell
        // Split at the one `/`, or at a basis word between blanks, or before a last word.
        var split: (figureEnd: Int, basisStart: Int)?
        var marked = true
        if let slash = cell.firstIndex(of: UInt8(ascii: "/")) {
            guard cell[(slash + 1)...].firstIndex(of: UInt8(ascii: "/")) == nil else { return nil }
            split = (slash, slash + 1)
        } else if let blank = cell.lastIndex(of: Byte.space), blank > 0 {
            split = (blank, blank + 1)
            marked = false
            // `1,99 per kg`: the word before the unit is the mark, the figure before it.
            let before = UnsafeBufferPointer(rebasing: cell[..<blank]).trimmingSpaces()
            if let wordStart = before.lastIndex(of: Byte.space) {
                let word = UnsafeBufferPointer(rebasing: before[(wordStart + 1)...])
                if Self.basisWords.contains(where: { Self.equalsIgnoringCase(word, $0) }) {
                    split = (wordStart, blank + 1)
                    marked = true
                }
            }
        }
        guard let split else { return nil }
        let figure = UnsafeBufferPointer(rebasing: cell[..<split.figureEnd]).trimmingSpaces()
        let basisText = UnsafeBufferPointer(rebasing: cell[split.basisStart...])
        guard !figure.isEmpty, !basisText.trimmingSpaces().isEmpty,
              case .success(let reading) = prices.read(figure), !reading.value.isZero, reading.currency != nil || reading.value.scale > 0,
              case .success(var basis) = sizes.read(basisText), let unit = basis.unit, basis.packCount == 1, !basis.approximate,
              let named = units.lookup(String(decoding: UnsafeBufferPointer(rebasing: basisText[unit]), as: UTF8.self)),
              marked || units[named].dimension == .count
        else { return nil }
        // A unit alone (`/kg`, `each`) is one of it.
        if basis.bare {
            basis.bare = false
            basis.quantity = ExactDecimal(significand: 1, scale: 0)
        }
        guard !basis.quantity.isZero else { return nil }
        // The unit's range, in the trimmed cell's bytes.
        basis.unit = (unit.lowerBound + split.basisStart)..<(unit.upperBound + split.basisStart)
        price = reading
        self.basis = basis
        countsItems = units[named].dimension == .count
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self).lowercased()
        return text == word.description
    }
}
