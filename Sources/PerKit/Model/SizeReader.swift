/// Reads a size written in one cell or at the end of a product name: a number, perhaps a pack
/// count (`6x355ml`, `6 x 0,33 l`, `24 x 29.583g`, `6×330ml`, `95g x 6 pack`, `6pk 330ml`,
/// which multiply), perhaps a unit (`0.40 kg`, `315 G`, `675 g` with a no-break space,
/// `1.89 Litre`), perhaps marked approximate (`ca. 500g`, `~1 kg`: the shop weighs it) or
/// followed by a word that says nothing of the size (`800g pack`, `500 g net`). A range
/// (`500g - 650g`) or several sizes (`112g,148g`) are no size, each with its reason.
struct SizeReader {
    var numbers: NumberReader

    struct Size {
        var quantity: ExactDecimal
        /// Where the unit is written, as a range of the field's bytes; nil when there is none.
        var unit: Range<Int>?
        /// Marked approximate (`ca.`, `~`): the shop will weigh it.
        var approximate = false
        /// A unit word alone, no number (`each`): one of it, if the unit counts items.
        var bare = false
        /// A pack count of 50 or more equal to the amount it multiplies (`708x708.0g`): likely
        /// the size written twice, not 708 packs.
        var packCountIsAmount = false
        /// The pack counts the amount was multiplied by (`6` of `6x355ml`), 1 when none.
        var packCount: UInt64 = 1
        /// A count before a pack word (`4PACK 160g`, `6pk 330ml`, `4 pack 120g`): shops write
        /// both four packs of 160 g and 160 g in four packs so. The amount is multiplied; the
        /// row's other evidence decides (`RowRules`, `NameSizeCheck`), or the product is flagged.
        var readsTwoWays = false
    }

    /// Where a size at the end of a name is written: its amount's number (the `355` of
    /// `Cola 6x355ml`), and where it starts (the `6`): what comes before it is the product.
    struct Bounds {
        var number: Range<Int>
        var start: Int
    }

    enum Failure: Error, Equatable {
        case number(NumberReader.Failure)
        /// No size stands at the end of a name.
        case noSize
        /// A range of sizes (`500g - 650g`, `200-400 G`): per needs one.
        case range
        /// Several sizes (`112g,148g`, `250g, 276g, 300g`): per needs one.
        case several
        /// A blank inside the number (`8/1. 5L`: 1.5 l, or 5 l after a `1.`?): read two ways.
        case splitNumber
        /// A size after a word that makes it a basis or a bound (`per 100 g`, `max 500 g`,
        /// `x 500g`), not a pack's size.
        case basisOrBound(word: String)
        /// A quantity column's number beside a unit column that holds another whole size
        /// (`0.023` beside `20komad`): two sizes that disagree (`RowRules` finds it).
        case besideOtherSize(quantity: String, unitColumn: String)
        /// A nutrient's amount at the end of a name (`Danone Pro 20g`: 20 g of protein), not the
        /// pack's size.
        case nutrient(word: String)
    }

    /// A whole quantity cell.
    func read(_ field: UnsafeBufferPointer<UInt8>) -> Result<Size, Failure> {
        switch numbers.read(field) {
        case .success(let reading):
            return .success(Size(quantity: reading.value, unit: nil))
        case .failure(.notANumber):
            break  // perhaps a number with a unit
        case .failure(let failure):
            return .failure(.number(failure))
        }
        var start = 0
        var end = field.count
        NumberReader.trim(field, &start, &end)
        // `330ml (6pk)`, `125 g, 4-pack`: a pack count after the size reads two ways, as at the
        // end of a name.
        if let (count, sizeEnd) = Self.packCountAfter(UnsafeBufferPointer(rebasing: field[..<end])), sizeEnd > start,
           case .success(let size) = read(UnsafeBufferPointer(rebasing: field[..<sizeEnd])), let packs = Self.packs(of: size, count: count) {
            return .success(packs)
        }
        if let failure = Self.rangeOrSeveral(field, from: start, to: end) { return .failure(failure) }
        // `ca. 500g`, `~1 kg`: the size after the mark.
        let approximate = Self.approximateMark(field, from: start, to: end)
        if let after = approximate { start = after }
        guard var number = Self.numberToken(field, from: start, to: end), number.lowerBound == start else {
            // `-1 kg`, `- 500 g`, `−0,5 kg`: a size with a minus sign is negative, not text.
            if Self.startsWithMinus(field, start, end) { return .failure(.number(.negative)) }
            // `each`, `ea`: a unit word alone is one of it (if it counts items: `RowRules`).
            if !(start..<end).contains(where: { Byte.isDigit(field[$0]) }), (start..<end).allSatisfy({ Self.isWordByte(field[$0]) }),
               start < end {
                return .success(Size(quantity: ExactDecimal(significand: 1, scale: 0), unit: start..<end, bare: true))
            }
            return gluedSize(field, from: start, to: end) ?? .failure(.number(.notANumber))
        }
        // `1 000 g`, `1 500 ml`: digits grouped by blanks, as numbers are read (`NumberReader`).
        if number.count <= 3, field[number].allSatisfy(Byte.isDigit) {
            while number.upperBound < end, case let blank = NumberReader.blankWidth(field, at: number.upperBound, end: end), blank > 0,
                  number.upperBound + blank + 3 <= end,
                  (0..<3).allSatisfy({ Byte.isDigit(field[number.upperBound + blank + $0]) }),
                  number.upperBound + blank + 3 == end || !(Byte.isDigit(field[number.upperBound + blank + 3])
                                                            || Self.isMark(field[number.upperBound + blank + 3])) {
                number = number.lowerBound..<(number.upperBound + blank + 3)
            }
        }
        // `1/2 kg`: a fraction, read as at the end of a name.
        if number.upperBound + 1 < end, field[number.upperBound] == UInt8(ascii: "/"), Byte.isDigit(field[number.upperBound + 1]) {
            return trailingSize(in: UnsafeBufferPointer(rebasing: field[..<end])).map { size in
                var size = size
                size.approximate = size.approximate || approximate != nil
                return size
            }
        }
        // `2 briks de 1 l.`, `16 unidades de 125 g`: containers of a size, read as at the end of
        // a name.
        if (number.upperBound..<end).contains(where: { Byte.isDigit(field[$0]) }),
           let count = Self.trailingCount(field, number, end: end), count == number,
           case .success(let packs) = trailingSize(in: UnsafeBufferPointer(rebasing: field[..<end])), packs.packCount > 1 {
            return .success(packs)
        }
        return size(field, number: number, unitFrom: number.upperBound, to: end).map { size in
            var size = size
            size.approximate = size.approximate || approximate != nil
            return size
        }
    }

    /// Where the count of `2 briks de 1 l` is, when the cell is containers of a size and its
    /// count is the number it starts with.
    private static func trailingCount(_ field: UnsafeBufferPointer<UInt8>, _ number: Range<Int>, end: Int) -> Range<Int>? {
        var index = end
        while index > number.upperBound {
            if let count = countOfContainers(field, before: index) { return count }
            index -= 1
        }
        return nil
    }

    /// A size at the end of text in a quantity cell (`Cows Milk220g`, `Vanilla1.89 Litre`, `emb.
    /// 120 gr`), a remark in brackets after it aside (`emb. 120 gr (peso escorrido 78 gr)`: the
    /// drained weight is no pack size): read only when the cell holds one number besides the
    /// remark and nothing that makes it a price or a ratio; after a basis or bound word (`per
    /// 100 g`) it is no pack size, a failure.
    private func gluedSize(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Result<Size, Failure>? {
        var end = end
        if end - start > 2, field[end - 1] == UInt8(ascii: ")"),
           let open = (start..<end).last(where: { field[$0] == UInt8(ascii: "(") }), open > start {
            end = open
            while end > start, case let width = NumberReader.blankWidth(field, before: end, start: start), width > 0 { end -= width }
        }
        var numbers = 0
        var inNumber = false
        for index in start..<end {
            let byte = field[index]
            let cent = byte == 0xC2 && index + 1 < end && field[index + 1] == 0xA2
            if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") || cent {
                return nil  // a price per unit, a ratio, a percentage or a cent sign
            }
            let digit = Byte.isDigit(byte)
            if digit && !inNumber { numbers += 1 }
            inNumber = digit || (inNumber && Self.isMark(byte))
        }
        guard numbers == 1 else { return nil }
        var bounds: Bounds?
        let size = trailingSize(in: UnsafeBufferPointer(rebasing: field[..<end]), bounds: &bounds)
        guard case .success = size, let bounds else { return nil }
        if let word = basisOrBoundWord(field, from: start, before: bounds.start) { return .failure(.basisOrBound(word: word)) }
        return size
    }

    /// Whether a name may hold a size: a digit with a letter after it, perhaps after a blank.
    /// Most names without one (`Coffee Beans #4`) are passed over here, cheaply.
    @inline(__always)
    static func mayHoldSize(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = name.count
        guard let base = name.baseAddress else { return false }
        // Eight bytes at a time past those without a digit (a byte minus '0' below 10).
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x3030_3030_3030_3030
            if (word &- 0x0A0A_0A0A_0A0A_0A0A) & ~word & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < count {
            if name[index] >= UInt8(ascii: "0") && name[index] <= UInt8(ascii: "9") {
                var next = index + 1
                if next < count, name[next] == Byte.space || name[next] == Byte.tab { next += 1 }
                if next < count, Byte.isLetterByte(name[next]) { return true }
            }
            index += 1
        }
        return false
    }

    /// The least pack count that, equal to the amount it multiplies, is taken for the size
    /// written twice (`708x708.0g`): `2x2 l`, `3x3 kg`, `10x10g` and `20x20g` are real packs.
    static let suspectPackCount: UInt64 = 50

    /// The decimal mark the amount in a size cell or at the end of a name shows, for sniffing a
    /// column: its last number, the `0,33` of `6 x 0,33 l`, the `0,5` of `Milk 0,5 l`, the `1.5`
    /// of `Agua 1.5 l`; not the `4,5` of `Cerveza 4,5% 33 cl`, which is no size.
    func evidence(in field: UnsafeBufferPointer<UInt8>) -> NumberReader.Mark? {
        var last: Range<Int>?
        var index = 0
        while index < field.count {
            guard Byte.isDigit(field[index]) || Self.isMark(field[index]),
                  let number = Self.numberToken(field, from: index, to: field.count) else {
                index += 1
                continue
            }
            last = number
            index = number.upperBound
        }
        guard let last, case .success(let reading) = numbers.read(UnsafeBufferPointer(rebasing: field[last])) else { return nil }
        return reading.evidence
    }

    // MARK: - Parts

    func size(_ field: UnsafeBufferPointer<UInt8>, number: Range<Int>, unitFrom: Int, to end: Int) -> Result<Size, Failure> {
        var rest = unitFrom
        while rest < end, case let width = NumberReader.blankWidth(field, at: rest, end: end), width > 0 { rest += width }
        // `6pk 330ml`, `6 pack 330 ml`, `6-pack 330ml`: a pack word between two numbers. Four
        // packs of 125 g, or 125 g in four pieces: it reads two ways (`Size.readsTwoWays`).
        let dashed = rest == unitFrom && rest + 1 < end && field[rest] == UInt8(ascii: "-")
        if rest < end, let afterWord = Self.packWord(field, at: dashed ? rest + 1 : rest, end: end) {
            var second = Self.afterPackFiller(field, from: afterWord, to: end)
            while second < end, case let width = NumberReader.blankWidth(field, at: second, end: end), width > 0 { second += width }
            if second > afterWord, let amount = Self.numberToken(field, from: second, to: end), amount.lowerBound == second {
                return size(field, packs: [number], number: amount, unitFrom: amount.upperBound, to: end).map { size in
                    var size = size
                    size.readsTwoWays = size.packCount > 1
                    return size
                }
            }
        }
        // `6x355ml`, `6 x 0,33 l`, `6×330ml`: the first number counts packs.
        if rest < end, case let timesWidth = Self.timesWidth(field, at: rest, end: end), timesWidth > 0 {
            var second = rest + timesWidth
            while second < end, case let width = NumberReader.blankWidth(field, at: second, end: end), width > 0 { second += width }
            if let amount = Self.numberToken(field, from: second, to: end), amount.lowerBound == second {
                return size(field, packs: [number], number: amount, unitFrom: amount.upperBound, to: end)
            }
        }
        // `95g x 6 pack`, `95 g x 6`: a count after the unit.
        if let (unitEnd, count) = Self.countAfterUnit(field, from: unitFrom, to: end) {
            return size(field, packs: [count], number: number, unitFrom: unitFrom, to: unitEnd)
        }
        return reading(field, number).map {
            Size(quantity: $0, unit: Self.unit(field, from: unitFrom, to: end),
                 approximate: Self.endsApproximate(field, from: unitFrom, to: end))
        }
    }

    /// An amount times whole pack counts (`6` of `6x355ml`, `4` and `2` of `p4x2x60g`).
    func size(_ field: UnsafeBufferPointer<UInt8>, packs: [Range<Int>], number: Range<Int>, unitFrom: Int, to end: Int) -> Result<Size, Failure> {
        reading(field, number).flatMap { amount in
            var total = amount.significand
            var countIsAmount = false
            for pack in packs {
                guard case .success(let count) = reading(field, pack), count.scale == 0, count.significand > 0 else {
                    return .failure(.number(.notANumber))
                }
                if count.significand >= Self.suspectPackCount && count.compareValue(amount) == 0 { countIsAmount = true }
                let (product, overflow) = total.multipliedReportingOverflow(by: count.significand)
                guard !overflow, product < Power10.of(ExactDecimal.maxDigits) else { return .failure(.number(.tooManyDigits)) }
                total = product
            }
            return .success(Size(quantity: ExactDecimal(significand: total, scale: amount.scale), unit: Self.unit(field, from: unitFrom, to: end),
                                 approximate: Self.endsApproximate(field, from: unitFrom, to: end), packCountIsAmount: countIsAmount,
                                 packCount: amount.significand == 0 ? 1 : total / amount.significand))
        }
    }

    func reading(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<ExactDecimal, Failure> {
        numbers.read(UnsafeBufferPointer(rebasing: field[range])).map(\.value).mapError { .number($0) }
    }

    /// The unit text between `start` and `end`, without surrounding spaces, nor a last word
    /// that says nothing of the size (`800g pack`, `500 g net`; but `6 pack` is a unit); nil
    /// when empty.
    private static func unit(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
        var start = start
        var end = end
        NumberReader.trim(field, &start, &end)
        guard start < end else { return nil }
        // The last word, after a blank.
        var wordStart = end
        while wordStart > start, isLetter(field[wordStart - 1]) || field[wordStart - 1] == Byte.dot { wordStart -= 1 }
        if wordStart > start, NumberReader.blankWidth(field, before: wordStart, start: start) > 0,
           fillers.contains(lowercased(field, wordStart..<end)) {
            var newEnd = wordStart
            NumberReader.trim(field, &start, &newEnd)
            if start < newEnd { end = newEnd }
        }
        return start..<end
    }

    /// Words after a size that say nothing of how much it is (`800g pack`, `500 g net`), and
    /// the marks of an approximate size after it (`500 g aprox.`, which `endsApproximate` notes).
    private static let fillers: Set<[UInt8]> = Set(["pack", "pk", "pkg", "package", "net", "netto", "neto", "nett", "e", "pack."]
        .map { Array($0.utf8) }).union(approximateWords)
}
