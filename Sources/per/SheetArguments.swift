import ArgumentParser
import PerKit

// How to read price sheets: the options every command that reads sheets shares, in four parts
// so that each command can show each part under the title it chooses (`--key` and
// `--split-dimensions` first in `per report`, say). `SheetArguments.sheetOptions()` is the one
// place that builds `SheetOptions` from them. --help gives each a line or two; the rules they
// follow are in docs/ (docs/input.md for reading, docs/report.md for each option).

/// `--split-dimensions` and `--key`: which list a product is in and what names it across weeks.
struct ListKeyArguments: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: "Rank each dimension of a list apart (\"LIST (mass)\"), not as mismatches. Default: yes for category columns and sheets without a list column, no for list columns and receipts.")
    var splitDimensions: Bool?

    @Option(help: ArgumentHelp("The column naming a product across weeks (EAN, SKU), to match it by; none: no key (default: a product-code column).", valueName: "HEADER"))
    var key: String?
}

/// How the files' bytes, columns and sizes are read.
struct ReadingArguments: ParsableArguments {
    @Option(name: .customLong("column"), parsing: .singleValue,
            help: ArgumentHelp("Read FIELD (list, name, quantity, unit, price, count, pack-price, sale-price or card-price) from column HEADER, or from none if it is empty; repeatable.", valueName: "FIELD=HEADER"))
    var columns: [String] = []

    @Option(help: ArgumentHelp("By name or character (default: the header line's most frequent).", valueName: "char"))
    var delimiter: Delimiter?

    @Option(help: ArgumentHelp("Default: double, unless the quotes in fields follow backslashes.", valueName: "style"))
    var escape: CSVDialect.Escape?

    @Option(help: ArgumentHelp("Or utf8, cp1250, latin1...; default: UTF-8 if the bytes are, else what they read best in.", valueName: "name"))
    var encoding: TextEncoding?

    @Option(help: ArgumentHelp("Default: what each column shows, else a point with commas, a comma with semicolons.", valueName: "mark"))
    var decimalMark: NumberReader.Mark?

    @Flag(help: "Without a quantity column, take sizes from the names.")
    var sizeFromName = false

    @Flag(inversion: .prefixedNo, help: "A name's size refines a coarse quantity (135g, not 0.14 kg).")
    var refineSizes = true

    @OptionGroup var units: UnitArguments
}

/// Receipts and what a shopper pays: how rows become products and lists.
struct ReceiptArguments: ParsableArguments {
    @Flag(help: "Read the files as receipts even without a count column: deposits and totals are no products, negative amounts discounts.")
    var receipts = false

    @Flag(help: "Compare each product with itself in other sizes, shops or weeks (its list: its name without the size).")
    var listFromName = false

    @Flag(help: "Rank loyalty-card prices (Clubcard Price) below the shelf price; else they are only shown.")
    var card = false
}

/// The shop's own unit prices, checked against per's.
struct StatedPriceArguments: ParsableArguments {
    @Option(help: ArgumentHelp("Check the shop's unit prices in this column against per's; a cell may name its basis (1,99 €/kg).", valueName: "HEADER"))
    var statedUnitPrice: String?

    @Option(name: .customLong("stated-per"), parsing: .singleValue,
            help: ArgumentHelp("What stated unit prices are per when they do not say, one a dimension (default: the list's); repeatable.", valueName: "unit"))
    var statedPer: [String] = []

    @Option(help: ArgumentHelp("The column saying what each is per (1KG, 100G, 1EA).", valueName: "HEADER"))
    var statedPerColumn: String?
}

/// A command that reads price sheets: it shows the four parts where it likes, and reads them
/// together as `sheet`.
protocol ReadsSheets {
    var lists: ListKeyArguments { get }
    var reading: ReadingArguments { get }
    var receipts: ReceiptArguments { get }
    var stated: StatedPriceArguments { get }
}

extension ReadsSheets {
    var sheet: SheetArguments { SheetArguments(lists: lists, reading: reading, receipts: receipts, stated: stated) }
}

/// The options that read price sheets, together.
struct SheetArguments {
    var lists: ListKeyArguments
    var reading: ReadingArguments
    var receipts: ReceiptArguments
    var stated: StatedPriceArguments

    /// The options as the library takes them; a `ValidationError` names what is wrong.
    func sheetOptions() throws -> SheetOptions {
        var options = SheetOptions()
        for mapping in reading.columns {
            let (fieldName, header) = try Self.pair(mapping, option: "--column", form: "FIELD=HEADER")
            guard let field = ColumnLayout.Field(rawValue: fieldName.lowercased()) else {
                let fields = ColumnLayout.Field.allCases.filter { $0.ownOption == nil }
                throw ValidationError("--column \(mapping): the field must be one of \(fields.map(\.rawValue).joined(separator: ", ")).")
            }
            if let option = field.ownOption {
                let value = header.isEmpty ? (field == .key ? "none" : "''") : header
                throw ValidationError("--column \(mapping): write \(option) \(value).")
            }
            guard options.columns[field] == nil else { throw ValidationError("--column \(field.rawValue)= is given twice.") }
            guard !header.isEmpty || (field != .name && field != .price) else {
                throw ValidationError("--column \(field.rawValue)= needs a header: every row needs a \(field.rawValue).")
            }
            options.columns[field] = header
        }
        options.delimiter = reading.delimiter?.byte
        options.escape = reading.escape
        options.encoding = reading.encoding
        options.decimalMark = reading.decimalMark
        options.sizeFromName = reading.sizeFromName
        options.listFromName = receipts.listFromName
        options.receipts = receipts.receipts
        options.splitDimensions = lists.splitDimensions
        options.ranksCardPrices = receipts.card
        options.units = try reading.units.table()
        if let header = stated.statedUnitPrice { options.columns[.statedUnitPrice] = header }
        if let key = lists.key {
            if key.allSatisfy(\.isWhitespace) { throw ValidationError("--key needs the header of a column.") }
            // `--key none`: no key, not even a product-code column per would take by default.
            options.columns[.key] = key.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? "" : key
        }
        if let statedPerColumn = stated.statedPerColumn {
            guard options.columns[.statedUnitPrice] != nil else {
                throw ValidationError("--stated-per-column \(statedPerColumn) needs --stated-unit-price, the column of the figures.")
            }
            options.columns[.statedPer] = statedPerColumn
        }
        for text in stated.statedPer {
            guard let (basis, dimension) = StatedBasis.parse(text, units: options.units) else {
                throw ValidationError("--stated-per \(text): write an amount and a unit per knows, such as 100g, kg or 100ml.")
            }
            guard options.statedPer[dimension] == nil else {
                throw ValidationError("--stated-per \(text): there is already one for \(dimension.rawValue).")
            }
            options.statedPer[dimension] = basis
        }
        options.refinesSizes = reading.refineSizes
        return options
    }

    static func pair(_ text: String, option: String, form: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else { throw ValidationError("\(option) \(text): write \(form).") }
        return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
    }
}

/// The unit table's options, shared by `per report` and `per units`.
struct UnitArguments: ParsableArguments {
    @Option(help: ArgumentHelp("What fl oz, pint, quart, gallon mean without US or imp.", valueName: "system"))
    var volumeSystem: VolumeSystem = .us

    @Option(name: .customLong("unit-alias"), parsing: .singleValue,
            help: ArgumentHelp("Read ALIAS as UNIT; repeatable: --unit-alias bag=each.", valueName: "ALIAS=UNIT"))
    var unitAliases: [String] = []

    func table() throws -> UnitTable {
        do {
            return try UnitTable(volumeSystem: volumeSystem, aliases: unitAliases.map {
                try SheetArguments.pair($0, option: "--unit-alias", form: "ALIAS=UNIT")
            })
        } catch let error as UnitTableError {
            throw ValidationError(error.description + ".")
        }
    }
}
