/// The size at the end of a product name: the last number, the unit after it and the pack counts
/// before it, a fraction (`1/2 gal`) or pounds and ounces (`1 lb 2 oz`).
extension SizeReader {
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

    func trailingSize(in name: UnsafeBufferPointer<UInt8>, bounds: inout Bounds?) -> Result<Size, Failure> {
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
                guard let value = ExactDecimal(significand: numerator.significand, scale: 0)
                    .dividedExactly(by: ExactDecimal(significand: denominator.significand, scale: 0), maxScale: 18) else {
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
            // `2 briks de 1 l`, `pack de 16 unidades de 125 g`, `6 cans of 330 ml`: a count of
            // containers of the size.
            if times > 0, let count = Self.countOfContainers(name, before: times) {
                packs.append(count)
                packStart = count.lowerBound
                continue
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
        // The same size written twice (`Pasta, 340g, 340 g`, as a shop appends its size field to
        // a name that holds it) is one size.
        var pounds: ExactDecimal?
        if unitStart < unitEnd, Self.isLetter(name[unitStart]), let earlier = Self.sizeRightBefore(name, at: sizeStart),
           !(packs.isEmpty && fraction == nil && name[earlier.number].elementsEqual(name[number])
             && Self.lowercased(name, earlier.unit) == Self.lowercased(name, unitStart..<unitEnd)) {
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

    /// The denominators of fractions written in sizes.
    static let fractionDenominators: Set<UInt64> = [2, 3, 4, 8, 16]
}
