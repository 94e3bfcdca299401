/// What was found about one file before its rows are read (`FormatSniffer`): its dialect, how
/// to read its numbers, and which columns are which.
public struct SheetFormat: Sendable {
    public var dialect: CSVDialect
    /// How the quantity, price, count and pack-price columns write numbers.
    public var quantityNumbers: NumberReader
    public var priceNumbers: NumberReader
    public var countNumbers: NumberReader
    public var packPriceNumbers: NumberReader
    public var salePriceNumbers: NumberReader
    /// How the stated-unit-price column writes its figures (sniffed on its own: a shop may
    /// write `1.49 €/kg` beside prices of `1,49`).
    public var statedPriceNumbers: NumberReader
    /// The columns mapped to fields (`--column`, and what the sniffer found), and whether sizes
    /// come from names: what the header is read with.
    public var columns: [ColumnLayout.Field: String]
    public var sizeFromName: Bool
    /// What per decided about the file that a user should know (a quantity column read as
    /// counts of packs), as a sentence; nil when nothing.
    public var note: String?
    /// Which column is which, decided from the header the sniffer saw and the records after it.
    var plan: Plan?
    /// What the file's bytes said about its encoding, when per decided it.
    public var encodingFound: EncodingGuess.Outcome?

    /// The columns' roles for one header, or why that header cannot be read.
    struct Plan: Sendable {
        /// The file's first record, as `HeaderFinder` will find it again.
        let header: [String]
        let roles: Roles
        /// Whether that record is the first row, not a header (`FirstRecord`): the columns are
        /// then named by number (`columnNames`) and read by their values.
        var firstRecordIsRow = false

        /// The names the columns go by: the header, or `column 1`, `column 2`, … for a file
        /// without one.
        var columnNames: [String] { firstRecordIsRow ? FirstRecord.columnNames(count: header.count) : header }

        enum Roles: Sendable {
            case success(ColumnRoles)
            case failure(InputError.Problem)
        }
    }
}

extension SheetFormat {
    /// How the file's quantity cells (or, with sizes from names, the names' ends) are read.
    var sizeReader: SizeReader { SizeReader(numbers: quantityNumbers) }
}
