/// A size in a product's name against its quantity column. Metro's, Konzum's and KTC-style
/// lists give the quantity in kg or l to two decimals, so `Pašteta 135g` has `0.14` kg: when the
/// name's size rounds to the column's figure at the digits the column writes (half its last
/// digit, at most 5 g or 5 ml), the name's exact size is the product's size (`refined`). Any
/// other difference is flagged (`disagrees`) and neither size changed: `Brandy 0,09L` with
/// `0.01` l, `87 Gram` with `500g`; with its likely cause when one is clear: a whole factor of
/// 10, 100 or 1000 either way (`85 g` with `0.85` kg, `150 G` with `150 KG`: a slipped decimal
/// point or unit, or a case of ten), or a column that gives one of the name's packs (`10 x 8G`
/// with `8 g`).
///
/// A column that is another whole number of times the name's size (`1L DUKAT MLIJEKO` with
/// `12 L`, `Choc 100 g` with `1.2` kg) disagrees too, its cause a case of that many packs:
/// flagged unless the shop's stated unit price agrees with the column. Sizes in names are read where they
/// stand, at the end or before words (`SLANINA 90g DOBRO`); a name with two sizes of the
/// column's dimension that differ reads two ways and is not used. A column below the name's
/// size that the shop's own unit price agrees with (a drained weight) is not flagged: the rank
/// step drops the flag (`ProductChecks`).
struct NameSizeCheck {
    let sizes: SizeReader
    let units: UnitTable
    let factors: [ExactDecimal]

    /// The widest rounding a refined size may undo, in base units: half of 10 g or 10 ml.
    static let widestRounding = ExactDecimal(significand: 5, scale: 0)

    struct Outcome: Sendable {
        enum Kind: Sendable {
            /// The name's size is the quantity rounded: the product takes the name's size.
            case refined
            /// As `refined`, but sizes are not refined (`--no-refine-sizes`).
            case notRefined
            /// The two differ beyond the column's rounding.
            case disagrees
            /// The size itself reads two ways (`4PACK 160g`) and nothing in the row settles it:
            /// `nameSize` is the packs' total (ranked), `listedSize` the other reading, the size
            /// in all; the cause is `onePack`.
            case readsTwoWays
        }
        var kind: Kind
        /// The name's size, its unit and its spelling as written in the name.
        var nameSize: ExactDecimal
        var nameUnit: Int
        var nameSpelling: [UInt8]
        /// The quantity column's size, and its unit as written.
        var listedSize: ExactDecimal
        var listedUnit: Int
        var listedSpelling: String
        /// The likely cause of a disagreement, when one is clear.
        var cause: Cause?

        enum Cause: Equatable, Sendable {
            /// One size is 10, 100 or 1000 times the other: a slipped decimal point or unit
            /// (or, the column the larger, a case of that many).
            case factor(Int)
            /// The name multiplies a pack count (`10 x 8G`) and the column gives one of them.
            case onePack(count: UInt64)
            /// The column is another whole number of times the name's size (`1L` with `12 L`): a
            /// case of that many packs, or a wrong size. The shop's stated unit price, agreeing
            /// with the column, clears it (`ProductChecks`).
            case caseOf(count: Int)
        }

        var nameText: String { "\(nameSize.text) \(String(decoding: nameSpelling, as: UTF8.self))" }
        var listedText: String { "\(listedSize.text) \(listedSpelling)" }
    }

    /// The outcome for a row whose column gives `quantity` of `unit` (spelled `spelling`), or
    /// nil when the name has no size to compare or they agree exactly.
    func check(name: UnsafeBufferPointer<UInt8>, quantity: ExactDecimal, unit: Int, spelling: @autoclosure () -> String) -> Outcome? {
        let dimension = units[unit].dimension
        guard dimension != .count, let step = ExactDecimal(significand: 1, scale: quantity.scale).timesExactly(factors[unit])
        else { return nil }
        guard let found = sizeInName(name, dimension: dimension),
              let nameBase = found.size.timesExactly(factors[found.unit]),
              let listedBase = quantity.timesExactly(factors[unit]) else { return nil }
        if nameBase.compareValue(listedBase) == 0 { return nil }
        // Half a step either way: the column's figure is the name's rounded to its digits; at
        // most 5 g or 5 ml, the rounding of two decimals of a kg or l, whatever the cell writes
        // (`0.1` kg in a column of `0.14` and `0.54` has lost a zero, not gained 50 g of slack).
        let halfStep = ExactDecimal(significand: step.significand * 5, scale: step.scale + 1)
        let half = halfStep.compareValue(Self.widestRounding) > 0 ? Self.widestRounding : halfStep
        var kind = Outcome.Kind.disagrees
        var cause: Outcome.Cause?
        if nameBase.isWithin(half, of: listedBase) {
            kind = .refined
        } else if found.packCount > 1, let oneBase = nameBase.dividedExactly(by: found.packCount),
                  found.readsTwoWays, oneBase.isWithin(half, of: listedBase) {
            // `4pack 120g` beside `0.12` kg: the column says which way the name reads.
            guard oneBase.compareValue(listedBase) != 0, let one = found.size.dividedExactly(by: found.packCount) else { return nil }
            return Outcome(kind: .refined, nameSize: one, nameUnit: found.unit, nameSpelling: found.spelling,
                           listedSize: quantity, listedUnit: unit, listedSpelling: spelling())
        } else if found.packCount > 1, listedBase.times(Int(clamping: found.packCount))?.compareValue(nameBase) == 0 {
            cause = .onePack(count: found.packCount)
        } else if let count = Self.multiple(listedBase, of: nameBase) {
            cause = [10, 100, 1000].contains(count) ? .factor(count) : .caseOf(count: count)
        } else if let count = Self.multiple(nameBase, of: listedBase), [10, 100, 1000].contains(count) {
            cause = .factor(count)
        }
        return Outcome(kind: kind, nameSize: found.size, nameUnit: found.unit, nameSpelling: found.spelling,
                       listedSize: quantity, listedUnit: unit, listedSpelling: spelling(), cause: cause)
    }

    /// The size a name states in `dimension`, wherever it stands: tried at the name's end, then
    /// before each word from the end. Nil when there is none, or two that differ.
    private func sizeInName(_ name: UnsafeBufferPointer<UInt8>, dimension: Dimension)
        -> (size: ExactDecimal, unit: Int, spelling: [UInt8], packCount: UInt64, readsTwoWays: Bool)? {
        guard SizeReader.mayHoldSize(name) else { return nil }
        let firstDigit = name.firstIndex(where: Byte.isDigit) ?? name.count
        var end = name.count
        var found: (size: ExactDecimal, unit: Int, spelling: [UInt8], packCount: UInt64, readsTwoWays: Bool)?
        var foundBase: ExactDecimal?
        var tries = 0
        while end > firstDigit && tries < 12 {
            tries += 1
            // `(1.5l)`, `(bruto 125 g)`: a size before a closing bracket or a comma is one too.
            var trimmed = end
            while trimmed > 0, name[trimmed - 1] == UInt8(ascii: ")") || name[trimmed - 1] == UInt8(ascii: "]")
                || name[trimmed - 1] == Byte.comma || name[trimmed - 1] == UInt8(ascii: ";") { trimmed -= 1 }
            var prefix = UnsafeBufferPointer(rebasing: name[..<trimmed])
            var read = sizes.trailingSize(in: prefix)
            if trimmed < end, case .success(let size) = sizes.trailingSize(in: UnsafeBufferPointer(rebasing: name[..<end])), size.readsTwoWays {
                // `330ml (6pk)`: the bracket is the pack count's, not a size's.
                prefix = UnsafeBufferPointer(rebasing: name[..<end])
                read = .success(size)
            }
            switch read {
            case .failure(.range), .failure(.several), .failure(.splitNumber):
                return nil  // reads two ways
            case .success(let size):
                if let range = size.unit, !size.bare, !size.approximate {
                    let spelling = Array(prefix[range])
                    if let unit = units.lookup(String(decoding: spelling, as: UTF8.self)), units[unit].dimension == dimension,
                       let base = size.quantity.timesExactly(factors[unit]), !size.quantity.isZero {
                        // One pack of a size read two ways (`1l` of `Milk 1l 6pk`) is the same size.
                        if let foundBase, foundBase.compareValue(base) != 0,
                           !(found.map { $0.readsTwoWays && base.times(Int(clamping: $0.packCount))?.compareValue(foundBase) == 0 } ?? false) {
                            return nil
                        }
                        if found == nil { found = (size.quantity, unit, spelling, size.packCount, size.readsTwoWays) }
                        foundBase = base
                    }
                }
            default:
                break
            }
            // The next try ends before the last word of this one.
            var cut = end
            while cut > 0, !Self.isBlank(name[cut - 1]) { cut -= 1 }
            while cut > 0, Self.isBlank(name[cut - 1]) { cut -= 1 }
            end = cut
            // No digit with a letter after it left: no other size (most names have one).
            if !SizeReader.mayHoldSize(UnsafeBufferPointer(rebasing: name[..<end])) { break }
        }
        return found
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab }

    /// How many times `size` `total` is, when that is a whole number of two or more (`12 L` of
    /// `1L`: 12, `10080 G` of `315G`: 32); nil otherwise.
    static func multiple(_ total: ExactDecimal, of size: ExactDecimal) -> Int? {
        let (a, b, _) = ExactDecimal.aligned(total, size)
        guard b > 0, a >= 2 * b, a % b == 0, a / b <= UInt128(Int.max) else { return nil }
        return Int(a / b)
    }
}
