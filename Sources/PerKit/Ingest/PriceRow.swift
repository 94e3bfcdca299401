/// One data row of a price sheet, between ingest and validation: the record's fields as read,
/// where they came from and which field is which. Valid only inside `PriceRowSink.accept`.
public struct PriceRow {
    /// Index of the file in the run's inputs.
    public let file: Int
    public let record: CSVRecord
    public let layout: ColumnLayout

    public var location: SourceLocation { SourceLocation(file: file, line: record.line) }

    /// Whether the row has as many fields as the header, one more that is empty (a trailing
    /// delimiter on the row), or one fewer when the header ends with an empty field (a trailing
    /// delimiter on the header); only then do the fields below mean what their names say.
    public var hasHeaderFieldCount: Bool {
        record.count == layout.fieldCount || (record.count == layout.fieldCount + 1 && record[layout.fieldCount].isEmpty)
            || (layout.endsWithEmptyField && record.count == layout.fieldCount - 1)
    }

    public var name: UnsafeBufferPointer<UInt8> { field(layout.name) }
    /// The quantity column's field, or nil when sizes come from names.
    public var quantity: UnsafeBufferPointer<UInt8>? { layout.quantity.map(field) }
    /// The unit column's field, or nil when the file has no unit column.
    public var unit: UnsafeBufferPointer<UInt8>? { layout.unit.map(field) }
    public var price: UnsafeBufferPointer<UInt8> { field(layout.price) }
    /// The list column's field, or nil when the file has no list column.
    public var list: UnsafeBufferPointer<UInt8>? { layout.list.map(field) }

    @inline(__always)
    private func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        index < record.count ? record[index] : UnsafeBufferPointer(start: nil, count: 0)
    }
}

