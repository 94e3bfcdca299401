/// Reads a size written in one cell or at the end of a product name: a number, perhaps a pack
/// count (`6x355ml`, `6 x 0,33 l`, `24 x 29.583g`, which multiply), perhaps a unit
/// (`0.40 kg`, `315 G`, `675 g` with a no-break space, `1.89 Litre`).
struct SizeReader {
    var numbers: NumberReader

    struct Size {
        var quantity: ExactDecimal
        /// Where the unit is written, as a range of the field's bytes; nil when there is none.
        var unit: Range<Int>?
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
        guard let number = Self.numberToken(field, from: start, to: end), number.lowerBound == start else {
            // `-1 kg`, `- 500 g`, `−0,5 kg`: a size with a minus sign is negative, not text.
            if Self.startsWithMinus(field, start, end) { return .failure(.number(.negative)) }
            return gluedSize(field, from: start, to: end) ?? .failure(.number(.notANumber))
        }
        return size(field, number: number, unitFrom: number.upperBound, to: end)
    }

    /// A size at the end of text in a quantity cell (`Cows Milk220g`, `Vanilla1.89 Litre`):
    /// read only when the cell holds one number and nothing that makes it a price or a ratio.
    private func gluedSize(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Result<Size, Failure>? {
        var numbers = 0
        var inNumber = false
        for index in start..<end {
            let byte = field[index]
            let cent = byte == 0xC2 && index + 1 < end && field[index + 1] == 0xA2
            if byte == UInt8(ascii: "$") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") || cent {
                return nil  // a price per unit, a ratio, a percentage or a cent sign
            }
            let digit = Self.isDigit(byte)
            if digit && !inNumber { numbers += 1 }
            inNumber = digit || (inNumber && Self.isMark(byte))
        }
        guard numbers == 1 else { return nil }
        let size = trailingSize(in: UnsafeBufferPointer(rebasing: field[..<end]))
        guard case .success = size else { return nil }
        return size
    }

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
        var end = name.count
        while end > 0, case let width = max(name[end - 1] == Byte.dot ? 1 : 0, NumberReader.blankWidth(name, before: end, start: 0)), width > 0 { end -= width }
        // The last number of the name, and the unit after it.
        guard let lastDigit = (0..<end).last(where: { Self.isDigit(name[$0]) }) else { return .failure(.noSize) }
        var start = lastDigit
        while start > 0, Self.isDigit(name[start - 1]) || Self.isMark(name[start - 1]) { start -= 1 }
        // Marks before the digits are no part of the number (`Pack,5g`), except one that stands
        // at the start or after a blank (`Salt .5 kg`, `Nuts ,5 kg`): a leading decimal mark.
        while start < lastDigit, Self.isMark(name[start]) {
            if Self.isDigit(name[start + 1]) && (start == 0 || NumberReader.blankWidth(name, before: start, start: 0) > 0) { break }
            start += 1
        }
        let number = start..<(lastDigit + 1)
        guard number.upperBound < end else { return .failure(.noSize) }  // no unit after the number
        var unitEnd = end
        while unitEnd > number.upperBound, name[unitEnd - 1] == Byte.dot { unitEnd -= 1 }
        // Pack counts before it, which multiply: `4 x 125 g`, `p3x52g`, `p4x2x60g`.
        var packs: [Range<Int>] = []
        var packStart = number.lowerBound
        while true {
            var times = packStart
            while times > 0, case let width = NumberReader.blankWidth(name, before: times, start: 0), width > 0 { times -= width }
            guard times > 0, Self.isTimes(name[times - 1]) else { break }
            var countEnd = times - 1
            while countEnd > 0, case let width = NumberReader.blankWidth(name, before: countEnd, start: 0), width > 0 { countEnd -= width }
            var countStart = countEnd
            while countStart > 0, Self.isDigit(name[countStart - 1]) { countStart -= 1 }
            guard countStart < countEnd else { break }  // `Max 4 x 100 g`: a word, not a count
            // A count is a whole number: the end of `1.5` or `1/2` reads two ways, refused.
            if countStart > 0 && (Self.isMark(name[countStart - 1]) || name[countStart - 1] == UInt8(ascii: "/")) {
                return .failure(.number(.notANumber))
            }
            packs.append(countStart..<countEnd)
            packStart = countStart
        }
        bounds = Bounds(number: number, start: packs.map(\.lowerBound).min() ?? number.lowerBound)
        if !packs.isEmpty {
            return size(name, packs: packs, number: number, unitFrom: number.upperBound, to: unitEnd)
        }
        return size(name, number: number, unitFrom: number.upperBound, to: unitEnd)
    }

    /// The decimal mark the amount in a size cell or at the end of a name shows, for sniffing a
    /// column: its last number, the `0,33` of `6 x 0,33 l`, the `0,5` of `Milk 0,5 l`, the `1.5`
    /// of `Agua 1.5 l`; not the `4,5` of `Cerveza 4,5% 33 cl`, which is no size.
    func evidence(in field: UnsafeBufferPointer<UInt8>) -> NumberReader.Mark? {
        var last: Range<Int>?
        var index = 0
        while index < field.count {
            guard Self.isDigit(field[index]) || Self.isMark(field[index]),
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
        // `6x355ml`, `6 x 0,33 l`: the first number counts packs.
        if rest < end, Self.isTimes(field[rest]) {
            var second = rest + 1
            while second < end, case let width = NumberReader.blankWidth(field, at: second, end: end), width > 0 { second += width }
            if let amount = Self.numberToken(field, from: second, to: end), amount.lowerBound == second {
                return size(field, packs: [number], number: amount, unitFrom: amount.upperBound, to: end)
            }
        }
        return reading(field, number).map { Size(quantity: $0, unit: Self.unit(field, from: unitFrom, to: end)) }
    }

    /// An amount times whole pack counts (`6` of `6x355ml`, `4` and `2` of `p4x2x60g`).
    private func size(_ field: UnsafeBufferPointer<UInt8>, packs: [Range<Int>], number: Range<Int>, unitFrom: Int, to end: Int) -> Result<Size, Failure> {
        reading(field, number).flatMap { amount in
            var total = amount.significand
            for pack in packs {
                guard case .success(let count) = reading(field, pack), count.scale == 0, count.significand > 0 else {
                    return .failure(.number(.notANumber))
                }
                let (product, overflow) = total.multipliedReportingOverflow(by: count.significand)
                guard !overflow, product < Power10.of(ExactDecimal.maxDigits) else { return .failure(.number(.tooManyDigits)) }
                total = product
            }
            return .success(Size(quantity: ExactDecimal(significand: total, scale: amount.scale), unit: Self.unit(field, from: unitFrom, to: end)))
        }
    }

    private func reading(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<ExactDecimal, Failure> {
        numbers.read(UnsafeBufferPointer(rebasing: field[range])).map(\.value).mapError { .number($0) }
    }

    /// The unit text between `start` and `end`, without surrounding spaces; nil when empty.
    private static func unit(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
        var start = start
        var end = end
        NumberReader.trim(field, &start, &end)
        return start < end ? start..<end : nil
    }

    /// Digits and decimal marks from `start`, starting with a digit or a mark followed by one.
    private static func numberToken(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
        var index = start
        while index < end, isDigit(field[index]) || isMark(field[index]) { index += 1 }
        while index > start, isMark(field[index - 1]) { index -= 1 }  // `5.` at the end of a token
        guard (start..<index).contains(where: { isDigit(field[$0]) }) else { return nil }
        return start..<index
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

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
    private static func isTimes(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "x") || byte == UInt8(ascii: "X") }
}
