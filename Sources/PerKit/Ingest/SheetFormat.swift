/// What was found about one file before its rows are read: its dialect and how to read its
/// numbers. Handed to the sink before the file's first row.
public struct SheetFormat: Sendable {
    public var dialect: CSVDialect
    /// How the quantity and price columns write numbers.
    public var quantityNumbers: NumberReader
    public var priceNumbers: NumberReader
}

extension SheetFormat {
    /// How the file's quantity cells (or, with sizes from names, the names' ends) are read.
    var sizeReader: SizeReader { SizeReader(numbers: quantityNumbers) }
}
