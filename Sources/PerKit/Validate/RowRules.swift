/// Every rule about a row that the row alone decides, in one place: how its fields are read
/// (name, size, unit, price, list) and whether it can be ranked or must be rejected, with
/// every problem named. Runs on whichever thread read the row (`JudgedRows`). The rules that
/// depend on the rows before (a list's dimension and currency, the run's limits) are
/// `ListRules` and `Validator`'s, which take the judged rows in input order.
///
/// To add a rule about one row: read what it needs in `Fields`, refuse the row in `judge`
/// (which keeps only rankable rows as candidates), and say why in `problems` with a new
/// `RowProblem`.
struct RowRules {
    /// Where the file's fields are.
    private let layout: ColumnLayout
    private let sizes: SizeReader
    private let prices: NumberReader
    /// The list of the rows of a file without a list column.
    let defaultList: [UInt8]
    /// Each unit's size in items for a unit that counts items (each, dozen), by unit index; nil
    /// for units of mass and volume.
    private let itemsPerUnit: [ExactDecimal?]

    init(file: SheetFile, units: UnitTable) {
        layout = file.layout
        sizes = file.format.sizeReader
        prices = file.format.priceNumbers
        defaultList = Array(file.input.defaultListName.utf8)
        itemsPerUnit = units.units.map { $0.dimension == .count ? $0.factor : nil }
    }

    /// A record's verdict: a candidate product (ranked unless the rows before say otherwise),
    /// a rejected row with its problems, or no row at all (a blank record).
    enum Verdict {
        case candidate(Candidate)
        case rejected([RowProblem])
        case blank
    }

    /// A row that can be ranked as far as it alone decides, as read.
    struct Candidate {
        let name: UnsafeBufferPointer<UInt8>
        let quantity: ExactDecimal
        let price: ExactDecimal
        let currency: Currency?
        /// The unit as written, and its id in `spellings`.
        let spelling: Int
        /// The unit it names, an index in the unit table.
        let unit: Int
        /// The list as written, or nil for the file's own (`defaultList`).
        let list: UnsafeBufferPointer<UInt8>?
    }

    /// Judges one data record; `spellings` interns its unit as written. The candidate's bytes
    /// are valid while the record is.
    @inline(__always)
    func judge(_ record: CSVRecord, spellings: inout UnitSpellings) -> Verdict {
        guard hasHeaderFieldCount(record) else {
            // A record of empty fields only (`,,,` at the end of a spreadsheet export) carries
            // nothing: like a blank line, it is no row.
            return record.isBlank ? .blank : .rejected([.fieldCount(found: record.count, expected: layout.fieldCount)])
        }
        let fields = Fields(record, layout: layout, sizes: sizes, prices: prices)
        let spelling = fields.unit.map { spellings.id($0) }
        let unit = spelling.map { spellings.unit(of: $0) } ?? -1
        guard case .success(let size) = fields.size, !size.quantity.isZero,
              case .success(let price) = fields.price, !price.value.isZero,
              unit >= 0, let spelling, isWholeIfCounted(size.quantity, unit: unit),
              !fields.name.isEmpty, fields.name.isValidUTF8,
              fields.list.map({ !$0.isEmpty && $0.isValidUTF8 }) ?? true
        else {
            return record.isBlank ? .blank : .rejected(problems(fields, unit: unit))
        }
        return .candidate(Candidate(name: fields.name, quantity: size.quantity, price: price.value, currency: price.currency,
                                    spelling: spelling, unit: unit, list: fields.list))
    }

    /// Whether a size in this unit is a whole number of items, if the unit counts items: 1.5
    /// pieces are no size, 1.5 dozen are 18 items.
    @inline(__always)
    private func isWholeIfCounted(_ quantity: ExactDecimal, unit: Int) -> Bool {
        itemsPerUnit[unit].map { quantity.timesIsWhole($0) } ?? true
    }

    /// Whether the record has as many fields as the header, one more that is empty (a trailing
    /// delimiter on the row), or one fewer when the header ends with an empty field (a trailing
    /// delimiter on the header); only then do its fields mean what the header says.
    @inline(__always)
    private func hasHeaderFieldCount(_ record: CSVRecord) -> Bool {
        return record.count == layout.fieldCount || (record.count == layout.fieldCount + 1 && record[layout.fieldCount].isEmpty)
            || (layout.endsWithEmptyField && record.count == layout.fieldCount - 1)
    }

    /// What a row's fields say, each read once: the name, the size, the unit as written, the
    /// price and the list, trimmed. Valid only as long as the record.
    struct Fields {
        let name: UnsafeBufferPointer<UInt8>
        /// The quantity column's field, or nil when sizes come from names.
        let quantity: UnsafeBufferPointer<UInt8>?
        let size: Result<SizeReader.Size, SizeReader.Failure>
        /// The unit column's field, or the unit written after the size, when there is one.
        let unit: UnsafeBufferPointer<UInt8>?
        /// Whether the file has a unit column.
        let hasUnitColumn: Bool
        let priceField: UnsafeBufferPointer<UInt8>
        let price: Result<NumberReader.Reading, NumberReader.Failure>
        let list: UnsafeBufferPointer<UInt8>?

        @inline(__always)
        init(_ record: CSVRecord, layout: ColumnLayout, sizes: SizeReader, prices: NumberReader) {
            @inline(__always)
            func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                index < record.count ? record[index] : UnsafeBufferPointer(start: nil, count: 0)
            }
            name = field(layout.name).trimmingSpaces().withoutFormulaGuard()
            let quantity = layout.quantity.map(field)
            self.quantity = quantity
            size = if let quantity { sizes.read(quantity) } else { sizes.trailingSize(in: name) }
            if case .success(let value) = size, let range = value.unit {
                unit = UnsafeBufferPointer(rebasing: (quantity ?? name)[range])
            } else {
                unit = layout.unit.map(field)?.trimmingSpaces()
            }
            hasUnitColumn = layout.unit != nil
            priceField = field(layout.price)
            price = prices.read(priceField)
            list = layout.list.map(field)?.trimmingSpaces().withoutFormulaGuard()
        }
    }

    /// Everything wrong with a row that cannot be ranked, in the order a reader fixes them.
    private func problems(_ fields: Fields, unit: Int) -> [RowProblem] {
        let name = fields.name
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { RowProblem.text(bytes.trimmingSpaces()) }
        var problems: [RowProblem] = []
        if let list = fields.list, list.isEmpty { problems.append(.emptyList) }
        if let list = fields.list, !list.isValidUTF8 { problems.append(.listNotUTF8) }
        if name.isEmpty { problems.append(.emptyName) }
        if !name.isValidUTF8 { problems.append(.nameNotUTF8) }

        // With sizes from the names (`--size-from-name`) the quantity is what the name ends with.
        let quantityText = fields.quantity.map(text) ?? text(name)
        let unitText = fields.unit.map(text) ?? ""
        var unitInSize = false
        switch fields.size {
        case .failure(.noSize):
            if !name.isEmpty { problems.append(.noSizeInName) }
        case .failure(.number(let failure)):
            problems.append(.number(.quantity, text: quantityText, failure: failure))
        case .success(let value) where fields.quantity == nil:
            // The size at the end of the name: say what is wrong with it, once.
            unitInSize = true
            if unit < 0 {
                problems.append(.unknownUnitInName(unit: unitText))
            } else if value.quantity.isZero {
                problems.append(.zeroSizeInName)
            }
        case .success(let value):
            unitInSize = value.unit != nil
            if value.quantity.isZero { problems.append(.notPositive(.quantity, text: quantityText)) }
            if unit < 0 && unitInSize {
                problems.append(.unknownUnitInQuantity(unit: unitText, quantity: quantityText))
            } else if unit < 0 && !fields.hasUnitColumn {
                problems.append(.noUnit(quantity: quantityText))
            }
        }
        if unit < 0 && !unitInSize && fields.hasUnitColumn {
            problems.append(unitText.isEmpty ? .emptyUnit : .unknownUnit(text: unitText))
        }
        if unit >= 0, case .success(let value) = fields.size, !value.quantity.isZero, !isWholeIfCounted(value.quantity, unit: unit) {
            problems.append(.fractionalCount(size: value.quantity.text, unit: unitText))
        }
        switch fields.price {
        case .failure(let failure): problems.append(.number(.price, text: text(fields.priceField), failure: failure))
        case .success(let value) where value.value.isZero: problems.append(.notPositive(.price, text: text(fields.priceField)))
        case .success: break
        }
        return problems
    }
}
