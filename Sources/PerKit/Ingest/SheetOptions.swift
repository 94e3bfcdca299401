/// How to read price sheets: what `per report` (and every command that reads sheets) lets a
/// user say about files that do not look like `name,quantity,unit,price`.
public struct SheetOptions: Sendable {
    /// Headers the user maps to fields (`--column name=Artikel`); an empty header means the
    /// file has no such column.
    public var columns: [ColumnLayout.Field: String] = [:]
    /// The delimiter, or nil to take the most frequent of `,` `;` TAB `|` in the header line.
    public var delimiter: UInt8?
    public var encoding: TextEncoding = .utf8
    /// The decimal mark, or nil to read it from each column's values (and the delimiter).
    public var decimalMark: NumberReader.Mark?
    /// Take the size from the end of the product name when there is no quantity column.
    public var sizeFromName = false
    /// Split a list holding several dimensions into one list per dimension instead of
    /// reporting mismatches.
    public var splitDimensions = false
    public var units: UnitTable = .standard
    public var limits = CSVLimits()
    public var runLimits = RunLimits()

    public init() {}
}

/// What was found about one file before its rows are read: its dialect and how to read its
/// numbers. Handed to the sink before the file's first row.
public struct SheetFormat: Sendable {
    public var dialect: CSVDialect
    /// How the quantity and price columns write numbers.
    public var quantityNumbers: NumberReader
    public var priceNumbers: NumberReader
}

/// What takes rows from ingest: validation, or a test.
public protocol PriceRowSink: AnyObject {
    /// A file begins, with its header (the fields of its first record); its rows follow.
    func begin(file: Int, format: SheetFormat, header: [String])
    /// Takes a row; throws an `InputError` to stop the run (a limit was reached).
    func accept(_ row: PriceRow) throws
}

/// Bounds on what one run holds in memory, so that hostile input fails with a message instead
/// of exhausting memory. Reaching one stops the run at the file and line where it happens.
public struct RunLimits: Hashable, Sendable {
    /// Ranked products (about 100 bytes each with their names).
    public var maxProducts: Int
    /// Product lists.
    public var maxLists: Int
    /// Mismatched and rejected rows, which keep their fields as read.
    public var maxFindings: Int

    /// The most files in one run, and the last line number a product can come from.
    public static let maxFiles = Int(UInt16.max)
    public static let maxLine = Int(UInt32.max)

    public init(maxProducts: Int = 20_000_000, maxLists: Int = 1_000_000, maxFindings: Int = 1_000_000) {
        self.maxProducts = maxProducts
        self.maxLists = maxLists
        self.maxFindings = maxFindings
    }
}
