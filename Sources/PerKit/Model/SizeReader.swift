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
        return size(field, number: number, unitFrom: number.upperBound, to: end).map { size in
            var size = size
            size.approximate = size.approximate || approximate != nil
            return size
        }
    }

    /// A size at the end of text in a quantity cell (`Cows Milk220g`, `Vanilla1.89 Litre`):
    /// read only when the cell holds one number and nothing that makes it a price or a ratio;
    /// after a basis or bound word (`per 100 g`) it is no pack size, a failure.
    private func gluedSize(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Result<Size, Failure>? {
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

    /// The word right before a cell's size (which starts at `sizeStart`) when it makes the size a
    /// basis or a bound (`per 100 g`, `je 100 g`, `max 500 g`, `up to 500 g`, `x 500g`): what a
    /// price is per, a limit, or a count without its number; nil otherwise.
    private func basisOrBoundWord(_ field: UnsafeBufferPointer<UInt8>, from start: Int, before sizeStart: Int) -> String? {
        var wordEnd = sizeStart
        while wordEnd > start, case let width = NumberReader.blankWidth(field, before: wordEnd, start: start), width > 0 { wordEnd -= width }
        var wordStart = wordEnd
        while wordStart > start, Self.isLetter(field[wordStart - 1]) || field[wordStart - 1] == Byte.dot { wordStart -= 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: field[wordStart..<wordEnd]), as: UTF8.self)
        return Self.basisOrBoundWords.contains(word.lowercased()) ? word : nil
    }

    /// Words before a size in a quantity cell that make it no pack size: a basis (`per`, `je`,
    /// `pro`, `za`, `à`), a bound (`max`, `min`, `up to`, `do`, `bis`, `ab`, `from`, `od`), or a
    /// multiplication sign with no count (`x 500g`).
    static let basisOrBoundWords: Set<String> = [
        "per", "je", "pro", "za", "à", "a", "max", "max.", "maximum", "min", "min.", "minimum", "to", "do", "bis", "ab", "from",
        "od", "until", "x", "×", "upto", "jusqu'à", "hasta", "até", "fino",
    ]

    /// The size at the end of a product name (`Leche entera 1 l`, `Galletas 82,6g`, `pack 4 x 125 g`).
    func trailingSize(in name: UnsafeBufferPointer<UInt8>) -> Result<Size, Failure> {
        var bounds: Bounds?
        return trailingSize(in: name, bounds: &bounds)
    }

    /// The size at the end of a product name, with where it is written.
    func trailingSizeWithBounds(in name: UnsafeBufferPointer<UInt8>) -> (size: Size, bounds: Bounds)? {
        var bounds: Bounds?
        guard case .success(let size) = trailingSize(in: name, bounds: &bounds), let bounds else { return nil }
        return (size, bounds)
    }

    private func trailingSize(in name: UnsafeBufferPointer<UInt8>, bounds: inout Bounds?) -> Result<Size, Failure> {
        // `330ml (6pk)`, `125g (4 pack)`, `330ml, 6-pack`: a pack count after the size reads two
        // ways, as one before it does (`Size.readsTwoWays`).
        if let (count, sizeEnd) = Self.packCountAfter(name), sizeEnd > 0,
           case .success(let size) = trailingSize(in: UnsafeBufferPointer(rebasing: name[..<sizeEnd]), bounds: &bounds),
           let packs = Self.packs(of: size, count: count) {
            return .success(packs)
        }
        var end = name.count
        while end > 0, case let width = max(name[end - 1] == Byte.dot ? 1 : 0, NumberReader.blankWidth(name, before: end, start: 0)), width > 0 { end -= width }
        // The last number of the name, and the unit after it.
        guard let lastDigit = (0..<end).last(where: { Byte.isDigit(name[$0]) }) else { return .failure(.noSize) }
        var start = lastDigit
        while start > 0, Byte.isDigit(name[start - 1]) || Self.isMark(name[start - 1]) { start -= 1 }
        // Marks before the digits are no part of the number (`Pack,5g`), except one that stands
        // at the start or after a blank (`Salt .5 kg`, `Nuts ,5 kg`): a leading decimal mark.
        while start < lastDigit, Self.isMark(name[start]) {
            if Byte.isDigit(name[start + 1]) && (start == 0 || NumberReader.blankWidth(name, before: start, start: 0) > 0) { break }
            start += 1
        }
        let number = start..<(lastDigit + 1)
        if Self.followsDecimalMarkAndBlank(name, at: number.lowerBound) { return .failure(.splitNumber) }
        // `6x1 .5L`: a leading decimal mark after a blank after digits is 1.5 or .5, two ways.
        if Self.isMark(name[number.lowerBound]), Self.followsDigitAndBlank(name, at: number.lowerBound) { return .failure(.splitNumber) }
        guard number.upperBound < end else {
            // `Jogurt 125g x 4`: a count after the size multiplies it.
            var times = number.lowerBound
            while times > 0, case let width = NumberReader.blankWidth(name, before: times, start: 0), width > 0 { times -= width }
            if case let width = Self.timesWidth(name, before: times), width > 0,
               reading(name, number).map({ $0.scale == 0 && $0.significand > 0 }) == .success(true),
               case .success(var size) = trailingSize(in: UnsafeBufferPointer(rebasing: name[..<(times - width)]), bounds: &bounds),
               case .success(let count) = reading(name, number),
               let total = size.quantity.times(Int(count.significand)) {
                size.quantity = total
                let (packCount, overflow) = size.packCount.multipliedReportingOverflow(by: count.significand)
                size.packCount = overflow ? 1 : packCount
                return .success(size)
            }
            return .failure(.noSize)  // no unit after the number
        }
        var unitEnd = end
        while unitEnd > number.upperBound, name[unitEnd - 1] == Byte.dot { unitEnd -= 1 }
        // A range (`200-400 G`): the number before the dash is a size too.
        var before = number.lowerBound
        while before > 0, case let width = NumberReader.blankWidth(name, before: before, start: 0), width > 0 { before -= width }
        if before > 0, case let dash = Self.dashWidth(name, before: before), dash > 0 {
            var other = before - dash
            while other > 0, case let width = NumberReader.blankWidth(name, before: other, start: 0), width > 0 { other -= width }
            if other > 0, Byte.isDigit(name[other - 1]) || Self.isLetter(name[other - 1]) && (0..<other).contains(where: { Byte.isDigit(name[$0]) }) {
                if other > 0, Byte.isDigit(name[other - 1]) || Self.endsWithNumberAndUnit(name, before: other) { return .failure(.range) }
            }
        }
        // A proper fraction (`Whole Milk 1/2 gal`, `3/4 lb`): the amount is the fraction, not
        // its denominator. One that is no exact decimal (`1/3 l`) reads no way. Only halves,
        // thirds, quarters, eighths and sixteenths are fractions: `12/500G` and `12/1L` (cases
        // of twelve, listed per pack) keep their last number.
        var fraction: ExactDecimal?
        var amountStart = number.lowerBound
        if number.lowerBound >= 2, name[number.lowerBound - 1] == UInt8(ascii: "/"), Byte.isDigit(name[number.lowerBound - 2]) {
            var numeratorStart = number.lowerBound - 1
            while numeratorStart > 0, Byte.isDigit(name[numeratorStart - 1]) { numeratorStart -= 1 }
            let startsNumber = numeratorStart == 0 || !(Self.isMark(name[numeratorStart - 1]) || name[numeratorStart - 1] == UInt8(ascii: "/"))
            if startsNumber, case .success(let numerator) = reading(name, numeratorStart..<(number.lowerBound - 1)),
               case .success(let denominator) = reading(name, number), numerator.scale == 0, denominator.scale == 0,
               numerator.significand > 0, numerator.significand < denominator.significand,
               Self.fractionDenominators.contains(denominator.significand) {
                guard let value = Self.exactQuotient(numerator.significand, denominator.significand) else {
                    return .failure(.number(.notANumber))
                }
                fraction = value
                amountStart = numeratorStart
            }
        }
        // Pack counts before it, which multiply: `4 x 125 g`, `p3x52g`, `p4x2x60g`, `6×330ml`,
        // and `6pk 330ml`.
        var packs: [Range<Int>] = []
        var byPackWord = false
        var packStart = amountStart
        while true {
            var times = packStart
            while times > 0, case let width = NumberReader.blankWidth(name, before: times, start: 0), width > 0 { times -= width }
            if times > 0, let word = Self.packWordBefore(name, at: times) {
                // `6pk 330ml`, `4 pack 120g`: digits before a pack word count packs.
                var countStart = word
                while countStart > 0, Byte.isDigit(name[countStart - 1]) { countStart -= 1 }
                if countStart < word, countStart == 0 || !Self.isMark(name[countStart - 1]) {
                    packs.append(countStart..<word)
                    packStart = countStart
                    byPackWord = true
                    continue
                }
            }
            let timesWidth = Self.timesWidth(name, before: times)
            guard timesWidth > 0 else { break }
            var countEnd = times - timesWidth
            while countEnd > 0, case let width = NumberReader.blankWidth(name, before: countEnd, start: 0), width > 0 { countEnd -= width }
            var countStart = countEnd
            while countStart > 0, Byte.isDigit(name[countStart - 1]) { countStart -= 1 }
            guard countStart < countEnd else { break }  // `Max 4 x 100 g`: a word, not a count
            // A count is a whole number: the end of `1.5` or `1/2` reads two ways, refused.
            if countStart > 0 && (Self.isMark(name[countStart - 1]) || name[countStart - 1] == UInt8(ascii: "/")) {
                return .failure(.number(.notANumber))
            }
            packs.append(countStart..<countEnd)
            packStart = countStart
        }
        let sizeStart = packs.map(\.lowerBound).min() ?? amountStart
        var unitStart = number.upperBound
        while unitStart < unitEnd, case let width = NumberReader.blankWidth(name, at: unitStart, end: unitEnd), width > 0 { unitStart += width }
        if unitStart < unitEnd, Self.isLetter(name[unitStart]), Self.followsAnotherSize(name, at: sizeStart) { return .failure(.several) }
        // Another size right before, after blanks or a comma (`Beans 400 g, 240 g`, `Chocolate
        // 100 g 2 kg`): several sizes, refused; pounds and ounces (`1 lb 2 oz`) are one size.
        var pounds: ExactDecimal?
        if unitStart < unitEnd, Self.isLetter(name[unitStart]), let earlier = Self.sizeRightBefore(name, at: sizeStart) {
            let unit = Self.lowercased(name, unitStart..<unitEnd)
            guard packs.isEmpty, fraction == nil, Self.ounces.contains(unit), Self.pounds.contains(Self.lowercased(name, earlier.unit)),
                  case .success(let amount) = reading(name, earlier.number) else { return .failure(.several) }
            pounds = amount
        }
        if let word = Self.nutrientBefore(name, at: sizeStart, unit: Self.lowercased(name, unitStart..<unitEnd)) {
            return .failure(.nutrient(word: word))
        }
        bounds = Bounds(number: number, start: sizeStart)
        let approximate = Self.approximateMarkBefore(name, at: sizeStart)
        let result = packs.isEmpty ? size(name, number: number, unitFrom: number.upperBound, to: unitEnd)
            : size(name, packs: packs, number: number, unitFrom: number.upperBound, to: unitEnd)
        return result.flatMap { size in
            var size = size
            size.approximate = size.approximate || approximate
            size.readsTwoWays = byPackWord && size.packCount > 1
            if let pounds {
                // `1 lb 2 oz`: 16 ounces a pound, and the ounces.
                guard let inOunces = pounds.times(16).flatMap({ $0.plus(size.quantity) }) else { return .failure(.number(.tooManyDigits)) }
                size.quantity = inOunces
            }
            if let fraction {
                // The packs times the fraction: the size read is the packs times the denominator.
                guard case .success(let denominator) = reading(name, number), denominator.significand > 0,
                      let quantity = fraction.times(Int(size.quantity.significand / denominator.significand)) else {
                    return .failure(.number(.tooManyDigits))
                }
                size.quantity = quantity
                size.packCountIsAmount = false  // compared with the denominator, not the amount
            }
            return .success(size)
        }
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

    /// The denominators of fractions written in sizes.
    static let fractionDenominators: Set<UInt64> = [2, 3, 4, 8, 16]

    /// `numerator / denominator` as an exact decimal, or nil when it has no finite one (1/3).
    private static func exactQuotient(_ numerator: UInt64, _ denominator: UInt64) -> ExactDecimal? {
        var scale = 0
        var scaled = numerator
        while scaled % denominator != 0 {
            guard scale < 18, scaled <= UInt64.max / 10 else { return nil }
            scaled *= 10
            scale += 1
        }
        return ExactDecimal(significand: scaled / denominator, scale: scale)
    }

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

    private func size(_ field: UnsafeBufferPointer<UInt8>, number: Range<Int>, unitFrom: Int, to end: Int) -> Result<Size, Failure> {
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
    private func size(_ field: UnsafeBufferPointer<UInt8>, packs: [Range<Int>], number: Range<Int>, unitFrom: Int, to end: Int) -> Result<Size, Failure> {
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

    private func reading(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<ExactDecimal, Failure> {
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

    /// Whether the unit text between `start` and `end` ends with an approximate mark, after a
    /// blank (`500 g aprox.`).
    private static func endsApproximate(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var start = start
        var end = end
        NumberReader.trim(field, &start, &end)
        var wordStart = end
        while wordStart > start, isLetter(field[wordStart - 1]) || field[wordStart - 1] == Byte.dot { wordStart -= 1 }
        return wordStart > start && NumberReader.blankWidth(field, before: wordStart, start: start) > 0
            && approximateWords.contains(lowercased(field, wordStart..<end))
    }
    /// Words that say the number before them counts packs (`6pk`, `6 pack`).
    private static let packWords: [[UInt8]] = ["pk", "pack", "packs", "pcs", "er"].map { Array($0.utf8) }
    /// Marks of an approximate size, one list before it (`etwa 500 g`) and after it (`500 g etwa`).
    private static let approximateWords: Set<[UInt8]> = Set(["approx", "approx.", "appr.", "ca", "ca.", "cca", "cca.", "circa",
                                                             "oko", "env.", "env", "etwa", "pribl.", "pribl", "aprox.", "aprox",
                                                             "približno", "ungefähr", "~", "≈"].map { Array($0.utf8) })

    /// Whether the bytes in `range`, ASCII case folded, are one of `words` (lower case): with
    /// nothing allocated, as it runs on sizes in cells and names.
    private static func isOne(of words: [[UInt8]], _ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        words.contains { word in
            word.count == range.count && word.indices.allSatisfy { Byte.asciiLowercased(field[range.lowerBound + $0]) == word[$0] }
        }
    }

    /// The bytes as lower-case ASCII (other bytes as they are).
    private static func lowercased(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        field[range].map(Byte.asciiLowercased)
    }

    /// Where the size starts after an approximate mark at `start` (`ca. 500g`, `~1 kg`), or nil.
    private static func approximateMark(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var wordEnd = start
        while wordEnd < end, !Byte.isDigit(field[wordEnd]), NumberReader.blankWidth(field, at: wordEnd, end: end) == 0 { wordEnd += 1 }
        guard wordEnd > start, approximateWords.contains(lowercased(field, start..<wordEnd)) else { return nil }
        var after = wordEnd
        while after < end, case let width = NumberReader.blankWidth(field, at: after, end: end), width > 0 { after += width }
        return after < end && Byte.isDigit(field[after]) || after < end && isMark(field[after]) ? after : nil
    }

    /// Whether the word before `start` (blanks between) marks the size approximate.
    private static func approximateMarkBefore(_ name: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var end = start
        while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        var wordStart = end
        while wordStart > 0, NumberReader.blankWidth(name, before: wordStart, start: 0) == 0, !Byte.isDigit(name[wordStart - 1]) { wordStart -= 1 }
        return wordStart < end && approximateWords.contains(lowercased(name, wordStart..<end))
    }

    /// After a pack word at `index` (`pk`, `pack`), where it ends; nil when there is none.
    private static func packWord(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int? {
        var wordEnd = index
        while wordEnd < end, isLetter(field[wordEnd]) { wordEnd += 1 }
        guard wordEnd > index, Self.isOne(of: packWords, field, index..<wordEnd) else { return nil }
        if wordEnd < end, field[wordEnd] == Byte.dot { wordEnd += 1 }
        return wordEnd
    }

    /// Where a pack word ending at `end` starts, when digits come right before it (`6pk`).
    /// A pack count at the end of a name, after a size (`(6pk)`, `(4 pack)`, `, 6-pack`,
    /// `- 12 pcs`): the count, and where the text before it ends. Nil for anything else.
    static func packCountAfter(_ name: UnsafeBufferPointer<UInt8>) -> (count: UInt64, end: Int)? {
        func isBlank(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab }
        var end = name.count
        while end > 0, isBlank(name[end - 1]) || name[end - 1] == Byte.dot { end -= 1 }
        let bracketed = end > 0 && name[end - 1] == UInt8(ascii: ")")
        if bracketed { end -= 1 }
        var wordStart = end
        while wordStart > 0, isLetter(name[wordStart - 1]) { wordStart -= 1 }
        guard wordStart < end, isOne(of: packWords, name, wordStart..<end) else { return nil }
        var countEnd = wordStart
        if countEnd > 0, name[countEnd - 1] == Byte.space || name[countEnd - 1] == UInt8(ascii: "-") { countEnd -= 1 }
        var countStart = countEnd
        while countStart > 0, Byte.isDigit(name[countStart - 1]) { countStart -= 1 }
        guard countStart < countEnd, countEnd - countStart <= 4, let count = UInt64(String(decoding: UnsafeBufferPointer(rebasing: name[countStart..<countEnd]), as: UTF8.self)),
              count > 1 else { return nil }
        var before = countStart
        if bracketed {
            guard before > 0, name[before - 1] == UInt8(ascii: "(") else { return nil }
            before -= 1
        } else {
            // Unbracketed, after a comma or a dash between blanks (`330ml, 6-pack`), or a blank
            // (`Milk 1l 6pk`).
            guard before > 0, isBlank(name[before - 1]) || name[before - 1] == Byte.comma || name[before - 1] == UInt8(ascii: "-") else { return nil }
            while before > 0, isBlank(name[before - 1]) { before -= 1 }
            if before > 0, name[before - 1] == Byte.comma || name[before - 1] == UInt8(ascii: "-") { before -= 1 }
        }
        while before > 0, isBlank(name[before - 1]) || name[before - 1] == Byte.comma { before -= 1 }
        guard before > 0, isLetter(name[before - 1]) else { return nil }  // a size's unit ends there
        // `95g x 6 pack`: a multiplication sign, one way (`countAfterUnit`).
        if name[before - 1] | 0x20 == UInt8(ascii: "x"), before == 1 || isBlank(name[before - 2]) { return nil }
        return (count, before)
    }

    /// After a pack word, the words that only say so again (`6er Pack 0,5l`, `6er-Pack`, `24er
    /// Kiste`) and a multiplication sign (`6pk x 330ml`): where the amount may start.
    private static func afterPackFiller(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        func blanks() { while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width } }
        blanks()
        if index < end, field[index] == UInt8(ascii: "-") { index += 1 }
        var wordEnd = index
        while wordEnd < end, isLetter(field[wordEnd]) { wordEnd += 1 }
        if wordEnd > index, isOne(of: packFillers, field, index..<wordEnd) {
            index = wordEnd
            blanks()
        } else if index > start, field[index - 1] == UInt8(ascii: "-") {
            index -= 1
        }
        if case let width = timesWidth(field, at: index, end: end), width > 0, index + width < end,
           NumberReader.blankWidth(field, at: index + width, end: end) > 0 || Byte.isDigit(field[index + width]) {
            index += width
        }
        return index
    }

    /// Words after a pack word that say it again.
    private static let packFillers: [[UInt8]] = ["pack", "packs", "packung", "pk", "kiste", "karton", "tray", "box", "case"].map { Array($0.utf8) }

    /// `count` packs of `size` (`330ml (6pk)`), marked as reading two ways; nil when `size` has
    /// no unit or the total does not fit. A count the size already multiplies by (`6 x 330ml
    /// (6pk)`) only repeats it: the size as it is, one way.
    private static func packs(of size: Size, count: UInt64) -> Size? {
        guard size.unit != nil, !size.bare else { return nil }
        if size.packCount == count { return size }
        guard let total = size.quantity.times(Int(count)) else { return nil }
        var packs = size
        packs.quantity = total
        packs.packCount = size.packCount.multipliedReportingOverflow(by: count).overflow ? 1 : size.packCount * count
        packs.readsTwoWays = true
        return packs
    }

    private static func packWordBefore(_ name: UnsafeBufferPointer<UInt8>, at end: Int) -> Int? {
        var wordEnd = end
        if wordEnd > 0, name[wordEnd - 1] == Byte.dot { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, isLetter(name[wordStart - 1]) { wordStart -= 1 }
        guard wordStart < wordEnd, wordStart > 0, isOne(of: packWords, name, wordStart..<wordEnd) else { return nil }
        // Right after the count, or after one blank or dash (`4 pack`, `6-pack`).
        if Byte.isDigit(name[wordStart - 1]) { return wordStart }
        return wordStart >= 2 && (name[wordStart - 1] == Byte.space || name[wordStart - 1] == UInt8(ascii: "-")) && Byte.isDigit(name[wordStart - 2])
            ? wordStart - 1 : nil
    }

    /// `g x 6 pack`, `g x 6`: where the unit ends and the count after it, when the text from
    /// `start` is a unit, a multiplication sign, a whole number and perhaps a pack word.
    private static func countAfterUnit(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Int, Range<Int>)? {
        var index = start
        while index < end, NumberReader.blankWidth(field, at: index, end: end) > 0 { index += 1 }
        let unitStart = index
        while index < end, isLetter(field[index]) || field[index] == Byte.dot { index += 1 }
        let unitEnd = index
        guard unitEnd > unitStart else { return nil }
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        let times = timesWidth(field, at: index, end: end)
        guard times > 0 else { return nil }
        index += times
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        let countStart = index
        while index < end, Byte.isDigit(field[index]) { index += 1 }
        guard index > countStart else { return nil }
        let count = countStart..<index
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        if index < end, let afterWord = packWord(field, at: index, end: end) { index = afterWord }
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        return index == end ? (unitEnd, count) : nil
    }

    /// A range (`500g - 650g`, `1.3kg - 1.7kg`, `200-400 g`) or several sizes (`112g,148g`,
    /// `250g, 276g, 300g`) in a cell: the failure that says which, or nil.
    private static func rangeOrSeveral(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Failure? {
        guard start < end, Byte.isDigit(field[start]) || isMark(field[start]) else { return nil }
        var index = start
        while index < end {
            let dash = dashWidth(field, at: index, end: end)
            let byte = field[index]
            if dash > 0 || byte == Byte.comma || byte == Byte.semicolon || byte == UInt8(ascii: "/") {
                // What stands before: a number, perhaps with a unit; after: a number.
                var before = index
                while before > start, NumberReader.blankWidth(field, before: before, start: start) > 0 { before -= 1 }
                var after = index + max(dash, 1)
                while after < end, case let width = NumberReader.blankWidth(field, at: after, end: end), width > 0 { after += width }
                guard before > start, after < end, Byte.isDigit(field[after]) else {
                    index += max(dash, 1)
                    continue
                }
                let unitBefore = isLetter(field[before - 1])
                // A range has one unit: none before the dash, or the one after it (`5 un - 425g`
                // is five pieces that weigh 425 g, no range).
                if dash > 0 && (Byte.isDigit(field[before - 1]) || unitBefore && sameUnit(field, before: before, after: after, end: end)) {
                    return .range
                }
                // A comma between digits is a decimal mark (`1,5 l`), a slash a ratio (`2/$9.00`).
                if byte != UInt8(ascii: "/") && unitBefore { return .several }
            }
            index += max(dash, 1)
        }
        return nil
    }

    /// Whether the unit word ending at `before` is the one after the number at `after`.
    private static func sameUnit(_ field: UnsafeBufferPointer<UInt8>, before: Int, after: Int, end: Int) -> Bool {
        var start = before
        while start > 0, isLetter(field[start - 1]) { start -= 1 }
        var index = after
        while index < end, Byte.isDigit(field[index]) || isMark(field[index]) { index += 1 }
        while index < end, NumberReader.blankWidth(field, at: index, end: end) > 0 { index += 1 }
        var unitEnd = index
        while unitEnd < end, isLetter(field[unitEnd]) { unitEnd += 1 }
        return lowercased(field, start..<before) == lowercased(field, index..<unitEnd)
    }

    /// Whether a number with a unit ends at `end` (`650g` of `500g-650g`).
    private static func endsWithNumberAndUnit(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        var index = end
        while index > 0, isLetter(name[index - 1]) { index -= 1 }
        while index > 0, NumberReader.blankWidth(name, before: index, start: 0) > 0 { index -= 1 }
        return index > 0 && Byte.isDigit(name[index - 1])
    }

    /// Width of a dash at `index` (`-`, `–` or `—`), or 0.
    private static func dashWidth(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        if field[index] == UInt8(ascii: "-") { return 1 }
        if index + 2 < end + 0, index + 2 <= end - 1 || index + 3 <= end, field[index] == 0xE2, index + 2 < end,
           field[index + 1] == 0x80, field[index + 2] == 0x93 || field[index + 2] == 0x94 { return 3 }
        return 0
    }

    /// Width of a dash ending just before `end`, or 0.
    private static func dashWidth(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        if name[end - 1] == UInt8(ascii: "-") { return 1 }
        if end >= 3, name[end - 3] == 0xE2, name[end - 2] == 0x80, name[end - 1] == 0x93 || name[end - 1] == 0x94 { return 3 }
        return 0
    }

    /// Width of a multiplication sign at `index`: `x`, `X`, or `×` (U+00D7); 0 otherwise.
    private static func timesWidth(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        guard index < end else { return 0 }
        if field[index] == UInt8(ascii: "x") || field[index] == UInt8(ascii: "X") || field[index] == UInt8(ascii: "*") { return 1 }
        return index + 1 < end && isTwoByteTimes(field[index], field[index + 1]) ? 2 : 0
    }

    /// `×`, and the letters that stand for it in Greek and Cyrillic lists (`4Χ28G`, `6х0,5л`):
    /// Greek Χ χ, Cyrillic Х х.
    private static func isTwoByteTimes(_ first: UInt8, _ second: UInt8) -> Bool {
        (first == 0xC3 && second == 0x97) || (first == 0xCE && second == 0xA7) || (first == 0xCF && second == 0x87)
            || (first == 0xD0 && second == 0xA5) || (first == 0xD1 && second == 0x85)
    }

    /// Whether blanks, after a digit and a decimal mark, stand right before `index` (`1. 5L`).
    /// Whether digits and a blank come right before `index`.
    private static func followsDigitAndBlank(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var before = index
        while before > 0, case let width = NumberReader.blankWidth(text, before: before, start: 0), width > 0 { before -= width }
        return before < index && before > 0 && Byte.isDigit(text[before - 1])
    }

    /// Whether another size comes right before the one starting at `index`, joined by `+`, `/`,
    /// `&` or a dash (`200g + 50g`, `112g/148g`, `500g/1kg`, `24 x 0.5L - 6 x 0.5L`), or a number
    /// joined by `+` (`4+2x125g`): the name states several sizes and reads two ways. Digits
    /// alone before a `/` are a case count (`12/1L`), not a size.
    private static func followsAnotherSize(_ name: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var joint = index
        while joint > 0, case let width = NumberReader.blankWidth(name, before: joint, start: 0), width > 0 { joint -= width }
        guard joint > 0 else { return false }
        let byte = name[joint - 1]
        var width = 0
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "&") {
            width = 1
        } else {
            width = dashWidth(name, before: joint)
        }
        guard width > 0 else { return false }
        var before = joint - width
        while before > 0, case let blank = NumberReader.blankWidth(name, before: before, start: 0), blank > 0 { before -= blank }
        guard before > 0 else { return false }
        if byte == UInt8(ascii: "+") && Byte.isDigit(name[before - 1]) { return true }
        return isLetter(name[before - 1]) && endsWithNumberAndUnit(name, before: before)
    }

    /// The number and unit of a size that ends right before `index`, after blanks or one comma
    /// (`400 g, ` before `240 g`; `1 lb ` before `2 oz`), if one does.
    private static func sizeRightBefore(_ name: UnsafeBufferPointer<UInt8>, at index: Int) -> (number: Range<Int>, unit: Range<Int>)? {
        var end = index
        while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        if end > 0, name[end - 1] == Byte.comma {
            end -= 1
            while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        }
        guard end < index else { return nil }
        var unitStart = end
        while unitStart > 0, isLetter(name[unitStart - 1]) { unitStart -= 1 }
        // Only a unit of mass or volume makes a size here: `VAT 69 whisky 0.7 l` has one size.
        guard unitStart < end, sizeUnits.contains(lowercased(name, unitStart..<end)) else { return nil }
        var numberEnd = unitStart
        while numberEnd > 0, case let width = NumberReader.blankWidth(name, before: numberEnd, start: 0), width > 0 { numberEnd -= width }
        var numberStart = numberEnd
        while numberStart > 0, Byte.isDigit(name[numberStart - 1]) || isMark(name[numberStart - 1]) { numberStart -= 1 }
        while numberStart < numberEnd, isMark(name[numberStart]) { numberStart += 1 }
        guard numberStart < numberEnd, Byte.isDigit(name[numberEnd - 1]) else { return nil }
        // The number must start a word (`x2 3 kg` is no size before).
        guard numberStart == 0 || !isLetter(name[numberStart - 1]) else { return nil }
        return (numberStart..<numberEnd, unitStart..<end)
    }

    /// The word right before a mass that makes it a nutrient's amount (`Pro 20g`, `Protein: 30 g`,
    /// `Eiweiß: 25g`), if it is one.
    private static func nutrientBefore(_ name: UnsafeBufferPointer<UInt8>, at index: Int, unit: [UInt8]) -> String? {
        guard nutrientUnits.contains(unit) else { return nil }
        var end = index
        while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        var colon = false
        while end > 0, name[end - 1] == UInt8(ascii: ":") {
            end -= 1
            colon = true
        }
        var start = end
        while start > 0, isLetter(name[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        let word = String(decoding: UnsafeBufferPointer(rebasing: name[start..<end]), as: UTF8.self)
        // `Pro 20g` says protein; another nutrient's word only with a colon (`Protein: 30 g`):
        // `Whey Protein 30 g` is a 30 g pack of it.
        return (word.lowercased() == "pro" || colon && nutrientWords.contains(word.lowercased())) ? word : nil
    }

    /// Units of nutrient amounts, and the words that name nutrients.
    private static let nutrientUnits: Set<[UInt8]> = Set(["g", "gr", "mg", "gram", "grams", "mcg", "µg"].map { Array($0.utf8) })
    private static let nutrientWords: Set<String> = [
        "pro", "protein", "proteins", "proteina", "proteine", "proteinas", "eiweiß", "eiweiss", "bjelančevine", "bjelancevine",
        "białko", "bialko", "fat", "fett", "sugar", "sugars", "zucker", "fibre", "fiber", "ballaststoffe", "carbs", "carb",
        "kohlenhydrate", "salt", "salz", "caffeine", "koffein", "omega", "collagen", "kollagen", "creatine", "kreatin",
    ]

    /// Spellings of units of mass and volume, enough to tell a size before another (`400 g, 240 g`)
    /// from a number and a word (`VAT 69 whisky`).
    private static let sizeUnits: Set<[UInt8]> = Set([
        "g", "gr", "grs", "gram", "grams", "gramm", "kg", "kgs", "kilo", "kilos", "mg", "ml", "mls", "l", "lt", "ltr", "litre",
        "liter", "litres", "liters", "cl", "dl", "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "gal", "qt", "pt", "floz",
    ].map { Array($0.utf8) })

    /// Spellings of the pound and the ounce, for `1 lb 2 oz`.
    private static let pounds: Set<[UInt8]> = Set(["lb", "lbs", "pound", "pounds"].map { Array($0.utf8) })
    private static let ounces: Set<[UInt8]> = Set(["oz", "ounce", "ounces"].map { Array($0.utf8) })

    private static func followsDecimalMarkAndBlank(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var before = index
        while before > 0, case let width = NumberReader.blankWidth(text, before: before, start: 0), width > 0 { before -= width }
        return before < index && before >= 2 && isMark(text[before - 1]) && Byte.isDigit(text[before - 2])
    }

    /// Width of a multiplication sign ending just before `end`, or 0.
    private static func timesWidth(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        guard end > 0 else { return 0 }
        if name[end - 1] == UInt8(ascii: "x") || name[end - 1] == UInt8(ascii: "X") || name[end - 1] == UInt8(ascii: "*") { return 1 }
        return end >= 2 && isTwoByteTimes(name[end - 2], name[end - 1]) ? 2 : 0
    }

    private static func isLetter(_ byte: UInt8) -> Bool { Byte.isLetterByte(byte) }
    /// A byte of a word: a letter (any non-ASCII byte counts) or a dot inside an abbreviation.
    private static func isWordByte(_ byte: UInt8) -> Bool { isLetter(byte) || byte == Byte.dot || byte == Byte.space }

    /// Digits and decimal marks from `start`, starting with a digit or a mark followed by one.
    private static func numberToken(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
        var index = start
        while index < end, Byte.isDigit(field[index]) || isMark(field[index]) { index += 1 }
        while index > start, isMark(field[index - 1]) { index -= 1 }  // `5.` at the end of a token
        guard (start..<index).contains(where: { Byte.isDigit(field[$0]) }) else { return nil }
        return start..<index
    }


    /// Whether the text from `start` is minus signs (`-`, or U+2212 `−`) before a number
    /// (`-1 kg`, `- 0,5 kg`, `--5 kg`); `-` or `--` alone are no number at all.
    private static func startsWithMinus(_ field: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        func minusWidth(_ index: Int) -> Int {
            if index < end && field[index] == UInt8(ascii: "-") { return 1 }
            return index + 2 < end && field[index] == 0xE2 && field[index + 1] == 0x88 && field[index + 2] == 0x92 ? 3 : 0
        }
        guard minusWidth(start) > 0 else { return false }
        var next = start
        while next < end {
            let width = max(minusWidth(next), NumberReader.blankWidth(field, at: next, end: end))
            guard width > 0 else { break }
            next += width
        }
        return numberToken(field, from: next, to: end)?.lowerBound == next
    }

    private static func isMark(_ byte: UInt8) -> Bool { byte == Byte.dot || byte == Byte.comma }

}
