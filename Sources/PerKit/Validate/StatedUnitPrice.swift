/// A shop's own unit price for a product, as its stated-unit-price cell gives it (`11.04`,
/// `$0.61/100g`, `25¢/100ml`): the figure and the amount it is per. Never ranked: `Ranker`
/// compares it with per's exact unit price (`StatedCheck`).
public struct StatedUnitPrice: Hashable, Sendable, BitwiseCopyable {
    /// The figure as written (in the price's currency; a figure in cents is divided by 100, its
    /// digits kept: `25¢` is 0.25 to the cent).
    public var value: ExactDecimal
    /// What it is per: an amount of a unit of the table (`100` of `g`), or nil when the cell
    /// does not say and `--stated-per` does not either: the list's basis.
    public var amount: ExactDecimal?
    public var unit: Int16

    /// The basis in base units (grams, millilitres, items), or nil for the list's.
    func basis(factors: [ExactDecimal]) -> ExactDecimal? {
        guard let amount else { return nil }
        return amount.timesExactly(factors[Int(unit)])
    }
}

/// Reads a stated-unit-price cell: a number, or figures with what they are per, written as
/// shops write them: `8.98`, `1,99 €/kg`, `$0.61/100g`, `$2.75 /100g`, `25¢/100ml`, `1.99 per
/// kg`, `$3.49 ea.$1.15 /100g`. With several figures, the last one per a unit of the product's
/// dimension counts (`$1.15 /100g` of a product sold by weight); a cell with figures none of
/// which is per the product's dimension, or with several and none per a unit, reads no way.
struct StatedUnitPriceReader {
    let numbers: NumberReader
    let units: UnitTable
    /// The amount a figure without its own basis is per, by dimension (`--stated-per 100g`).
    let statedPer: [Dimension: StatedBasis]

    enum Failure: Error, Equatable {
        case notAFigure
        /// Figures per units of another dimension only (`$1.15 /100g` for a count).
        case otherDimension
        /// Several figures, none of them per a unit.
        case several
    }

    /// The stated unit price of a product of `dimension`, or nil for an empty cell.
    func read(_ cell: UnsafeBufferPointer<UInt8>, dimension: Dimension) -> Result<StatedUnitPrice?, Failure> {
        let field = cell.trimmingSpaces()
        if field.isEmpty { return .success(nil) }
        if case .success(let reading) = numbers.read(field) {
            guard !reading.value.isZero else { return .failure(.notAFigure) }
            return .success(withDefaultBasis(StatedUnitPrice(value: reading.value, amount: nil, unit: -1), dimension: dimension))
        }
        let text = String(decoding: field, as: UTF8.self)
        let figures = Self.figures(in: text, numbers: numbers, units: units)
        if figures.isEmpty { return .failure(.notAFigure) }
        if let figure = figures.last(where: { $0.unit.map { units[$0].dimension == dimension } ?? false }) {
            return .success(StatedUnitPrice(value: figure.value, amount: figure.amount, unit: Int16(figure.unit!)))
        }
        if figures.contains(where: { $0.unit != nil }) { return .failure(.otherDimension) }
        guard figures.count == 1 else { return .failure(.several) }
        return .success(withDefaultBasis(StatedUnitPrice(value: figures[0].value, amount: nil, unit: -1), dimension: dimension))
    }

    private func withDefaultBasis(_ figure: StatedUnitPrice, dimension: Dimension) -> StatedUnitPrice {
        guard let per = statedPer[dimension] else { return figure }
        var figure = figure
        figure.amount = per.amount
        figure.unit = Int16(per.unit)
        return figure
    }

    /// The figures of a cell: each number (after a currency sign, perhaps in cents `¢`), and the
    /// basis that follows it after `/`, `per` or `za`, or `ea`/`each` right after it.
    static func figures(in text: String, numbers: NumberReader, units: UnitTable)
        -> [(value: ExactDecimal, amount: ExactDecimal?, unit: Int?)] {
        let characters = Array(text)
        var figures: [(value: ExactDecimal, amount: ExactDecimal?, unit: Int?)] = []
        var index = 0
        func isNumberCharacter(_ character: Character) -> Bool { character.isASCII && (character.isNumber || character == "." || character == ",") }
        func skipBlanks() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
        func number() -> ExactDecimal? {
            let start = index
            while index < characters.count, isNumberCharacter(characters[index]) { index += 1 }
            // A trailing mark is punctuation (`ea.`), not part of the number.
            var end = index
            while end > start, !characters[end - 1].isNumber { end -= 1 }
            guard end > start else { return nil }
            var bytes = Array(String(characters[start..<end]).utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                if case .success(let reading) = numbers.read(UnsafeBufferPointer(buffer)) { return reading.value }
                return nil
            }
        }
        func word() -> String {
            let start = index
            while index < characters.count, characters[index].isLetter { index += 1 }
            return String(characters[start..<index])
        }
        while index < characters.count {
            guard characters[index].isASCII, characters[index].isNumber, var value = number() else {
                index += 1
                continue
            }
            skipBlanks()
            if index < characters.count, characters[index] == "¢" {
                value = ExactDecimal(significand: value.significand, scale: value.scale + 2)
                index += 1
            }
            // A currency after the figure (`1,99 €/kg`, `1.99 EUR / kg`).
            skipBlanks()
            let afterFigure = index
            let currencyWord = word()
            if currencyWord.isEmpty, index < characters.count, "€$£".contains(characters[index]) { index += 1 }
            else if currencyWord.isEmpty || Currency(code: currencyWord) == nil { index = afterFigure }
            skipBlanks()
            var amount: ExactDecimal?
            var unit: Int?
            let basisStart = index
            var hasBasisMark = false
            if index < characters.count, characters[index] == "/" {
                index += 1
                hasBasisMark = true
            } else {
                let marker = word().lowercased()
                if marker == "per" || marker == "za" || marker == "pro" || marker == "je" { hasBasisMark = true } else { index = basisStart }
            }
            if hasBasisMark {
                skipBlanks()
                let given = index < characters.count && characters[index].isNumber ? number() : nil
                skipBlanks()
                let name = word()
                if let found = units.lookup(name) {
                    unit = found
                    amount = given ?? ExactDecimal(significand: 1, scale: 0)
                } else {
                    index = basisStart
                }
            } else {
                let name = word()
                if let found = units.lookup(name), units[found].dimension == .count, !name.isEmpty {
                    unit = found
                    amount = ExactDecimal(significand: 1, scale: 0)
                } else {
                    index = basisStart
                }
            }
            figures.append((value, amount, unit))
        }
        return figures.filter { !$0.value.isZero }
    }
}
