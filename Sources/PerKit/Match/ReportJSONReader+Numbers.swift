/// Numbers, read exactly whatever their length.
extension ReportJSONReader {
    /// A JSON number where it is written: its whole and fraction digits and its exponent.
    /// Exact whatever its length.
    struct Decimal {
        var negative: Bool
        var bytes: UnsafeBufferPointer<UInt8>
        var whole: Range<Int>
        var fraction: Range<Int>
        var exponent: Int
        /// The digits' value, read as they were scanned: meaningful when there are at most 18.
        var value: UInt64

        /// Whether `value` holds the digits' value.
        var isShort: Bool { whole.count + fraction.count <= ExactDecimal.maxDigits }

        /// How many of the digits are decimals (negative for a positive exponent): `1.50` has
        /// 2, `2e3` has -3.
        var scale: Int { fraction.count - exponent }

        /// The digits, whole then fraction, with no sign and no point.
        var digits: [UInt8] { Array(bytes[whole]) + Array(bytes[fraction]) }

        /// The value as per keeps decimals (`1.50` stays 1.50, `5e2` is 500), nil past
        /// `ExactDecimal.maxDigits` digits.
        var exact: ExactDecimal? {
            // Nearly always: a few digits and no exponent, read already.
            if exponent == 0 && isShort { return ExactDecimal(significand: value, scale: fraction.count) }
            var value: UInt64 = 0
            var significant = 0
            for index in whole.lowerBound..<fraction.upperBound where index < whole.upperBound || index >= fraction.lowerBound {
                let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
                if significant == 0 && digit == 0 { continue }
                significant += 1
                guard significant <= ExactDecimal.maxDigits else { return nil }
                value = value * 10 + digit
            }
            var scale = self.scale
            while scale < 0 {
                guard value == 0 || significant < ExactDecimal.maxDigits else { return nil }
                value *= 10
                if value != 0 { significant += 1 }
                scale += 1
            }
            while scale > ExactDecimal.maxDigits {
                guard value % 10 == 0 else { return nil }
                value /= 10
                scale -= 1
            }
            return ExactDecimal(significand: value, scale: scale)
        }

        /// The shortest text of the same value (`1.50` → `1.5`, `2e3` → `2000`), for messages.
        var text: String {
            var digits = Array(self.digits.drop { $0 == UInt8(ascii: "0") })
            var scale = self.scale
            while scale > 0, digits.last == UInt8(ascii: "0") {
                digits.removeLast()
                scale -= 1
            }
            if digits.isEmpty { return "0" }
            if scale <= 0 { return (negative ? "-" : "") + String(decoding: digits + Array(repeating: UInt8(ascii: "0"), count: -scale), as: UTF8.self) }
            if digits.count <= scale { digits.insert(contentsOf: Array(repeating: UInt8(ascii: "0"), count: scale - digits.count + 1), at: 0) }
            let whole = digits[..<(digits.count - scale)]
            let fraction = digits[(digits.count - scale)...]
            return (negative ? "-" : "") + String(decoding: whole, as: UTF8.self) + "." + String(decoding: fraction, as: UTF8.self)
        }
    }

    mutating func decimal() throws -> Decimal {
        let first = try peek()
        guard first == UInt8(ascii: "-") || Byte.isDigit(first) else { throw failure("expected a number, found \(found())") }
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let wholeStart = position
        var value: UInt64 = 0
        while position < bytes.count, Byte.isDigit(bytes[position]) {
            value = value &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let whole = wholeStart..<position
        guard whole.count > 0, !(whole.count > 1 && bytes[wholeStart] == UInt8(ascii: "0")) else {
            position = start
            throw failure("the number is not written as JSON writes numbers")
        }
        var fraction = position..<position
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < bytes.count, Byte.isDigit(bytes[position]) {
                value = value &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            fraction = fractionStart..<position
            guard fraction.count > 0 else { throw failure("a number has no digits after its decimal point") }
        }
        var exponent = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, Byte.isDigit(bytes[position]) {
                exponent = min(exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")), 1_000_000)
                position += 1
            }
            guard position > exponentStart else { throw failure("a number's exponent has no digits") }
            guard exponent < 1_000 else { throw failure("a number's exponent is beyond what a report holds") }
            if exponentNegative { exponent = -exponent }
        }
        return Decimal(negative: negative, bytes: bytes, whole: whole, fraction: fraction, exponent: exponent, value: value)
    }

    /// A whole number that fits an `Int` (a rank, the schema version).
    mutating func integer() throws -> Int {
        let start = position
        let number = try decimal()
        if !number.negative, number.fraction.isEmpty, number.exponent == 0, number.isShort {
            return Int(number.value)
        }
        let text = number.text
        guard !text.contains("."), let value = Int(text) else {
            position = start
            throw failure("expected a whole number, found \(text)")
        }
        return value
    }
}
