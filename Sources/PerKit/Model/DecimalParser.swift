/// Reads a decimal number from the bytes of one field, by an explicit grammar:
///
///     number := spaces? sign? digits? (mark digits?)? spaces?     (at least one digit)
///
/// `.5` and `5.` are numbers; `1e3`, `0x10`, `1_000`, `nan`, `inf` and `3.49abc` are not.
/// Runs on the bytes as read, with no `String` and no Foundation, because it runs for two
/// fields of every row.
public struct DecimalParser: Sendable {
    /// Why a field is not a usable number.
    public enum Failure: Error, Equatable, Sendable {
        case empty
        case notANumber
        case negative
        case tooManyDigits
    }

    /// The byte between the whole and the fractional digits.
    public var decimalMark: UInt8

    public init(decimalMark: UInt8 = UInt8(ascii: ".")) {
        self.decimalMark = decimalMark
    }

    public static let plain = DecimalParser()

    public func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<ExactDecimal, Failure> {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard start < end else { return .failure(.empty) }

        var negative = false
        if bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-") {
            negative = bytes[start] == UInt8(ascii: "-")
            start += 1
        }

        var significand: UInt64 = 0
        var significantDigits = 0
        var digits = 0
        var scale = 0
        var seenMark = false
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte &- 0x30 < 10 {
                digits += 1
                if seenMark { scale += 1 }
                if significand != 0 || byte != 0x30 {
                    significantDigits += 1
                    if significantDigits > ExactDecimal.maxDigits { return .failure(.tooManyDigits) }
                    significand = significand &* 10 &+ UInt64(byte &- 0x30)
                } else if seenMark && scale > ExactDecimal.maxDigits {
                    return .failure(.tooManyDigits)
                }
            } else if byte == decimalMark && !seenMark {
                seenMark = true
            } else {
                return .failure(.notANumber)
            }
            index += 1
        }
        guard digits > 0 else { return .failure(.notANumber) }
        if scale > ExactDecimal.maxDigits { return .failure(.tooManyDigits) }
        if negative && significand != 0 { return .failure(.negative) }
        return .success(ExactDecimal(significand: significand, scale: scale))
    }
}
