extension Result where Success == NumberReader.Reading, Failure == NumberReader.Failure {
    /// A number, or one that reads with either decimal mark (`1,234`).
    fileprivate var isNumber: Bool {
        switch self {
        case .success: true
        case .failure(.ambiguous): true
        case .failure: false
        }
    }
}

/// What a column's values look like in a file's first records (those whole in the sniffed
/// window): how many are numbers, prices, sizes with a unit, units alone, codes or text, and how
/// many differ. Where headers do not decide a column's role, these do (`ColumnRoles`).
struct ColumnValues: Sendable {
    /// Values that are not empty (after trimming).
    var filled = 0
    /// Values that read as a number (either decimal mark; a currency allowed).
    var numbers = 0
    /// Cells that are multi-buy deals (`2 for 5.00`, `2+1 gratis`): prices, of a kind.
    var deals = 0
    /// Numbers that are zero.
    var zeros = 0
    /// Numbers written with a decimal mark or a currency, as prices are (`3,69`, `$4`).
    var decimals = 0
    /// Values that read as a size with a unit of the table (`500 g`, `1,5l`, `6x330ml`).
    var sizes = 0
    /// Values that are a unit alone (`kg`, `KOM`).
    var units = 0
    /// Values of letters alone, at most `longestToken` bytes (`KG`, `EA`, `Stk`, `bunch`): unit
    /// codes, known or not, when a column is mostly these.
    var tokens = 0
    /// Values of digits only, 5 or more, or with leading zeros (`00010016`, `3850139171587`):
    /// product codes, not amounts.
    var codes = 0
    /// Values with letters and no digits ... or with digits: text (`Mlijeko 1 l`).
    var texts = 0
    /// Values with a digit anywhere (`$2.67/100g` as well as `2,67`).
    var withDigits = 0
    /// Values with a letter anywhere (`Bread 500 g` as well as `Bread`).
    var withLetters = 0
    /// How many different values, up to `distinctLimit`.
    var distinct = 0
    /// The total length of the values that are text, for their mean.
    var textLength = 0

    static let distinctLimit = 4096
    /// The records looked at: enough to see what a column holds, few enough that a file's
    /// reading costs no more than a few milliseconds.
    static let sampleLimit = 500
    /// The longest spelling of a unit worth looking up (`kilogrammes`, `Stück`).
    static let longestUnit = 16
    /// The longest code of a unit column (`PIECE`, `BUNCH`).
    static let longestToken = 6

    /// The share of the filled values that `count` is, in percent (0 when none are filled).
    func percent(_ count: Int) -> Int { filled == 0 ? 0 : count * 100 / filled }

    var meanTextLength: Int { texts == 0 ? 0 : textLength / texts }

    /// Whether a cell says "nothing here" (`-`, `–`, `/`, `n/a`, `N.A.`, `nema`, `none`): read as empty.
    static func saysNothing(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        if value.allSatisfy({ $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") || $0 == Byte.dot || $0 == 0xE2 || $0 == 0x80
            || $0 == 0x93 || $0 == 0x94 }) { return true }
        guard value.count <= 4 else { return false }
        let word = String(decoding: value, as: UTF8.self).lowercased().filter { $0 != "." && $0 != "/" }
        return ["na", "nema", "none", "nil", "null", "kein", "keine"].contains(word)
    }

    /// Profiles of every column of `records`.
    static func profiles(of records: [[[UInt8]]], columns: Int, units: UnitTable) -> [ColumnValues] {
        var profiles = [ColumnValues](repeating: ColumnValues(), count: columns)
        var seen = [Set<[UInt8]>](repeating: [], count: columns)
        let numbers = NumberReader(forced: nil, likely: .point, allowsCurrency: true)
        let sizes = SizeReader(numbers: NumberReader(forced: nil, likely: .point))
        let deals = DealReader(numbers: numbers)
        for record in records.prefix(sampleLimit) {
            for column in 0..<min(columns, record.count) {
                record[column].withUnsafeBufferPointer { raw in
                    let value = raw.trimmingSpaces()
                    // `-`, `n/a`, `nema`: no value, as an empty cell.
                    guard !value.isEmpty, !Self.saysNothing(value) else { return }
                    var profile = profiles[column]
                    profile.filled += 1
                    if seen[column].count < distinctLimit { seen[column].insert(Array(value)) }
                    if value.contains(where: Byte.isDigit) { profile.withDigits += 1 }
                    if value.contains(where: Byte.isLetterByte) { profile.withLetters += 1 }
                    if value.count <= Self.longestToken, value.allSatisfy({ Byte.isLetterByte($0) || $0 == Byte.dot }) { profile.tokens += 1 }
                    let hasDigit = value.contains(where: Byte.isDigit)
                    let digitsOnly = hasDigit && value.allSatisfy(Byte.isDigit)
                    if digitsOnly && (value.count >= 5 || (value.count >= 2 && value[0] == UInt8(ascii: "0"))) {
                        profile.codes += 1
                    } else if hasDigit, case let number = numbers.read(value), number.isNumber {
                        profile.numbers += 1
                        if case .success(let reading) = number {
                            if reading.value.isZero { profile.zeros += 1 }
                            if reading.currency != nil || value.contains(where: { $0 == Byte.comma || $0 == Byte.dot }) { profile.decimals += 1 }
                        } else {
                            profile.decimals += 1  // reads with either mark: a decimal
                        }
                    } else if hasDigit, case .success? = deals.read(value) {
                        profile.deals += 1
                    } else if hasDigit, case .success(let size) = sizes.read(value), let unit = size.unit, !size.bare,
                              units.lookup(String(decoding: UnsafeBufferPointer(rebasing: value[unit]), as: UTF8.self)) != nil {
                        profile.sizes += 1
                    } else if !hasDigit, value.count <= Self.longestUnit, units.lookup(String(decoding: value, as: UTF8.self)) != nil {
                        profile.units += 1
                    } else if value.contains(where: Byte.isLetterByte) {
                        profile.texts += 1
                        profile.textLength += value.count
                    }
                    profiles[column] = profile
                }
            }
        }
        for column in 0..<columns { profiles[column].distinct = seen[column].count }
        return profiles
    }
}
