/// Reads a positive decimal number from the bytes of one field, as price sheets write them:
/// a decimal point or a decimal comma, digit grouping where it is unambiguous (`1,234.50`,
/// `1.234,50`, `1 234,50`), `.5` and `,69`, surrounding spaces and no-break spaces, and for
/// prices a currency symbol or code before or after (`$3.49`, `3,15 €`, `EUR 2.99`) or a price
/// in pence or cents (`85p`, `99¢`).
///
/// A value that reads two ways (`1,234`: 1234 or 1.234) takes the column's `likely` mark; with
/// none it is refused as ambiguous, never guessed. Exponents, hexadecimal, `nan`, `inf` and
/// trailing text are not numbers. Runs on the bytes as read: no `String`, no Foundation,
/// no binary floating point.
public struct NumberReader: Hashable, Sendable {
    public enum Mark: UInt8, Hashable, Sendable, CaseIterable {
        case point = 0x2E
        case comma = 0x2C

        var other: Mark { self == .point ? .comma : .point }
    }

    /// Why a field is not a usable number.
    public enum Failure: Error, Hashable, Sendable {
        case empty
        case notANumber
        case negative
        case tooManyDigits
        /// Reads as a decimal with either mark (`1,234`), and nothing says which.
        case ambiguous
    }

    public struct Reading: Hashable, Sendable {
        public var value: ExactDecimal
        public var currency: Currency?
        /// The mark the value shows to be the decimal one without help, if any: evidence for
        /// the column's `likely` mark.
        public var evidence: Mark?
    }

    /// The decimal mark when the user said which; the other mark then only groups digits.
    public var forced: Mark?
    /// The mark for values that read either way, from the column's other values or the file's
    /// delimiter.
    public var likely: Mark?
    /// Whether a currency symbol or code may stand before or after the number.
    public var allowsCurrency: Bool

    public init(forced: Mark? = nil, likely: Mark? = nil, allowsCurrency: Bool = false) {
        self.forced = forced
        self.likely = likely
        self.allowsCurrency = allowsCurrency
    }

    /// Decimal point only, no grouping, no currency: the grammar of our own tables and tests.
    public static let plain = NumberReader(forced: .point)

    /// A negative number (`-0,50`, `-€0.50`, a discount on a receipt) as its magnitude; nil
    /// when the field is no negative number.
    public func negativeAmount(_ field: UnsafeBufferPointer<UInt8>) -> Reading? {
        guard case .failure(.negative) = read(field), let minus = field.firstIndex(of: UInt8(ascii: "-")) else { return nil }
        var bytes = Array(field)
        bytes[minus] = UInt8(ascii: "+")
        return bytes.withUnsafeBufferPointer { try? read($0).get() }
    }

    public func read(_ field: UnsafeBufferPointer<UInt8>) -> Result<Reading, Failure> {
        if let reading = simple(field) { return .success(reading) }
        var start = 0
        var end = field.count
        Self.trim(field, &start, &end)
        guard start < end else { return .failure(.empty) }

        var currency: Currency?
        if allowsCurrency {
            currency = Self.stripCurrency(field, &start, &end)
            if currency != nil { Self.trim(field, &start, &end) }
            if currency == nil, let subunit = Self.subunit(field, start, end) { return .success(subunit) }
        }
        var negative = false
        if start < end, field[start] == UInt8(ascii: "+") || field[start] == UInt8(ascii: "-") {
            negative = field[start] == UInt8(ascii: "-")
            start += 1
            if allowsCurrency && currency == nil {  // -$3.49
                currency = Self.stripCurrency(field, &start, &end)
            }
        }
        guard start < end else { return .failure(.notANumber) }

        let reading = plainNumber(field, start, end) ?? general(field, start, end)
        return reading.flatMap { reading in
            negative && !reading.value.isZero ? .failure(.negative)
                : .success(Reading(value: reading.value, currency: currency, evidence: reading.evidence))
        }
    }

    // MARK: - Digits with at most one point

    /// The common case in one pass: digits and at most one point, nothing around them, a shape
    /// that reads only one way. nil sends everything else to the full grammar.
    @inline(__always)
    private func simple(_ field: UnsafeBufferPointer<UInt8>) -> Reading? {
        let count = field.count
        guard count > 0, count <= ExactDecimal.maxDigits, forced != .comma else { return nil }
        var significand: UInt64 = 0
        var point = -1
        for index in 0..<count {
            let digit = field[index] &- 0x30
            if digit < 10 {
                significand = significand &* 10 &+ UInt64(digit)
            } else if field[index] == Mark.point.rawValue && point < 0 {
                point = index
            } else {
                return nil
            }
        }
        guard point >= 0 else { return Reading(value: ExactDecimal(significand: significand, scale: 0), evidence: nil) }
        let after = count - point - 1
        guard point + after > 0 else { return nil }
        let groupingShape = after == 3 && point >= 1 && point <= 3 && field[0] != 0x30
        if groupingShape && forced == nil && likely != .point { return nil }
        return Reading(value: ExactDecimal(significand: significand, scale: after), evidence: groupingShape ? nil : .point)
    }

    /// The fast path for what most exports write; nil when the value needs the general one.
    @inline(__always)
    private func plainNumber(_ field: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Result<Reading, Failure>? {
        var point = -1
        for index in start..<end {
            let byte = field[index]
            if byte &- 0x30 < 10 { continue }
            if byte == Mark.point.rawValue && point < 0 { point = index; continue }
            return nil
        }
        guard point >= 0 else {
            return accumulate(field, start, end, decimalAt: -1).map { Reading(value: $0, evidence: nil) }
        }
        let before = point - start
        let after = end - point - 1
        guard before + after > 0 else { return .failure(.notANumber) }
        if forced == .comma { return nil }
        let groupingShape = after == 3 && before >= 1 && before <= 3 && field[start] != 0x30
        if groupingShape && forced == nil && likely != .point { return nil }
        return accumulate(field, start, end, decimalAt: point).map { Reading(value: $0, evidence: groupingShape ? nil : .point) }
    }

    // MARK: - Marks, grouping and spaces

    private enum Separator: Equatable {
        case mark(Mark)
        case space  // space, no-break space, narrow no-break space or apostrophe: grouping only
    }

    private func general(_ field: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Result<Reading, Failure> {
        // Split into digit groups and the single separators between them.
        var separators: [(kind: Separator, position: Int, width: Int)] = []
        var groups: [Int] = [0]  // digits in each group
        var index = start
        while index < end {
            let byte = field[index]
            if byte &- 0x30 < 10 {
                groups[groups.count - 1] += 1
                index += 1
                continue
            }
            guard let (kind, width) = Self.separator(field, index, end) else { return .failure(.notANumber) }
            // Two separators in a row are not a number.
            if let last = separators.last, last.position + last.width == index { return .failure(.notANumber) }
            separators.append((kind, index, width))
            groups.append(0)
            index += width
        }
        guard groups.contains(where: { $0 > 0 }) else { return .failure(.notANumber) }
        let leadingZero = field[start] == 0x30

        let decimal: Int?  // index into `separators` of the decimal mark
        switch decide(separators.map(\.kind), groups, leadingZero: leadingZero) {
        case .failure(let failure): return .failure(failure)
        case .success(let index): decimal = index
        }
        // Grouping separators: before the decimal mark only, each followed by three digits,
        // the first group one to three digits.
        let integerGroups = decimal.map { $0 + 1 } ?? groups.count
        if integerGroups > 1 {
            guard groups[0] >= 1 && groups[0] <= 3, groups[1..<integerGroups].allSatisfy({ $0 == 3 }) else {
                return .failure(.notANumber)
            }
        }
        // A separator at either end is a decimal mark (`.5`, `5.`) or nothing.
        if groups.first == 0 && decimal != 0 { return .failure(.notANumber) }
        if groups.last == 0 && decimal != separators.count - 1 { return .failure(.notANumber) }

        let decimalPosition = decimal.map { separators[$0].position } ?? -1
        let marks = separators.compactMap { separator -> Mark? in
            if case .mark(let mark) = separator.kind { return mark } else { return nil }
        }
        let evidence: Mark?
        if let decimal, case .mark(let mark) = separators[decimal].kind {
            evidence = isAmbiguousShape(separators.map(\.kind), groups, leadingZero: leadingZero) ? nil : mark
        } else if marks.count > 1 {
            evidence = marks[0].other  // a mark used twice groups digits, so the other is the decimal mark
        } else {
            evidence = nil
        }
        return accumulate(field, start, end, decimalAt: decimalPosition).map { Reading(value: $0, evidence: evidence) }
    }

    /// Which separator is the decimal mark, if any.
    private func decide(_ separators: [Separator], _ groups: [Int], leadingZero: Bool) -> Result<Int?, Failure> {
        let marks = separators.enumerated().compactMap { element -> (Int, Mark)? in
            if case .mark(let mark) = element.element { return (element.offset, mark) } else { return nil }
        }
        guard let (lastIndex, lastMark) = marks.last else { return .success(nil) }  // spaces only: grouping
        if marks.contains(where: { $0.1 != lastMark }) {
            // Both marks: the last is the decimal mark, and the others group digits.
            guard lastIndex == separators.count - 1, marks.dropLast().allSatisfy({ $0.1 == lastMark.other }),
                  forced == nil || forced == lastMark
            else { return .failure(.notANumber) }
            return .success(lastIndex)
        }
        if marks.count > 1 {
            // One mark used twice or more groups digits (1.234.567).
            guard forced != lastMark else { return .failure(.notANumber) }
            return .success(nil)
        }
        // A single mark: after a space group it can only be the decimal mark.
        guard lastIndex == separators.count - 1 else { return .failure(.notANumber) }
        if let forced { return .success(forced == lastMark ? lastIndex : nil) }
        if !isAmbiguousShape(separators, groups, leadingZero: leadingZero) { return .success(lastIndex) }
        switch likely {
        case lastMark?: return .success(lastIndex)
        case lastMark.other?: return .success(nil)
        default: return .failure(.ambiguous)
        }
    }

    /// One mark between one to three digits (not starting with 0) and exactly three: `1,234`.
    private func isAmbiguousShape(_ separators: [Separator], _ groups: [Int], leadingZero: Bool) -> Bool {
        separators.count == 1 && groups.count == 2 && groups[0] >= 1 && groups[0] <= 3 && groups[1] == 3 && !leadingZero
    }

    // MARK: - Bytes

    /// The value of the digits in `start..<end`, with the decimal mark at `decimalAt` (or -1).
    @inline(__always)
    private func accumulate(_ field: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, decimalAt: Int) -> Result<ExactDecimal, Failure> {
        var significand: UInt64 = 0
        var significant = 0
        var scale = 0
        for index in start..<end {
            let digit = field[index] &- 0x30
            guard digit < 10 else { continue }
            if decimalAt >= 0 && index > decimalAt { scale += 1 }
            if significand != 0 || digit != 0 {
                significant += 1
                if significant > ExactDecimal.maxDigits { return .failure(.tooManyDigits) }
                significand = significand &* 10 &+ UInt64(digit)
            }
        }
        guard scale <= ExactDecimal.maxDigits else { return .failure(.tooManyDigits) }
        return .success(ExactDecimal(significand: significand, scale: scale))
    }

    private static func separator(_ field: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int) -> (Separator, Int)? {
        switch field[index] {
        case Mark.point.rawValue: return (.mark(.point), 1)
        case Mark.comma.rawValue: return (.mark(.comma), 1)
        case 0x27: return (.space, 1)  // apostrophe (1'234)
        case 0x09, 0x0A, 0x0D: return nil  // a tab or line break is a blank around a value, not within one
        default:
            let width = blankWidth(field, at: index, end: end)
            return width > 0 ? (.space, width) : nil
        }
    }

    /// The bytes of the blank at `index` (before `end`): 1 for a space, a tab or a line break (a
    /// quoted cell of a web page's text often starts with one: `"\n1,17 €"`), 2 for a no-break
    /// space (C2 A0), 3 for a narrow no-break space (E2 80 AF, which French number formatting
    /// puts between digit groups and before `€`); 0 for anything else. The one definition of a
    /// blank for numbers, sizes and sniffing.
    @inline(__always)
    static func blankWidth(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        switch field[index] {
        case 0x20, 0x09, 0x0A, 0x0D: 1
        case 0xC2: index + 1 < end && field[index + 1] == 0xA0 ? 2 : 0
        case 0xE2: index + 2 < end && field[index + 1] == 0x80 && field[index + 2] == 0xAF ? 3 : 0
        default: 0
        }
    }

    /// The bytes of the blank that ends just before `index` (after `start`); 0 when none does.
    @inline(__always)
    static func blankWidth(_ field: UnsafeBufferPointer<UInt8>, before index: Int, start: Int) -> Int {
        switch field[index - 1] {
        case 0x20, 0x09, 0x0A, 0x0D: 1
        case 0xA0: index - 2 >= start && field[index - 2] == 0xC2 ? 2 : 0
        case 0xAF: index - 3 >= start && field[index - 2] == 0x80 && field[index - 3] == 0xE2 ? 3 : 0
        default: 0
        }
    }

    /// Moves `start` and `end` past blanks (`blankWidth`).
    @inline(__always)
    static func trim(_ field: UnsafeBufferPointer<UInt8>, _ start: inout Int, _ end: inout Int) {
        // Nearly every field starts and ends with a byte that begins or ends no blank.
        if start < end, case let first = field[start], case let last = field[end - 1],
           first > 0x20 && first < 0xC2, last > 0x20 && last < 0xA0 { return }
        while start < end, case let width = blankWidth(field, at: start, end: end), width > 0 { start += width }
        while end > start, case let width = blankWidth(field, before: end, start: start), width > 0 { end -= width }
    }

    /// Removes one currency symbol or code at either end, and returns it.
    /// A price in hundredths of a currency, as shelves write small ones: `85p` (pence, so
    /// pounds) and `99¢` (cents of a currency the field does not name). Whole digits only, at
    /// most four: `1.20p` and `12345p` are no prices.
    private static func subunit(_ field: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Reading? {
        var digitsEnd = end
        var currency: Currency?
        if end - start >= 2, field[end - 1] == UInt8(ascii: "p") {
            digitsEnd = end - 1
            currency = Currency(code: "GBP")
        } else if end - start >= 3, field[end - 2] == 0xC2, field[end - 1] == 0xA2 {  // ¢
            digitsEnd = end - 2
        } else {
            return nil
        }
        while digitsEnd > start, field[digitsEnd - 1] == UInt8(ascii: " ") { digitsEnd -= 1 }
        guard digitsEnd > start, digitsEnd - start <= 4 else { return nil }
        var hundredths: UInt64 = 0
        for index in start..<digitsEnd {
            let digit = field[index] &- 0x30
            guard digit < 10 else { return nil }
            hundredths = hundredths * 10 + UInt64(digit)
        }
        return Reading(value: ExactDecimal(significand: hundredths, scale: 2), currency: currency, evidence: nil)
    }

    private static func stripCurrency(_ field: UnsafeBufferPointer<UInt8>, _ start: inout Int, _ end: inout Int) -> Currency? {
        func numeric(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 || byte == Mark.point.rawValue || byte == Mark.comma.rawValue }
        guard start < end, !numeric(field[start]) || !numeric(field[end - 1]) else { return nil }
        for (text, currency) in Currency.spellings {
            let count = text.count
            guard end - start > count else { continue }
            if field[start] == text[0], (0..<count).allSatisfy({ field[start + $0] == text[$0] }) {
                start += count
                return currency
            }
            if field[end - count] == text[0], (0..<count).allSatisfy({ field[end - count + $0] == text[$0] }) {
                end -= count
                return currency
            }
        }
        return nil
    }
}

