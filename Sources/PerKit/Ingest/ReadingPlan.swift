/// How per reads one file, decided once from its bytes, header and first records: the encoding,
/// the delimiter, the decimal marks, which column is which and why, where sizes come from, what
/// the shop's stated unit price is per, and how rows are grouped into lists. The file's reading
/// line on standard error sums up what was inferred (`summary`); `per inspect` prints it all
/// (`details`).
public struct ReadingPlan: Sendable {
    /// The file as messages name it.
    public let file: String
    public let columns: [ColumnReading]
    /// Whether each dimension of a list is ranked apart (`Hrana (mass)`, `Hrana (volume)`): for a
    /// shop's categories or a file without lists, unless `--no-split-dimensions` keeps per's rule;
    /// never for receipts and lists a person made, unless `--split-dimensions` asks.
    public let splitsDimensions: Bool
    private let facts: [Fact]

    /// One thing per decided about the file, and whether it was inferred (worth a word on
    /// standard error) or given.
    private struct Fact: Sendable {
        let text: String
        let inferred: Bool
        /// The option that says otherwise.
        let option: String?
        /// Whether it is the split by dimension per decided by itself (said only when it split a list).
        var isSplit = false
    }

    init(file: SheetFile, options: SheetOptions) {
        self.file = file.input.messageName
        let roles = file.roles
        let layout = file.layout
        columns = roles.columns
        let receipt = layout.readsAsReceipt(asked: options.receipts)
        let listKind: String
        if let list = layout.list {
            let title = "\"\(file.header[list].trimmingSpaces)\""
            listKind = roles.listIsCategory ? "lists from \(title), a shop's categories" : "lists from \(title)"
        } else {
            listKind = "no list column (one list, \"\(file.input.defaultListName)\")"
        }
        let automatic = !receipt && (layout.list == nil || roles.listIsCategory)
        splitsDimensions = options.splitDimensions ?? automatic
        var facts: [Fact] = []

        // Bytes.
        if let found = file.format.encodingFound, found.notUTF8 {
            let why = found.encoding == .utf16 ? "its byte-order mark" : "its bytes are not UTF-8"
            facts.append(Fact(text: "read as \(found.encoding.rawValue) (\(why))", inferred: true,
                              option: "--encoding"))
        } else if let encoding = options.encoding {
            facts.append(Fact(text: "read as \(encoding.rawValue)", inferred: false, option: nil))
        } else {
            facts.append(Fact(text: "UTF-8", inferred: false, option: nil))
        }
        let delimiter = file.format.dialect.delimiter
        let delimiterName = delimiter == Byte.tab ? "TAB" : "'\(String(UnicodeScalar(delimiter)))'"
        facts.append(Fact(text: "\(delimiterName)-separated", inferred: options.delimiter == nil && delimiter != Byte.comma,
                          option: "--delimiter"))
        if options.decimalMark == nil, let mark = file.format.priceNumbers.likely, layout.price != nil || layout.packPrice != nil {
            facts.append(Fact(text: mark == .comma ? "decimal comma" : "decimal point", inferred: mark == .comma, option: "--decimal-mark"))
        }

        if file.titleLines > 0 {
            facts.append(Fact(text: "\(file.titleLines == 1 ? "a title line" : "\(file.titleLines) title lines") above the header, passed",
                              inferred: true, option: nil))
        }

        // Columns: the fields read, in the order a row is read.
        var fields: [String] = []
        var inferredColumns = false
        let order: [ColumnLayout.Field] = [.name, .quantity, .unit, .count, .price, .packPrice, .salePrice, .cardPrice, .statedUnitPrice, .statedPer,
                                           .key]
        for field in order {
            guard let reading = roles.columns.first(where: { $0.role == .field(field) }),
                  field != .quantity || layout.quantity != nil, field != .key || !roles.keyByDefault else { continue }
            var text = "\(reading.role.name) \"\(reading.header)\""
            if field == .quantity, let unit = layout.quantityUnit { text += " (in \(unit), as its header says)" }
            if field == .statedUnitPrice, let why = roles.statedPerWhy { text += " (\(why))" }
            fields.append(text)
            // `--column`, `--key` or `--stated-unit-price`: the user's, not inferred.
            if !reading.why.hasPrefix("--") && !reading.why.hasPrefix("its header is the field's name") { inferredColumns = true }
        }
        // The shop's reference prices, read for `per sales` alone.
        if let lowest = layout.lowestPrice { fields.append("30-day low \"\(roles.columns[lowest].header)\"") }
        if let anchor = layout.anchorPrice { fields.append("anchor price \"\(roles.columns[anchor].header)\"") }
        if let why = roles.sizesFromNames {
            fields.append("sizes from the ends of the names (\(why))")
            // Per's rule for receipts (a count and no size column) is no guess.
            if why == roles.namesBecauseReceipt { } else if why != "--size-from-name" { inferredColumns = true }
        }
        facts.append(Fact(text: fields.joined(separator: ", "), inferred: inferredColumns, option: "--column FIELD=HEADER"))
        if let reading = roles.reading {
            // Readings were weighed against the rows: said on the reading line when the one
            // taken is not the header's, and by `per inspect` either way.
            var text = reading.chosen.map { "read by the rows' evidence, not the header's words: \($0) (\(reading.score.said))" }
                ?? "the header's reading, tried against the rows: \(reading.score.said)"
            if let other = reading.runnerUp { text += "; the best other: \(other.what) (\(other.score.said))" }
            facts.append(Fact(text: text, inferred: reading.chosen != nil, option: nil))
        }
        if roles.keyByDefault, let key = roles.columns.first(where: { $0.role == .field(.key) }) {
            facts.append(Fact(text: "products known by their code in \"\(key.header)\" (the key)", inferred: true, option: "--key none"))
        }
        facts.append(Fact(text: listKind + (splitsDimensions ? ": each dimension ranked apart" : ""),
                          inferred: options.splitDimensions == nil && splitsDimensions,
                          option: splitsDimensions ? "--no-split-dimensions" : "--split-dimensions", isSplit: true))
        if let note = file.format.note { facts.append(Fact(text: note, inferred: true, option: nil)) }
        self.facts = facts
    }

    /// What was inferred, as one line (without the file's name), with the options that say
    /// otherwise; nil when nothing was. The split by dimension is said when it split a list.
    public func summary(splitMattered: Bool = true) -> String? {
        let inferred = facts.filter { $0.inferred && (splitMattered || !$0.isSplit) }
        guard !inferred.isEmpty else { return nil }
        let options = inferred.compactMap(\.option)
        return inferred.map(\.text).joined(separator: "; ")
            + (options.isEmpty ? "" : " (\(options.joined(separator: ", ")) to say otherwise; per inspect shows why)")
    }

    /// The whole plan, a line each: the file's bytes and grouping, then each column's role and why.
    public var details: [String] {
        var lines = facts.map(\.text)
        lines.append("")
        let width = String(columns.count).count
        for column in columns {
            let number = String(repeating: " ", count: width - String(column.index + 1).count) + String(column.index + 1)
            lines.append("\(number). \"\(column.header)\": \(column.role.name) (\(column.why))")
        }
        return lines
    }
}
