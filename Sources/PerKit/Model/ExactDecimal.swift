/// A non-negative decimal number held exactly, as `significand × 10^-scale`.
///
/// Quantities and prices are read into this type from their bytes by an explicit grammar, never
/// through `Double` or Foundation's `Decimal(string:)`: both accept what a price sheet must not
/// (hexadecimal, `nan`, a valid prefix followed by garbage) and `Double` cannot hold cents exactly.
///
/// The scale is kept as written, so `2.50` stays `2.50` when printed; equality of values is
/// `compareValue(_:) == 0`, while `==` also compares the scale.
public struct ExactDecimal: Hashable, Sendable, BitwiseCopyable {
    /// The most significant digits a value may have; 18 digits always fit in a `UInt64`.
    public static let maxDigits = 18

    public var significand: UInt64
    public var scale: Int

    public init(significand: UInt64, scale: Int) {
        precondition(scale >= 0 && scale <= ExactDecimal.maxDigits, "scale out of range")
        self.significand = significand
        self.scale = scale
    }

    public var isZero: Bool { significand == 0 }

    /// The two values as whole numbers at their common (larger) scale: `1.5` and `2.25` are
    /// `150` and `225`. Two significands below 10^18 and scales of at most 18 fit in 128 bits.
    @inline(__always)
    static func aligned(_ a: ExactDecimal, _ b: ExactDecimal) -> (UInt128, UInt128, scale: Int) {
        let common = max(a.scale, b.scale)
        return (UInt128(a.significand) * Power10.uint128(common - a.scale), UInt128(b.significand) * Power10.uint128(common - b.scale), common)
    }

    /// Compares the values, ignoring how many fraction digits each was written with.
    public func compareValue(_ other: ExactDecimal) -> Int {
        let (lhs, rhs, _) = Self.aligned(self, other)
        return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }

    /// Whether `self × other` is a whole number (`1.5 × 12` is; `1.5 × 1` is not).
    @inline(__always)
    public func timesIsWhole(_ other: ExactDecimal) -> Bool {
        let scale = scale + other.scale
        if scale == 0 { return true }  // nearly always: whole counts of whole units
        // Two significands below 10^18 and scales of at most 18 each fit in 128 bits.
        return (UInt128(significand) * UInt128(other.significand)) % Power10.uint128(scale) == 0
    }

    /// The value times a whole number, at the same scale (`1.5 × 2` is `3.0`); nil past
    /// `maxDigits` digits.
    /// This divided by `count` when the quotient is exact at this scale (`640` by 4: `160`).
    func dividedExactly(by count: UInt64) -> ExactDecimal? {
        guard count > 0, significand % count == 0 else { return nil }
        return ExactDecimal(significand: significand / count, scale: scale)
    }

    /// This divided by `other` when the quotient is a decimal of at most `maxScale` places
    /// (`9.60 / 1.20` is `8`, `1 / 8` is `0.125`), in its fewest digits; nil when it is none
    /// (`6.79 / 3.99`), or passes 64 bits.
    func dividedExactly(by other: ExactDecimal, maxScale: Int) -> ExactDecimal? {
        guard other.significand > 0 else { return nil }
        // a / b = (sa / sb) × 10^(scale b − scale a).
        var numerator = UInt128(significand)
        let denominator = UInt128(other.significand)
        var extra = 0
        while numerator % denominator != 0 {
            guard extra < 18 else { return nil }
            numerator *= 10
            extra += 1
        }
        var quotient = numerator / denominator
        var scale = extra + self.scale - other.scale
        while scale < 0 {
            guard quotient <= UInt128(UInt64.max) else { return nil }
            quotient *= 10
            scale += 1
        }
        while scale > 0, quotient % 10 == 0 {
            quotient /= 10
            scale -= 1
        }
        guard scale <= maxScale, quotient <= UInt128(UInt64.max) else { return nil }
        return ExactDecimal(significand: UInt64(quotient), scale: scale)
    }

    public func times(_ count: Int) -> ExactDecimal? {
        let (product, overflow) = significand.multipliedReportingOverflow(by: UInt64(count))
        guard count >= 0, !overflow, product < Power10.of(Self.maxDigits) else { return nil }
        return ExactDecimal(significand: product, scale: scale)
    }

    /// The exact product (`0.732 × 1.49` is `1.09068`), with trailing zeros of the fraction
    /// dropped where it would not fit otherwise; nil when it does not fit in `maxDigits` digits
    /// and `maxDigits` decimals.
    public func timesExactly(_ other: ExactDecimal) -> ExactDecimal? {
        var product = UInt128(significand) * UInt128(other.significand)
        var scale = scale + other.scale
        while scale > 0 && (scale > Self.maxDigits || product >= UInt128(Power10.of(Self.maxDigits))) && product % 10 == 0 {
            product /= 10
            scale -= 1
        }
        guard scale <= Self.maxDigits, product < UInt128(Power10.of(Self.maxDigits)) else { return nil }
        return ExactDecimal(significand: UInt64(product), scale: scale)
    }

    /// The value as a whole number, when it is one (`3.00` is 3).
    public var wholeValue: Int? {
        let (whole, fraction) = significand.quotientAndRemainder(dividingBy: Power10.of(scale))
        return fraction == 0 ? Int(whole) : nil
    }

    /// `self - other` when `other` is less (a price less a discount), at the larger scale;
    /// nil when it is not less, or the difference does not fit.
    public func minus(_ other: ExactDecimal) -> ExactDecimal? {
        let (a, b, common) = Self.aligned(self, other)
        guard a > b, a - b < UInt128(Power10.of(Self.maxDigits)) else { return nil }
        return ExactDecimal(significand: UInt64(a - b), scale: common)
    }

    /// `self + other`, at the larger scale; nil when it does not fit.
    public func plus(_ other: ExactDecimal) -> ExactDecimal? {
        let (a, b, common) = Self.aligned(self, other)
        let sum = a + b
        guard sum < UInt128(Power10.of(Self.maxDigits)) else { return nil }
        return ExactDecimal(significand: UInt64(sum), scale: common)
    }

    /// Whether the two values differ by at most `tolerance`, exactly.
    public func isWithin(_ tolerance: ExactDecimal, of other: ExactDecimal) -> Bool {
        let common = max(scale, other.scale, tolerance.scale)
        func scaled(_ value: ExactDecimal) -> UInt128 { UInt128(value.significand) * Power10.uint128(common - value.scale) }
        let (a, b) = (scaled(self), scaled(other))
        return (a > b ? a - b : b - a) <= scaled(tolerance)
    }

    /// The canonical text: digits, and a point before the last `scale` of them (`0.5`, `2.50`, `12`),
    /// as every report prints it.
    public var text: String {
        let digits = String(significand)
        guard scale > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return padded.dropLast(scale) + "." + padded.suffix(scale)
    }
}

extension ExactDecimal: CustomStringConvertible {
    public var description: String { text }
}

extension ExactDecimal: ExpressibleByStringLiteral {
    /// For tables and tests: `"28.349523125"`. Traps on anything that is not a plain decimal.
    public init(stringLiteral value: String) {
        var bytes = Array(value.utf8)
        let parsed = bytes.withUnsafeMutableBufferPointer {
            NumberReader.plain.read(UnsafeBufferPointer($0))
        }
        guard case .success(let reading) = parsed else {
            preconditionFailure("not a decimal literal: \(value)")
        }
        self = reading.value
    }
}

extension ExactDecimal {
    /// The value in binary floating point: for evidence on how to read a file or a row (votes,
    /// within a margin), never for a result, a rank or a check.
    var approximately: Double { Double(significand) / Power10.double(scale) }
}

/// Powers of ten as integers of each width, looked up rather than computed.
enum Power10 {
    /// 10^n for n in 0...19, from a switch rather than a global table, so that hot loops pay no
    /// lazy-initialisation check per lookup.
    @inline(__always)
    static func of(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    static let table128: [UInt128] = (0...38).map { n in (0..<n).reduce(UInt128(1)) { acc, _ in acc * 10 } }

    @inline(__always)
    static func uint128(_ n: Int) -> UInt128 { n < 20 ? UInt128(of(n)) : table128[n] }

    /// 10^n for n in -64...64 as the nearest Double (exact up to 10^22).
    private static let doubles: [Double] = (-64...64).map { n in
        n >= 0 ? (0..<n).reduce(1.0) { value, _ in value * 10 } : 1 / (0..<(-n)).reduce(1.0) { value, _ in value * 10 }
    }

    @inline(__always)
    static func double(_ n: Int) -> Double { doubles[n + 64] }
}
