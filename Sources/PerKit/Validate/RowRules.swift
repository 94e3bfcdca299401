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
    private let counts: SizeReader
    private let packPrices: NumberReader
    /// The list of the rows of a file without a list column.
    let defaultList: [UInt8]
    /// Each unit's size in items for a unit that counts items (each, dozen), by unit index; nil
    /// for units of mass and volume.
    private let itemsPerUnit: [ExactDecimal?]

    /// The most packs one row may count.
    static let maxCount = Int(UInt16.max)
    /// How far a row's price may be from its count times its pack price: half a cent, as a
    /// total rounded to the cent either way is.
    static let priceTolerance: ExactDecimal = "0.005"

    init(file: SheetFile, units: UnitTable) {
        layout = file.layout
        sizes = file.format.sizeReader
        prices = file.format.priceNumbers
        counts = SizeReader(numbers: file.format.countNumbers)
        packPrices = file.format.packPriceNumbers
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
        /// The size bought: the pack size times the count.
        let quantity: ExactDecimal
        /// What the row cost in all.
        let price: ExactDecimal
        let currency: Currency?
        /// The unit as written, and its id in `spellings`.
        let spelling: Int
        /// The unit it names, an index in the unit table.
        let unit: Int
        /// The list as written, or nil for the file's own (`defaultList`).
        let list: UnsafeBufferPointer<UInt8>?
        /// How many packs the row bought, or 0 for a row without a count (a price sheet's row, a
        /// weighed item).
        let count: Int
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
        // A receipt's row: how many packs it bought (or how much it weighed), and its pack price.
        let bought = fields.count.map { readCount($0, fields: fields, spellings: &spellings) }
        let measured = bought.flatMap { try? $0.get().measured }
        let spelling = measured?.spelling ?? fields.unit.map { spellings.id($0) }
        let unit = measured?.unit ?? spelling.map { spellings.unit(of: $0) } ?? -1
        let size = measured.map { .success($0.size) } ?? fields.size
        guard case .success(let pack) = size, !pack.quantity.isZero,
              unit >= 0, let spelling, isWholeIfCounted(pack.quantity, unit: unit),
              !fields.name.isEmpty, fields.name.isValidUTF8,
              fields.list.map({ !$0.isEmpty && $0.isValidUTF8 }) ?? true,
              case .success(let count) = bought ?? .success(.packs(0)),
              let quantity = count.packs > 1 ? pack.quantity.times(count.packs) : Optional(pack.quantity),
              case .success(let price) = price(fields, count: count), !price.value.isZero
        else {
            return record.isBlank ? .blank : .rejected(problems(fields, bought: bought, size: size, unit: unit))
        }
        return .candidate(Candidate(name: fields.name, quantity: quantity, price: price.value, currency: price.currency,
                                    spelling: spelling, unit: unit, list: fields.list, count: count.packs))
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

    // MARK: - Receipts: counts and pack prices

    /// What a count cell says: a number of packs (`2`, `2 Stk`, `2,000 vnt.`), or an amount
    /// measured at the till (`0.732 kg`, a weighed item), which is then the row's size.
    enum Bought {
        /// 0 when the row has no count: one pack, shown without a count.
        case packs(Int)
        case measured(size: SizeReader.Size, spelling: Int, unit: Int)

        var packs: Int {
            if case .packs(let count) = self { return count }
            return 0
        }

        var measured: (size: SizeReader.Size, spelling: Int, unit: Int)? {
            if case .measured(let size, let spelling, let unit) = self { return (size, spelling, unit) }
            return nil
        }

        /// What the pack price is multiplied by: the packs, or the amount measured.
        var multiplier: ExactDecimal {
            switch self {
            case .packs(let count): ExactDecimal(significand: UInt64(max(count, 1)), scale: 0)
            case .measured(let size, _, _): size.quantity
            }
        }
    }

    /// Reads a count cell. Its unit is the one written in it, or the unit column's when the
    /// file has no quantity column (the unit column then says what the count counts: `Stk`,
    /// `kg`). A number of packs is a positive whole number of at most `maxCount`.
    private func readCount(_ field: UnsafeBufferPointer<UInt8>, fields: Fields, spellings: inout UnitSpellings)
        -> Result<Bought, RowProblem> {
        let text = RowProblem.text(field.trimmingSpaces())
        let value: SizeReader.Size
        switch counts.read(field) {
        case .success(let size): value = size
        case .failure(.number(let failure)): return .failure(.number(.count, text: text, failure: failure))
        case .failure(.noSize): return .failure(.number(.count, text: text, failure: .notANumber))
        }
        let unitBytes = value.unit.map { UnsafeBufferPointer(rebasing: field[$0]) } ?? (layout.quantity == nil ? fields.unitColumn : nil)
        var packs = value.quantity
        if let unitBytes, !unitBytes.isEmpty {
            let spelling = spellings.id(unitBytes)
            let unit = spellings.unit(of: spelling)
            guard unit >= 0 else { return .failure(.unknownUnitInCount(unit: RowProblem.text(unitBytes), count: text)) }
            guard let items = itemsPerUnit[unit] else {
                return .success(.measured(size: value, spelling: spelling, unit: unit))
            }
            guard let counted = packs.timesExactly(items) else { return .failure(.number(.count, text: text, failure: .tooManyDigits)) }
            packs = counted
        }
        if packs.isZero { return .failure(.notPositive(.count, text: text)) }
        guard let whole = packs.wholeValue, whole <= Self.maxCount else {
            return .failure(packs.wholeValue == nil ? .countNotWhole(text: text) : .countTooLarge(text: text, limit: Self.maxCount))
        }
        return .success(.packs(whole))
    }

    /// What the row cost: its price column, or its count times its pack price; with both, they
    /// must agree within `priceTolerance`.
    private func price(_ fields: Fields, count: Bought) -> Result<NumberReader.Reading, RowProblem> {
        guard let packField = fields.packPriceField else {
            return fields.price.mapError { .number(.price, text: RowProblem.text(fields.priceField.trimmingSpaces()), failure: $0) }
        }
        let packText = RowProblem.text(packField.trimmingSpaces())
        let pack: NumberReader.Reading
        switch packPrices.read(packField) {
        case .success(let reading): pack = reading
        case .failure(let failure): return .failure(.number(.packPrice, text: packText, failure: failure))
        }
        guard let expected = pack.value.timesExactly(count.multiplier) else {
            return .failure(.number(.packPrice, text: packText, failure: .tooManyDigits))
        }
        guard fields.hasPriceColumn else {
            return .success(NumberReader.Reading(value: expected, currency: pack.currency, evidence: nil))
        }
        let total: NumberReader.Reading
        switch fields.price {
        case .success(let reading): total = reading
        case .failure(let failure):
            return .failure(.number(.price, text: RowProblem.text(fields.priceField.trimmingSpaces()), failure: failure))
        }
        guard total.value.isWithin(Self.priceTolerance, of: expected) else {
            return .failure(.priceDisagrees(price: total.value.text, count: count.multiplier.text, packPrice: pack.value.text,
                                            expected: expected.text))
        }
        if let currency = total.currency ?? pack.currency, let other = pack.currency, currency != other {
            return .failure(.currenciesDisagree(price: currency.code, packPrice: other.code))
        }
        return .success(NumberReader.Reading(value: total.value, currency: total.currency ?? pack.currency, evidence: nil))
    }

    /// What a row's fields say, each read once: the name, the size, the unit as written, the
    /// price and the list, trimmed; the count and pack price as written. Valid only as long as
    /// the record.
    struct Fields {
        let name: UnsafeBufferPointer<UInt8>
        /// The quantity column's field, or nil when sizes come from names.
        let quantity: UnsafeBufferPointer<UInt8>?
        let size: Result<SizeReader.Size, SizeReader.Failure>
        /// The unit column's field, or the unit written after the size, when there is one.
        let unit: UnsafeBufferPointer<UInt8>?
        /// The unit column's field, trimmed, when the file has one.
        let unitColumn: UnsafeBufferPointer<UInt8>?
        let priceField: UnsafeBufferPointer<UInt8>
        let hasPriceColumn: Bool
        let price: Result<NumberReader.Reading, NumberReader.Failure>
        let list: UnsafeBufferPointer<UInt8>?
        let count: UnsafeBufferPointer<UInt8>?
        let packPriceField: UnsafeBufferPointer<UInt8>?

        var hasUnitColumn: Bool { unitColumn != nil }

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
            unitColumn = layout.unit.map(field)?.trimmingSpaces()
            if case .success(let value) = size, let range = value.unit {
                unit = UnsafeBufferPointer(rebasing: (quantity ?? name)[range])
            } else {
                unit = unitColumn
            }
            hasPriceColumn = layout.price != nil
            priceField = layout.price.map(field) ?? UnsafeBufferPointer(start: nil, count: 0)
            price = prices.read(priceField)
            list = layout.list.map(field)?.trimmingSpaces().withoutFormulaGuard()
            count = layout.count.map(field)
            packPriceField = layout.packPrice.map(field)
        }
    }

    /// Everything wrong with a row that cannot be ranked, in the order a reader fixes them.
    private func problems(_ fields: Fields, bought: Result<Bought, RowProblem>?, size: Result<SizeReader.Size, SizeReader.Failure>,
                          unit: Int) -> [RowProblem] {
        let name = fields.name
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { RowProblem.text(bytes.trimmingSpaces()) }
        var problems: [RowProblem] = []
        if let list = fields.list, list.isEmpty { problems.append(.emptyList) }
        if let list = fields.list, !list.isValidUTF8 { problems.append(.listNotUTF8) }
        if name.isEmpty { problems.append(.emptyName) }
        if !name.isValidUTF8 { problems.append(.nameNotUTF8) }
        if case .failure(let problem)? = bought { problems.append(problem) }
        let measured = (try? bought?.get())?.measured != nil

        // With sizes from the names (`--size-from-name`) the quantity is what the name ends with.
        let quantityText = fields.quantity.map(text) ?? text(name)
        let unitText = fields.unit.map(text) ?? ""
        var unitInSize = false
        switch size {
        case .success where measured:
            break
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
        if unit < 0 && !unitInSize && !measured && fields.hasUnitColumn && (fields.count == nil || fields.quantity != nil) {
            problems.append(unitText.isEmpty ? .emptyUnit : .unknownUnit(text: unitText))
        }
        if unit >= 0, !measured, case .success(let value) = size, !value.quantity.isZero, !isWholeIfCounted(value.quantity, unit: unit) {
            problems.append(.fractionalCount(size: value.quantity.text, unit: unitText))
        }
        if case .success(let value) = size, case .success(let count)? = bought, count.packs > 1, value.quantity.times(count.packs) == nil {
            problems.append(.number(.quantity, text: quantityText, failure: .tooManyDigits))
        }
        switch price(fields, count: (try? bought?.get()) ?? .packs(0)) {
        case .failure(let problem): problems.append(problem)
        case .success(let value) where value.value.isZero:
            let field = fields.hasPriceColumn ? fields.priceField : fields.packPriceField ?? fields.priceField
            problems.append(.notPositive(fields.hasPriceColumn ? .price : .packPrice, text: text(field)))
        case .success: break
        }
        return problems
    }
}
