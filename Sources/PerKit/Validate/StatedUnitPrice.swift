import BigInt

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
    /// The currency the cell names, if it names one.
    public var currency: Currency? = nil

    /// The basis in base units (grams, millilitres, items), or nil for the list's.
    func basis(factors: [ExactDecimal]) -> ExactDecimal? {
        guard let amount else { return nil }
        return amount.timesExactly(factors[Int(unit)])
    }
}

extension StatedUnitPrice {
    /// How far a reading may be from the figure and still count as evidence for it: 1%.
    static let roughMargin = 0.01

    /// How far the figure is from `price` over a size of `base` base units, on the figure's
    /// basis (per kg, l or item when it names none), as a share of that unit price, half a cent
    /// forgiven: evidence for one reading of a row's size over another, never the check of the
    /// figure (`StatedCheck`, exact).
    func relativeError(price: ExactDecimal, base: ExactDecimal, dimension: Dimension, factors: [ExactDecimal]) -> Double? {
        let basis = self.basis(factors: factors)?.approximately ?? (dimension == .count ? 1 : 1000)
        let size = base.approximately
        guard size > 0 else { return nil }
        let expected = price.approximately / size * basis
        guard expected > 0 else { return nil }
        return max(0, abs(value.approximately - expected) - 0.005) / expected
    }
}

/// Reads a stated-unit-price cell: a number, or figures with what they are per, written as
/// shops write them: `8.98`, `1,99 €/kg`, `$0.61/100g`, `$2.75 /100g`, `25¢/100ml`, `1.99 per
/// kg`, `$3.49 ea.$1.15 /100g`. With several figures, the last one per a unit of the product's
/// dimension counts (`$1.15 /100g` of a product sold by weight); a cell with figures none of
/// which is per the product's dimension, or with several and none per a unit, reads no way.
extension StatedUnitPrice {
    /// Whether this figure, per `basis` base units, agrees with `price` for `size` base units,
    /// by the one rule of `StatedCheck.agrees`.
    func agrees(price: ExactDecimal, size: ExactDecimal, basis: ExactDecimal) -> Bool {
        guard !size.isZero else { return false }
        // price × basis / size = (p·b·10^s) / (z·10^(pp+bb)), with p, b, z the significands.
        var numerator = BigUInt(price.significand) * BigUInt(basis.significand)
        var denominator = BigUInt(size.significand)
        let shift = size.scale - price.scale - basis.scale
        if shift >= 0 { numerator *= BigUInt(10).power(shift) } else { denominator *= BigUInt(10).power(-shift) }
        return Self.agrees(value, with: (numerator, denominator))
    }

    /// The rule for a stated figure `S` with `s` decimals against an exact unit price `n/d` on
    /// the figure's basis: they agree within half the figure's last digit plus 0.5% of it,
    /// |n/d − S/10^s| ≤ ½·10^−s + S/10^s / 200, as 200·|n·10^s − S·d| ≤ (100 + S)·d.
    static func agrees(_ stated: ExactDecimal, with value: (numerator: BigUInt, denominator: BigUInt)) -> Bool {
        let figure = BigUInt(stated.significand)
        let lhs = value.numerator * BigUInt(10).power(stated.scale)
        let rhs = figure * value.denominator
        let difference = lhs > rhs ? lhs - rhs : rhs - lhs
        return difference * 200 <= (100 + figure) * value.denominator
    }
}

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
        /// A currency other than the product's price's, or two.
        case otherCurrency
    }

    /// The stated unit price of a product of `dimension` priced in `currency` (when its price
    /// states one), or nil for an empty cell. A cell in another currency, or naming two, reads
    /// no way: its figure cannot be compared.
    func read(_ cell: UnsafeBufferPointer<UInt8>, dimension: Dimension, currency: Currency? = nil) -> Result<StatedUnitPrice?, Failure> {
        let field = cell.trimmingSpaces()
        if field.isEmpty { return .success(nil) }
        guard let named = Self.currency(in: field) else { return .failure(.otherCurrency) }
        if let stated = named.currency, let currency, !Self.sameCurrency(stated, currency) { return .failure(.otherCurrency) }
        return readFigure(field, dimension: dimension).map { figure in
            figure.map { figure in
                var figure = figure
                figure.currency = named.currency
                return figure
            }
        }
    }

    /// The one currency a cell names (`.some(nil)` for none), or nil when it names two.
    static func currency(in field: UnsafeBufferPointer<UInt8>) -> (currency: Currency?, Void)? {
        var found: Currency?
        var index = 0
        while index < field.count {
            var matched = false
            for (text, currency) in Currency.spellingsByFirstByte[Int(field[index])] where index + text.count <= field.count {
                guard field[index..<(index + text.count)].elementsEqual(text) else { continue }
                // A code is a word of its own (`EUR`, not the `eur` of `Neuro`).
                let isCode = text.allSatisfy(Byte.isASCIILetter)
                if isCode {
                    let before = index == 0 || !Byte.isLetterByte(field[index - 1])
                    let after = index + text.count == field.count || !Byte.isLetterByte(field[index + text.count])
                    guard before && after else { continue }
                }
                if let found, !sameCurrency(found, currency) { return nil }
                found = found ?? currency
                index += text.count
                matched = true
                break
            }
            if !matched { index += 1 }
        }
        return (found, ())
    }


    /// Whether two currencies are one: equal, or `$` beside any dollar.
    static func sameCurrency(_ a: Currency, _ b: Currency) -> Bool { Currency.mayBeSame(a, b) }

    private func readFigure(_ field: UnsafeBufferPointer<UInt8>, dimension: Dimension) -> Result<StatedUnitPrice?, Failure> {
        if case .success(let reading) = numbers.read(field) {
            guard !reading.value.isZero else { return .failure(.notAFigure) }
            return .success(withDefaultBasis(StatedUnitPrice(value: reading.value, amount: nil, unit: -1), dimension: dimension))
        }
        let text = String(decoding: field, as: UTF8.self)
        guard let figures = Self.figures(in: text, numbers: numbers, units: units), !figures.isEmpty else { return .failure(.notAFigure) }
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

    /// The figures of a cell: each number (after a currency sign; in cents after `¢`, `ct`,
    /// `Cent`), and the basis that follows it after `/`, `per`, `za`, `pro` or `je`, or `ea`,
    /// `each` right after it. Nil when the cell holds something that reads no way: a basis that
    /// names no unit per knows (`/t`, `/m`, `/Stück zu 3`), a negative figure.
    static func figures(in text: String, numbers: NumberReader, units: UnitTable)
        -> [(value: ExactDecimal, amount: ExactDecimal?, unit: Int?)]? {
        let characters = Array(text)
        var figures: [(value: ExactDecimal, amount: ExactDecimal?, unit: Int?)] = []
        var index = 0
        func isDigit(_ at: Int) -> Bool { at < characters.count && characters[at].isASCII && characters[at].isNumber }
        func skipBlanks() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
        /// A number, its digits grouped by blanks or apostrophes too (`1 299,00`, `12'990.00`).
        func number() -> ExactDecimal? {
            let start = index
            var text = ""
            while index < characters.count {
                let character = characters[index]
                if isDigit(index) || character == "." || character == "," {
                    text.append(character)
                    index += 1
                } else if " \u{00A0}\u{202F}'’".contains(character), isDigit(index + 1), isDigit(index + 2), isDigit(index + 3), !isDigit(index + 4),
                          text.last?.isNumber == true {
                    index += 1  // a group separator: three digits follow, then no more
                } else {
                    break
                }
            }
            // A trailing mark is punctuation (`ea.`, `12,-`), not part of the number.
            while let last = text.last, !last.isNumber { text.removeLast(); index -= 1 }
            guard index > start, !text.isEmpty else { return nil }
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                if case .success(let reading) = numbers.read(UnsafeBufferPointer(buffer)) { return reading.value }
                return nil
            }
        }
        func word() -> String {
            let start = index
            while index < characters.count, characters[index].isLetter || (index > start && characters[index] == ".") { index += 1 }
            return String(characters[start..<index])
        }
        /// The unit of a basis: one word, or two (`fl oz`, `US fl oz`), or three.
        func unitName() -> Int? {
            let start = index
            var names: [(end: Int, text: String)] = []
            var text = ""
            for _ in 0..<3 {
                skipBlanks()
                let next = word()
                if next.isEmpty { break }
                text += text.isEmpty ? next : " " + next
                names.append((index, text))
            }
            for candidate in names.reversed() {
                if let found = units.lookup(candidate.text) ?? units.lookup(candidate.text.trimmingCharacters(in: ["."])) {
                    index = candidate.end
                    return found
                }
            }
            index = start
            return nil
        }
        // A basis written before the figure (`per kg 9.99`, `je 100 g: 0,99 €`).
        var leadingBasis: (amount: ExactDecimal, unit: Int)?
        while index < characters.count {
            guard isDigit(index) else {
                if characters[index].isLetter, index == 0 || !characters[index - 1].isLetter {
                    let start = index
                    if ["per", "je", "pro", "za"].contains(word().lowercased()) {
                        skipBlanks()
                        let given = isDigit(index) ? number() : nil
                        if let found = unitName() {
                            if figures.isEmpty { leadingBasis = (given ?? ExactDecimal(significand: 1, scale: 0), found) }
                            continue
                        }
                    }
                    index = max(index, start + 1)
                    continue
                }
                index += 1
                continue
            }
            if index > 0, characters[index - 1] == "-" || characters[index - 1] == "−" { return nil }  // a negative figure
            guard var value = number() else { return nil }
            skipBlanks()
            // In cents: `25¢`, `119 Cent`, `12,5 ct`.
            let afterFigure = index
            if index < characters.count, characters[index] == "¢" {
                value = ExactDecimal(significand: value.significand, scale: value.scale + 2)
                index += 1
            } else if Self.centWords.contains(word().lowercased()) {
                value = ExactDecimal(significand: value.significand, scale: value.scale + 2)
            } else {
                index = afterFigure
            }
            // A currency after the figure (`1,99 €/kg`, `1.99 EUR / kg`, `4,98 Euro/kg`).
            skipBlanks()
            let beforeCurrency = index
            let currencyWord = word()
            if currencyWord.isEmpty, index < characters.count, "€$£".contains(characters[index]) {
                index += 1
            } else if currencyWord.isEmpty || (Currency(code: currencyWord) == nil && !Self.currencyWords.contains(currencyWord.lowercased())) {
                index = beforeCurrency
            }
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
                if ["per", "za", "pro", "je", "à"].contains(marker) { hasBasisMark = true } else { index = basisStart }
            }
            if hasBasisMark {
                skipBlanks()
                let given = isDigit(index) ? number() : nil
                guard let found = unitName() else { return nil }  // `/t`, `/m`: a basis per does not know
                unit = found
                amount = given ?? ExactDecimal(significand: 1, scale: 0)
            } else if let found = unitName(), units[found].dimension == .count {
                unit = found
                amount = ExactDecimal(significand: 1, scale: 0)
            } else {
                index = basisStart
            }
            figures.append((value, amount, unit))
        }
        if let leadingBasis, figures.count == 1, figures[0].unit == nil {
            figures[0].amount = leadingBasis.amount
            figures[0].unit = leadingBasis.unit
        }
        return figures.filter { !$0.value.isZero }
    }

    /// Words after a figure that put it in cents.
    static let centWords: Set<String> = ["cent", "cents", "ct", "ct.", "c", "c.", "p",  // pence: `68p / kg`
                                         "centimes", "céntimos", "centavos", "lipa", "haléřů"]
    /// Currency words after a figure that are no ISO code.
    static let currencyWords: Set<String> = ["euro", "euros", "eura", "kn", "kuna", "kč", "kc", "fr", "fr.", "zł", "zl", "lei", "ft", "din",
                                             "lv", "kr", "kr.", "dollar", "dollars", "pound", "pounds", "€", "$", "£"]
}
