/// Where the fields per reads sit in a file's records, found from its header.
public struct ColumnLayout: Hashable, Sendable {
    /// The fields per reads.
    public enum Field: String, CaseIterable, Sendable {
        case list, name, quantity, unit, price
        /// How many packs a row bought (a receipt's `Qty`).
        case count
        /// The price of one pack (a receipt's `Einzelpreis`); a row then costs count × pack price.
        case packPrice = "pack-price"
        /// The price while a sale runs (`MPC za vrijeme posebnog oblika prodaje`): when given,
        /// what a shopper pays today, and what is ranked.
        case salePrice = "sale-price"
        /// The shop's own unit price (`--stated-unit-price HEADER`): checked, never ranked.
        case statedUnitPrice = "stated-unit-price"
        /// What each row's stated unit price is per (`1KG`, `100G`, `1EA`), when a column says.
        case statedPer = "stated-per"
        /// What identifies a product across weeks (`--key HEADER`: an EAN, a SKU, the shop's
        /// article number). Read only when named: no header is taken for it by itself.
        case key
    }

    public var name: Int
    /// Absent when sizes come from the names (`--size-from-name`, or a count column without
    /// a quantity column).
    public var quantity: Int?
    /// Absent when the quantity cells carry their units (`6x355ml`).
    public var unit: Int?
    /// What the row cost in all; absent when only the pack price is given.
    public var price: Int?
    /// Absent when every row of the file belongs to the file's own list.
    public var list: Int?
    /// Absent when each row is one pack (price sheets).
    public var count: Int?
    public var packPrice: Int?
    public var salePrice: Int?
    public var statedUnitPrice: Int?
    public var statedPer: Int?
    public var key: Int?
    /// How many fields the header has, and so every row must have (a trailing delimiter aside,
    /// on the header or the row).
    public var fieldCount: Int
    /// Whether the header ends with a delimiter (`name,quantity,unit,price,`): its rows may then
    /// have one field fewer.
    public var endsWithEmptyField: Bool

    /// Whether each pack's size is read from the end of its name.
    public var sizesFromNames: Bool { quantity == nil }

    /// Maps a header to fields. A header matches a field, case-insensitively after trimming
    /// spaces and reading `_` and `-` as spaces, when it is the field's name, the header the
    /// user gave with `--column FIELD=HEADER`, or one of the field's common synonyms
    /// (`HeaderSynonyms`). The field's own name wins over a synonym; two columns that match
    /// equally well are an error, as is a missing required field.
    ///
    /// A line total (`Total`, `Amount`, `Betrag`) beside one other price column (`Price`,
    /// `Cijena`) is what the row cost, and the other column the price of one pack.
    public init(header: [String], file: String, line: Int = 1, columns: [Field: String] = [:], sizeFromName: Bool = false) throws(InputError) {
        let keys = header.map(Self.key)
        let found = header.map(\.trimmingSpaces).filter { !$0.isEmpty }
        var chosen: [Field: Int] = [:]
        var taken = Set<Int>()

        // The user's mapping first; an empty header means "no such column".
        for (field, title) in columns.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where !Self.key(title).isEmpty {
            let matches = keys.indices.filter { keys[$0] == Self.key(title) }
            guard let index = matches.first else {
                // A file without the shop's stated unit price states none; a run may mix shops.
                // Nor does one without the key column: its products have no key (`SheetFile` notes it).
                if field == .statedUnitPrice || field == .statedPer || field == .key { continue }
                throw InputError(file: file, line: line, .unknownColumn(field: field.rawValue, header: title, found: found))
            }
            if matches.count > 1 {
                throw InputError(file: file, line: line, .duplicateColumn(name: title.trimmingSpaces, first: matches[0] + 1, second: matches[1] + 1))
            }
            chosen[field] = index
            taken.insert(index)
        }
        for field in Field.allCases where columns[field] == nil && field != .key {
            let exact = keys.indices.filter { !taken.contains($0) && keys[$0] == Self.key(field.rawValue) }
            if exact.count > 1 {
                throw InputError(file: file, line: line, .duplicateColumn(name: field.rawValue, first: exact[0] + 1, second: exact[1] + 1))
            }
            let synonyms = keys.indices.filter { !taken.contains($0) && HeaderSynonyms.field(for: keys[$0]) == field }
            if field == .price, columns[.packPrice] == nil,
               case let totals = synonyms.filter({ HeaderSynonyms.isLineTotal(keys[$0]) }), totals.count == 1,
               case let others = exact + synonyms.filter({ !HeaderSynonyms.isLineTotal(keys[$0]) }), others.count == 1 {
                chosen[.price] = totals[0]
                chosen[.packPrice] = others[0]
                taken.formUnion([totals[0], others[0]])
                continue
            }
            if let index = exact.first {
                chosen[field] = index
                taken.insert(index)
                continue
            }
            if synonyms.count > 1 {
                throw InputError(file: file, line: line, .ambiguousColumn(field: field.rawValue, headers: synonyms.map { header[$0].trimmingSpaces }))
            }
            if let index = synonyms.first, chosen[field] == nil {
                chosen[field] = index
                taken.insert(index)
            }
        }

        // Sizes come from the names with --size-from-name, and when a count column has no
        // quantity column beside it (a receipt: `Whole Milk 1 l`, 2 bought).
        let sizesFromNames = (sizeFromName && columns[.quantity] == nil) || (chosen[.quantity] == nil && chosen[.count] != nil)
        var missing: [Field] = []
        if chosen[.name] == nil { missing.append(.name) }
        if chosen[.quantity] == nil && !sizesFromNames { missing.append(.quantity) }
        if chosen[.price] == nil && chosen[.packPrice] == nil && chosen[.salePrice] == nil { missing.append(.price) }
        guard missing.isEmpty, let name = chosen[.name] else {
            // `--column name=price`: the missing field's own column is taken by a mapping.
            for field in missing {
                if let index = keys.firstIndex(of: Self.key(field.rawValue)),
                   let other = chosen.first(where: { $0.value == index && columns[$0.key] != nil })?.key {
                    throw InputError(file: file, line: line, .columnMappedElsewhere(field: field.rawValue, header: header[index].trimmingSpaces,
                                                                                    mappedTo: other.rawValue))
                }
            }
            throw InputError(file: file, line: line, .missingColumns(missing: missing.map(\.rawValue), found: found))
        }
        self.name = name
        self.quantity = sizesFromNames ? nil : chosen[.quantity]
        self.unit = chosen[.unit]
        self.price = chosen[.price]
        self.list = chosen[.list]
        self.count = chosen[.count]
        self.packPrice = chosen[.packPrice]
        self.salePrice = chosen[.salePrice]
        self.statedUnitPrice = chosen[.statedUnitPrice]
        self.statedPer = chosen[.statedPer]
        self.key = chosen[.key]
        self.fieldCount = header.count
        endsWithEmptyField = header.count > 1 && header[header.count - 1].trimmingSpaces.isEmpty
    }

    /// The price column's title when it may be one pack's price as well as what the row cost:
    /// beside a count, with no pack price, a title that is not a line total (`Price`, not
    /// `Total`), and not named with `--column price=` (`mapped`). A row of more than one pack
    /// then reads two ways.
    func priceMayBeOnePacks(header: [String], mapped: [Field: String]) -> String? {
        guard count != nil, packPrice == nil, mapped[.price] == nil, let price,
              !HeaderSynonyms.isLineTotal(Self.key(header[price])) else { return nil }
        return header[price].trimmingSpaces
    }

    /// How headers compare: trimmed, case-folded, `_` and `-` read as spaces, runs of spaces as one.
    static func key(_ title: String) -> String {
        title.lowercased()
            .map { $0 == "_" || $0 == "-" ? " " : $0 }
            .reduce(into: "") { key, character in
                if character.isWhitespace {
                    if !key.isEmpty && key.last != " " { key.append(" ") }
                } else {
                    key.append(character)
                }
            }
            .trimmingSpaces
    }
}

extension String {
    /// Without leading and trailing white space (including no-break spaces).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
