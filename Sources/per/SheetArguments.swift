import ArgumentParser
import PerKit

/// How to read price sheets: the options every command that reads sheets shares.
struct SheetArguments: ParsableArguments {
    @Option(name: .customLong("column"), parsing: .singleValue,
            help: ArgumentHelp("Read FIELD (list, name, quantity, unit, price, count, pack-price, sale-price, card-price, stated-unit-price or key) from the column titled HEADER; repeatable. An empty HEADER means no such column.", valueName: "FIELD=HEADER"))
    var columns: [String] = []

    @Option(help: ArgumentHelp("The field delimiter, by name or character. Default: the most frequent of them in the header line.", valueName: "char"))
    var delimiter: Delimiter?

    @Option(help: ArgumentHelp("How a quote inside a quoted field is written. Default: doubled, unless the file's start shows backslashes (\\\"Florini\\\").", valueName: "style"))
    var escape: CSVDialect.Escape?

    @Option(help: ArgumentHelp("The files' character encoding; other names such as utf8, cp1250 or latin1 work too. Default: UTF-8 when the bytes are UTF-8, else the one of the others that the bytes read best in.", valueName: "name"))
    var encoding: TextEncoding?

    @Option(help: ArgumentHelp("The decimal mark, by name or character. Default: what each column's values show, else the delimiter's custom (comma-separated files use a point, semicolon-separated ones a comma).", valueName: "mark"))
    var decimalMark: NumberReader.Mark?

    @Flag(help: "Without a quantity column, take each product's size from the end of its name (\"Leche entera 1 l\").")
    var sizeFromName = false

    @Flag(help: "Make each product's list its name without its size, case and blanks folded, so that \"Whole Milk 1 l\" and \"whole milk 2L\" are compared (the same product bought in other sizes, shops or weeks); with a list column, within its list.")
    var listFromName = false

    @Flag(help: "Read the files as receipts even without a count or pack-price column: lines without a size may be deposits, bags, totals or tax (not products), and a negative amount under an item is its discount.")
    var receipts = false

    @Flag(inversion: .prefixedNo, help: "Split a list that holds several dimensions into one list per dimension, named \"LIST (mass)\" and so on, instead of reporting mismatches. Default: split a shop's categories (a category or department column) and files without a list column; keep per's rule (the first product fixes a list's dimension) for a list column and receipts. --no-split-dimensions keeps per's rule everywhere.")
    var splitDimensions: Bool?

    @Option(help: ArgumentHelp("Check the shop's own unit price in the column titled HEADER against per's exact one: each product shows it and whether it agrees, disagreements are flagged with their likely cause, and the summary gives the share that agrees. Never ranked. A cell may say what it is per ($0.61/100g, 1,99 €/kg); else --stated-per, else the list's basis.", valueName: "HEADER"))
    var statedUnitPrice: String?

    @Option(name: .customLong("stated-per"), parsing: .singleValue,
            help: ArgumentHelp("What stated unit prices without a basis of their own are per, one per dimension (default: the list's basis, kg, l, each or --per); repeatable, e.g. --stated-per 100g --stated-per 100ml.", valueName: "unit"))
    var statedPer: [String] = []

    @Option(help: ArgumentHelp("The column that says what each row's stated unit price is per (1KG, 100G, 1L, 1EA), for shops that give it beside the figure.", valueName: "HEADER"))
    var statedPerColumn: String?

    @Option(help: ArgumentHelp("The column that identifies a product across weeks (an EAN or GTIN, a SKU, the shop's article number: šifra, Artikelnummer, sku, item_id); none for no key. Without it, a column whose header names a product code is the key (a shop's code before a barcode), said on standard error. Reports keep it (JSON, CSV), and per diff and per history match products by it within each list, so a renamed or resized product is the same product. Compared as written, trimmed: 0012 and 12 are two keys.", valueName: "HEADER"))
    var key: String?

    @Flag(help: "Rank what a loyalty-card holder pays: a row's card price (Clubcard Price, s karticom, mit Karte; a card-price column) when it is below today's price, the shelf price then shown as the regular one. Without it, card prices are shown beside the shelf price, never ranked.")
    var card = false

    @Flag(inversion: .prefixedNo, help: "Let a size in the name refine a quantity column written to 10 g or 10 ml or coarser (Pašteta 135g with 0.14 kg is 135 g); --no-refine-sizes keeps the column's.")
    var refineSizes = true

    @OptionGroup var units: UnitArguments

    /// The options as the library takes them; a `ValidationError` names what is wrong.
    func sheetOptions() throws -> SheetOptions {
        var options = SheetOptions()
        for mapping in columns {
            let (fieldName, header) = try Self.pair(mapping, option: "--column", form: "FIELD=HEADER")
            guard let field = ColumnLayout.Field(rawValue: fieldName.lowercased()) else {
                throw ValidationError("--column \(mapping): the field must be one of \(ColumnLayout.Field.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            guard options.columns[field] == nil else { throw ValidationError("--column \(field.rawValue)= is given twice.") }
            guard !header.isEmpty || (field != .name && field != .price) else {
                throw ValidationError("--column \(field.rawValue)= needs a header: every row needs a \(field.rawValue).")
            }
            options.columns[field] = header
        }
        options.delimiter = delimiter?.byte
        options.escape = escape
        options.encoding = encoding
        options.decimalMark = decimalMark
        options.sizeFromName = sizeFromName
        options.listFromName = listFromName
        options.receipts = receipts
        options.splitDimensions = splitDimensions
        options.ranksCardPrices = card
        options.units = try units.table()
        /// An option that names a field's column, as `--column FIELD=` does: both may be given
        /// only for the same header.
        func name(_ field: ColumnLayout.Field, _ header: String?, option: String) throws {
            guard let header else { return }
            guard options.columns[field] == nil || options.columns[field] == header else {
                throw ValidationError("\(option) \(header) and --column \(field.rawValue)= name two columns.")
            }
            options.columns[field] = header
        }
        try name(.statedUnitPrice, statedUnitPrice, option: "--stated-unit-price")
        if let key, key.allSatisfy(\.isWhitespace) { throw ValidationError("--key needs the header of a column.") }
        // `--key none`: no key, not even a product-code column per would take by default.
        try name(.key, key.map { $0.trimmingCharacters(in: .whitespaces).lowercased() == "none" ? "" : $0 }, option: "--key")
        if let statedPerColumn {
            guard options.columns[.statedUnitPrice] != nil else {
                throw ValidationError("--stated-per-column \(statedPerColumn) needs --stated-unit-price, the column of the figures.")
            }
            options.columns[.statedPer] = statedPerColumn
        }
        for text in statedPer {
            guard let (basis, dimension) = StatedBasis.parse(text, units: options.units) else {
                throw ValidationError("--stated-per \(text): write an amount and a unit per knows, such as 100g, kg or 100ml.")
            }
            guard options.statedPer[dimension] == nil else {
                throw ValidationError("--stated-per \(text): there is already one for \(dimension.rawValue).")
            }
            options.statedPer[dimension] = basis
        }
        options.refinesSizes = refineSizes
        return options
    }

    static func pair(_ text: String, option: String, form: String) throws -> (String, String) {
        guard let equals = text.firstIndex(of: "=") else { throw ValidationError("\(option) \(text): write \(form).") }
        return (String(text[..<equals]).trimmingCharacters(in: .whitespaces), String(text[text.index(after: equals)...]).trimmingCharacters(in: .whitespaces))
    }
}

/// The unit table's options, shared by `per report` and `per units`.
struct UnitArguments: ParsableArguments {
    @Option(help: ArgumentHelp("What fl oz, pint, quart and gallon without US or imp mean.", valueName: "system"))
    var volumeSystem: VolumeSystem = .us

    @Option(name: .customLong("unit-alias"), parsing: .singleValue,
            help: ArgumentHelp("Read ALIAS as UNIT (a unit per knows); repeatable, e.g. --unit-alias bag=each.", valueName: "ALIAS=UNIT"))
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
