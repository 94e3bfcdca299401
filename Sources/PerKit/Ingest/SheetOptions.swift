/// How to read price sheets: what `per report` (and every command that reads sheets) lets a
/// user say about files that do not look like `name,quantity,unit,price`.
public struct SheetOptions: Sendable {
    /// Headers the user maps to fields (`--column name=Artikel`); an empty header means the
    /// file has no such column.
    public var columns: [ColumnLayout.Field: String] = [:]
    /// The delimiter, or nil to take the most frequent of `,` `;` TAB `|` in the header line.
    public var delimiter: UInt8?
    /// How quotes are escaped inside quoted fields, or nil to read it from the file's start
    /// (`BackslashEscapes.isDialect`).
    public var escape: CSVDialect.Escape?
    public var encoding: TextEncoding = .utf8
    /// The decimal mark, or nil to read it from each column's values (and the delimiter).
    public var decimalMark: NumberReader.Mark?
    /// Take the size from the end of the product name when there is no quantity column.
    public var sizeFromName = false
    /// Make each product's list its name with the size taken off, case and blanks folded
    /// (`Whole Milk 1 l` and `whole milk 2L` are one list), within its list column's list if any.
    public var listFromName = false
    /// Read every file as a receipt, as a file with a count or pack-price column is read: a line
    /// without a size may be a deposit, a bag, a total or tax line, or a discount on the item above.
    public var receipts = false
    /// Split a list holding several dimensions into one list per dimension instead of
    /// reporting mismatches.
    public var splitDimensions = false
    public var units: UnitTable = .standard
    public var limits = CSVLimits()
    public var runLimits = RunLimits()

    public init() {}
}
