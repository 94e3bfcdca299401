/// Checks a file's data rows on a parsing thread, as far as a row alone decides: what
/// `Validator.accept` reads and checks before it looks at the row's list. A row that passes is
/// a product unless its list says otherwise; any other record is left to the validating thread.
struct RowChecker: Sendable {
    let file: Int
    let layout: ColumnLayout
    let sizes: SizeReader
    let prices: NumberReader
    /// The list of the rows of a file without a list column.
    let defaultList: [UInt8]

    /// The record as a product with ids of the segment's own (its line counted from the
    /// segment's first), or nil when the validating thread must take it.
    @inline(__always)
    func check(_ record: CSVRecord, spellings: inout UnitSpellings, lists: inout ByteInterner,
               names: inout GrowableBytes) -> CheckedRows.Row? {
        let row = PriceRow(file: file, record: record, layout: layout)
        guard row.hasHeaderFieldCount, record.line <= Int(UInt32.max) else { return nil }
        let reading = RowReading(row, sizes: sizes, prices: prices)
        guard let unitBytes = reading.unit else { return nil }
        let spelling = spellings.id(unitBytes)
        let unit = spellings.unit(of: spelling)
        guard let (quantity, price) = reading.rankable(unit: unit) else { return nil }
        let list = reading.list.map { lists.intern($0).id }
            ?? defaultList.withUnsafeBufferPointer { lists.intern($0).id }
        let nameStart = names.count
        names.append(contentsOf: reading.name)
        return CheckedRows.Row(
            product: Product(nameStart: nameStart, nameLength: reading.name.count, quantity: quantity, price: price.value,
                             list: list, spelling: spelling, line: record.line, file: file, unit: unit),
            currency: price.currency)
    }
}
