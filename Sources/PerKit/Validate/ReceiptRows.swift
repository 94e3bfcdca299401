/// A receipt's rows: what a count cell says (packs bought, or an amount weighed) and a
/// discount line's amount.
extension RowRules {
    /// A receipt's row as read: its fields, what its count cell says, and the size and unit
    /// that follow.
    struct ReceiptReading {
        let fields: Fields
        let bought: Result<Bought, RowProblem>?
        let packs: Int
        let measured: (size: SizeReader.Size, spelling: Int, unit: Int)?
        let spelling: Int?
        let unit: Int
        let pack: SizeReader.Size?

        init(_ record: CSVRecord, rules: RowRules, spellings: inout UnitSpellings) {
            var fields = Fields(record, layout: rules.layout, sizes: rules.sizes, prices: rules.prices, headerUnit: rules.headerUnit)
            if fields.mayReadRarer(statedColumn: rules.layout.statedUnitPrice) { fields.readRarer(record, rules: rules) }
            if rules.layout.unitHoldsSizes { rules.settleUnitColumnSize(&fields, record: record, spellings: &spellings) }
            self.fields = fields
            bought = fields.count.map { rules.readCount($0, fields: fields, spellings: &spellings) }
            var packs = 0
            var measured: (size: SizeReader.Size, spelling: Int, unit: Int)?
            if case .success(let count)? = bought {
                packs = count.packs
                measured = count.measured
            }
            self.packs = packs
            self.measured = measured
            let resolved = fields.unit.map { rules.unit(of: $0, spellings: &spellings) }
            spelling = measured?.spelling ?? resolved?.spelling
            unit = measured?.unit ?? resolved?.unit ?? -1
            if let measured { pack = measured.size } else if case .success(let size) = fields.size { pack = size } else { pack = nil }
        }

        /// What the pack price is multiplied by.
        var count: Bought { measured.map { .measured(size: $0.size, spelling: $0.spelling, unit: $0.unit) } ?? .packs(packs) }
    }

    /// A discount line's amount: the negative price of a row without a size (or, without a price
    /// column, its negative pack price), as a positive number.
    func discount(_ fields: Fields) -> NumberReader.Reading? {
        if fields.hasPriceColumn { return prices.negativeAmount(fields.priceField) }
        return fields.packPriceField.flatMap { packPrices.negativeAmount($0) }
    }

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

    /// Reads a count cell (on its own, out of `judge`'s way: price sheets have none). Its unit is the one written in it, or the unit column's when the
    /// file has no quantity column (the unit column then says what the count counts: `Stk`,
    /// `kg`). A number of packs is a positive whole number of at most `maxCount`.
    @inline(never)
    private func readCount(_ field: UnsafeBufferPointer<UInt8>, fields: Fields, spellings: inout UnitSpellings)
        -> Result<Bought, RowProblem> {
        let text = RowProblem.text(field.trimmingSpaces())
        let value: SizeReader.Size
        switch counts.read(field) {
        case .success(let size): value = size
        case .failure(.number(.empty)): return .success(.packs(1))  // a till prints no count for one
        case .failure(.number(let failure)): return .failure(.number(.count, text: text, failure: failure))
        case .failure(.noSize), .failure(.range), .failure(.several), .failure(.splitNumber), .failure(.basisOrBound), .failure(.besideOtherSize),
             .failure(.nutrient):
            return .failure(.number(.count, text: text, failure: .notANumber))
        }
        let unitBytes = value.unit.map { UnsafeBufferPointer(rebasing: field[$0]) } ?? (layout.quantity == nil ? fields.unitColumn : nil)
        var packs = value.quantity
        if let unitBytes, !unitBytes.isEmpty {
            let spelling = spellings.id(unitBytes)
            let unit = spellings.unit(of: spelling)
            guard unit >= 0 else { return .failure(.unknownUnitInCount(unit: RowProblem.text(unitBytes), count: text)) }
            guard let items = facts.itemsPerUnit[unit] else {
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
}
