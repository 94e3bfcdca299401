/// How to read price sheets: what `per report` (and every command that reads sheets) lets a
/// user say about files that do not look like `name,quantity,unit,price`.
public struct SheetOptions: Sendable {
    /// Headers the user maps to fields (`--column name=Artikel`); an empty header means the
    /// file has no such column.
    public var columns: [ColumnLayout.Field: String] = [:]
    /// The option that named a field's column when it was not `--column` (`per basket
    /// --shop-column` names the list's): messages say what the user typed.
    public var columnOptions: [ColumnLayout.Field: String] = [:]
    /// The delimiter, or nil to take the most frequent of `,` `;` TAB `|` in the header line.
    public var delimiter: UInt8?
    /// How quotes are escaped inside quoted fields, or nil to read it from the file's start
    /// (`BackslashEscapes.isDialect`).
    public var escape: CSVDialect.Escape?
    /// The files' encoding, or nil to decide it for each file from its bytes (`EncodingGuess`).
    public var encoding: TextEncoding?
    /// For one file: what its bytes said about its encoding, when per decided it.
    var encodingFound: EncodingGuess.Outcome?
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
    /// reporting mismatches: always (true), never (false: per's rule), or, when nil, for a
    /// shop's categories and files without lists, not receipts or lists a person made
    /// (`ReadingPlan.splitsDimensions`).
    public var splitDimensions: Bool?
    /// Whether a size in a product's name refines its quantity column's rounded figure
    /// (`NameSizeCheck`); `--no-refine-sizes` keeps the column's.
    public var refinesSizes = true
    /// Whether a barcode column (`EAN`, `barkod`) is the key by default before a shop's own
    /// code (`šifra`): a barcode is the same in every shop (`per basket`), a shop's code only in
    /// its shop's files (`per diff`, `per history`).
    public var keyPrefersBarcode = false
    /// What a product's key is for, as the notes about products without one say it.
    public var keyUse: KeyUse = .matchingWeeks
    /// Rank a row's loyalty-card price when it is below today's price (`--card`); else card
    /// prices are only shown.
    public var ranksCardPrices = false
    /// What a stated unit price without its own basis is per, by dimension (`--stated-per
    /// 100g`): an amount of a unit of the table. Without it, the list's basis.
    public var statedPer: [Dimension: StatedBasis] = [:]
    /// Read the shop's published 30-day low and anchor price beside each product (`per sales`);
    /// other commands leave those columns, so their rows cost nothing more.
    public var readsReferencePrices = false
    public var units: UnitTable = .standard
    public var limits = CSVLimits()
    public var runLimits = RunLimits()
    /// How a reading of a file is scored against its rows (`ReadingChooser`), when the stage
    /// that reads the rows gives one; without it, a file is read as its header says.
    var judge: (any ReadingJudge)?

    public init() {}
}

/// An amount of a unit that stated unit prices are per (`100 g`).
public struct StatedBasis: Sendable, Hashable {
    public var amount: ExactDecimal
    /// The unit's index in the run's unit table.
    public var unit: Int

    public init(amount: ExactDecimal, unit: Int) {
        self.amount = amount
        self.unit = unit
    }

    /// Reads a basis a user names (`100g`, `100 ml`, `kg`): an optional positive amount and a
    /// unit of the table; with the unit's dimension.
    public static func parse(_ text: String, units: UnitTable) -> (basis: StatedBasis, dimension: Dimension)? {
        guard let named = units.amount(text) else { return nil }
        return (StatedBasis(amount: named.amount, unit: named.unit), units[named.unit].dimension)
    }
}

/// What keys are for in a run: matching a product from week to week (`per report`, whose JSON
/// `per diff` and `per history` read, and those two), or finding a shopping list's lines in
/// the shops (`per basket`).
public enum KeyUse: Sendable {
    case matchingWeeks
    case findingListLines

    /// How products without a key are still found, for a note (`them`: the products, or `it`).
    func withoutKey(_ them: String) -> String {
        switch self {
        case .matchingWeeks: "per diff and per history match \(them) by list, name and size"
        case .findingListLines: "a shopping list's lines by key do not find \(them), its lines by words do"
        }
    }
}
