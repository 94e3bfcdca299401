/// One way to read a file's columns that per tries against the file's own rows: the columns it
/// takes for the fields whose reading the rows decide (the size, its unit, the price, the
/// shop's stated unit price), the fields it takes to have no column, and whether sizes come
/// from the names. What it does not say, the header says (`ColumnRoles`).
///
/// A hypothesis is per's own, never the user's: it is not written into `SheetOptions`, and the
/// columns it names say so in their reasons (`per inspect`).
struct ReadingHypothesis: Hashable, Sendable {
    /// Columns taken for fields, by index.
    var columns: [ColumnLayout.Field: Int] = [:]
    /// Fields taken to have no column.
    var without: Set<ColumnLayout.Field> = []
    /// Sizes from the ends of the names, a quantity column or not.
    var sizesFromNames = false
    /// What it is, in a few words (`sizes from the names`, `"Size" with units from "UOM"`).
    var what: String = ""

    /// The header's own reading: nothing assumed.
    static let header = ReadingHypothesis()

    var isHeader: Bool { columns.isEmpty && without.isEmpty && !sizesFromNames }

    /// Whether the hypothesis fixes `field` (a column, or none).
    func fixes(_ field: ColumnLayout.Field) -> Bool {
        columns[field] != nil || without.contains(field) || (field == .quantity && sizesFromNames)
    }
}
