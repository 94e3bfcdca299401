/// A unit column that holds whole sizes (`1,5l`, `800g`, `20komad`, as Lidl's export writes
/// it) beside a quantity column of numbers (`ColumnLayout.unitHoldsSizes`): which of the two is
/// the row's size. A rule about one row, so part of `RowRules`.
extension RowRules {
    /// For a file whose unit column holds whole sizes (`1,5l`, `800g`, `20komad`) beside a
    /// quantity column of numbers (`ColumnLayout.unitHoldsSizes`): a row whose number is that
    /// size (`1.5` beside `1,5l`, or in kg or l, `0.2` beside `200g`) is read as the unit
    /// column's size. When they disagree (`0.023` beside `20komad`), the shop's stated unit price
    /// decides, when it agrees with exactly one of the two (the whole size, or the number in kg
    /// or l); otherwise the row reads two ways and is refused with both.
    func settleUnitColumnSize(_ fields: inout Fields, record: CSVRecord, spellings: inout UnitSpellings) {
        guard let unitColumn = fields.unitColumn, case .success(let number) = fields.size, number.unit == nil, !number.bare else { return }
        let read = sizes.read(unitColumn)
        switch read {
        case .failure(.range), .failure(.several), .failure(.splitNumber):
            // Several sizes in the unit column (`112g,148g`, `ca. 200-400g`): said as such.
            fields.size = read
            fields.quantity = unitColumn
            return
        default: break
        }
        guard case .success(let whole) = read, let range = whole.unit, !whole.bare else { return }
        let spelled = UnsafeBufferPointer(rebasing: unitColumn[range])
        let unit = self.unit(of: spelled, spellings: &spellings).unit
        guard unit >= 0 else { return }
        let dimension = facts.dimensions[unit]
        let thousand = ExactDecimal(significand: 1000, scale: 0)
        let wholeBase = whole.quantity.timesExactly(facts.factors[unit])
        let numberBase = number.quantity.timesExactly(thousand)
        // The same size: the same number (`1.5`, `1,5l`), the number in g or ml (`1500`), or in kg
        // or l to the digits it writes (`0.255` beside `255,2g`: within half its last digit, at
        // most 5 g or 5 ml).
        if number.quantity.compareValue(whole.quantity) == 0
            || (dimension != .count && wholeBase.map { number.quantity.compareValue($0) == 0 } == true)  // `1500` beside `1,5l`
            || (dimension != .count && Self.sameSizeRounded(numberBase, scale: number.quantity.scale, wholeBase)) {
            fields.size = .success(whole)
            fields.unit = spelled
            return
        }
        // The number in kg or l: what a quantity column of numbers beside such sizes holds.
        // The shop's stated unit price, per the price (or, when a sale leaves it empty, the
        // sale price), decides when it agrees with one of the two, or the nearer of both.
        let big = dimension == .volume ? "l" : "kg"
        let paid = (try? fields.price.get()) ?? fields.salePriceField.flatMap { try? salePrices.read($0).get() }
        if let statedPrices, let column = layout.statedUnitPrice, column < record.count, let bigUnit = spellings.unit(named: big),
           let paid, let wholeBase {
            func error(_ dimension: Dimension, base: ExactDecimal?) -> Double? {
                guard let base, case .success(let figure?) = statedPrices.read(record[column], dimension: dimension) else { return nil }
                return figure.relativeError(price: paid.value, base: base, dimension: dimension, factors: facts.factors)
            }
            let toWhole = error(dimension, base: wholeBase)
            let toNumber = error(facts.dimensions[bigUnit], base: numberBase)
            let wholeAgrees = toWhole.map { $0 <= StatedUnitPrice.roughMargin } ?? false
            let numberAgrees = toNumber.map { $0 <= StatedUnitPrice.roughMargin } ?? false
            if wholeAgrees && (!numberAgrees || toWhole! <= toNumber!) {
                fields.size = .success(whole)
                fields.unit = spelled
                return
            }
            if numberAgrees {
                fields.unit = Self.spelling(ofSymbol: big)
                return
            }
        }
        fields.size = .failure(.besideOtherSize(quantity: number.quantity.text, unitColumn: RowProblem.text(unitColumn)))
    }

    /// Whether a number in kg or l (in base units, `numberBase`, written with `scale` decimals)
    /// is `wholeBase` rounded to its digits: within half its last digit, at most 5 g or 5 ml,
    /// and only for two decimals or more.
    private static func sameSizeRounded(_ numberBase: ExactDecimal?, scale: Int, _ wholeBase: ExactDecimal?) -> Bool {
        guard let numberBase, let wholeBase else { return false }
        if numberBase.compareValue(wholeBase) == 0 { return true }
        guard scale >= 2 else { return false }
        let half = ExactDecimal(significand: 5, scale: scale - 2)
        return numberBase.isWithin(half, of: wholeBase)
    }

    /// A unit's symbol as bytes that live as long as the process, for a unit that no cell writes
    /// (a header's `(KG)`, the kg of a number beside a unit column of sizes); nil for a symbol
    /// of more than one word.
    static func spelling(ofSymbol symbol: String) -> UnsafeBufferPointer<UInt8>? {
        let text: StaticString
        switch symbol {
        case "mg": text = "mg"
        case "g": text = "g"
        case "dag": text = "dag"
        case "kg": text = "kg"
        case "oz": text = "oz"
        case "lb": text = "lb"
        case "ml": text = "ml"
        case "cl": text = "cl"
        case "dl": text = "dl"
        case "l": text = "l"
        case "each": text = "each"
        default: return nil
        }
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

}
