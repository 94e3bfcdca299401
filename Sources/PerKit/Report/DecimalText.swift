/// Decimal digits written straight into memory, for the writers' hot loops: the one place
/// numbers become text (`OutputBuffer.append(decimal:)` and `append(fixed:scale:)` use it).
enum DecimalText {
    /// The most bytes `write(_:scale:at:)` writes for a scale below 20.
    static let maxFixedBytes = 41

    /// `value × 10^-scale` (scale below 20) with exactly `scale` fraction digits and at least
    /// one digit before the point (`0.5`, `17.9800`, `3`); returns the end of what it wrote.
    @inline(__always)
    static func write(_ value: UInt64, scale: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard scale > 0 else { return write(value, minimumDigits: 1, at: start) }
        // Right to left: the fraction's digits, the point, then the whole part's. (Writing the
        // digits first and moving the fraction for the point read back bytes just stored,
        // which stalled the store buffer on a quarter of the writers' time.)
        let wholeDigits = max(digitCount(value) - scale, 1)
        let end = start + wholeDigits + 1 + scale
        var cursor = end
        var rest = value
        var fraction = scale
        while fraction >= 2 {
            let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
            cursor -= 2
            cursor[0] = pairs[Int(pair) &* 2]
            cursor[1] = pairs[Int(pair) &* 2 &+ 1]
            rest = quotient
            fraction -= 2
        }
        if fraction == 1 {
            cursor -= 1
            cursor.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
        }
        cursor -= 1
        cursor.pointee = Byte.dot
        _ = write(rest, digits: wholeDigits, at: start)
        return end
    }

    /// A unit price for CSV and JSON: `value × 10^-scale` with its trailing zeros dropped down
    /// to `least` decimals (`ReportPrecision.unitPrice`).
    @inline(__always)
    static func write(_ value: UInt64, scale: Int, least: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var value = value
        var scale = scale
        while scale > least, value % 10 == 0 {
            value /= 10
            scale -= 1
        }
        return write(value, scale: scale, at: start)
    }

    /// `value` in decimal, zero-padded to `minimumDigits`; returns the end of what it wrote.
    @inline(__always)
    static func write(_ value: UInt64, minimumDigits: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        write(value, digits: max(digitCount(value), minimumDigits), at: start)
    }

    /// The last `count` decimal digits of `value`, zero-padded; returns the end.
    @inline(__always)
    private static func write(_ value: UInt64, digits count: Int, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let table = pairs
        var cursor = start + count
        var rest = value
        // Two digits per division while at least two remain to be written.
        while cursor - start >= 2 {
            let (quotient, pair) = rest.quotientAndRemainder(dividingBy: 100)
            cursor -= 2
            cursor[0] = table[Int(pair) &* 2]
            cursor[1] = table[Int(pair) &* 2 &+ 1]
            rest = quotient
        }
        if cursor > start {
            cursor -= 1
            cursor.pointee = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
        }
        return start + count
    }

    /// "00" to "99", two bytes each.
    private static var pairs: UnsafePointer<UInt8> {
        @inline(__always) get {
            let pairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
            return pairs.utf8Start
        }
    }

    /// Decimal digits of `value` (1 for 0): from its bit length, ⌊bits × log10 2⌋ is the digit
    /// count or one less.
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        let guess = ((64 - value.leadingZeroBitCount) &* 1233) >> 12
        return value >= Power10.of(guess) ? guess + 1 : max(guess, 1)
    }
}
