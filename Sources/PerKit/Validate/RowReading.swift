/// What a row's fields say, each read once: the name, the size, the unit as written, the price
/// and the list, trimmed. The validating thread and the parsing threads (`RowChecker`) read
/// rows alike through it. Valid only as long as the row's record.
struct RowReading {
    let name: UnsafeBufferPointer<UInt8>
    let size: Result<SizeReader.Size, SizeReader.Failure>
    /// The unit column's field, or the unit written after the size, when there is one.
    let unit: UnsafeBufferPointer<UInt8>?
    let price: Result<NumberReader.Reading, NumberReader.Failure>
    let list: UnsafeBufferPointer<UInt8>?

    /// Reads a row that has its header's field count.
    @inline(__always)
    init(_ row: PriceRow, sizes: SizeReader, prices: NumberReader) {
        name = row.name.trimmingSpaces().withoutFormulaGuard()
        let quantity = row.quantity
        size = if let quantity { sizes.read(quantity) } else { sizes.trailingSize(in: name) }
        if case .success(let value) = size, let range = value.unit {
            unit = UnsafeBufferPointer(rebasing: (quantity ?? name)[range])
        } else {
            unit = row.unit?.trimmingSpaces()
        }
        price = prices.read(row.price)
        list = row.list?.trimmingSpaces().withoutFormulaGuard()
    }

    /// The size and price of a row that can be ranked, given the unit its spelling names (-1
    /// for none); nil for a row that is rejected.
    @inline(__always)
    func rankable(unit: Int) -> (quantity: ExactDecimal, price: NumberReader.Reading)? {
        guard case .success(let size) = size, !size.quantity.isZero,
              case .success(let price) = price, !price.value.isZero,
              unit >= 0, !name.isEmpty, name.isValidUTF8,
              list.map({ !$0.isEmpty && $0.isValidUTF8 }) ?? true
        else { return nil }
        return (size.quantity, price)
    }
}
