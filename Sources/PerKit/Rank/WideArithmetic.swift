import BigInt

/// Exact integer arithmetic for unit prices: 128-bit integers where the values fit, which is
/// nearly always, and arbitrary precision (BigInt) where a product of 18-digit inputs does not.
/// No path rounds: the fast path reports overflow instead of wrapping.
enum WideArithmetic {
    /// `a × b × 10^exponent`, or nil when it does not fit in 128 bits.
    @inline(__always)
    static func product(_ a: UInt128, _ b: UInt128, pow10 exponent: Int) -> UInt128? {
        let (ab, overflow) = a.multipliedReportingOverflow(by: b)
        if overflow { return nil }
        if exponent == 0 { return ab }
        guard exponent <= 38 else { return ab == 0 ? 0 : nil }  // 10^39 passes 128 bits
        let (result, overflow2) = ab.multipliedReportingOverflow(by: Power10.uint128(exponent))
        return overflow2 ? nil : result
    }

    static func bigProduct(_ a: UInt128, _ b: UInt128, pow10 exponent: Int) -> BigUInt {
        BigUInt(a) * BigUInt(b) * BigUInt(10).power(exponent)
    }

    /// Compares `a₁·a₂·10^p` with `b₁·b₂·10^q`: -1, 0 or 1.
    @inline(__always)
    static func compare(_ a1: UInt128, _ a2: UInt128, pow10 p: Int, _ b1: UInt128, _ b2: UInt128, pow10 q: Int) -> Int {
        let common = min(p, q)
        if let lhs = product(a1, a2, pow10: p - common), let rhs = product(b1, b2, pow10: q - common) {
            return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
        }
        let lhs = bigProduct(a1, a2, pow10: p - common)
        let rhs = bigProduct(b1, b2, pow10: q - common)
        return lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }

    /// `n / d` rounded half up (n ≥ 0, d > 0), with 64-bit division when both fit.
    @inline(__always)
    static func roundedQuotient(_ n: UInt128, _ d: UInt128) -> UInt128 {
        if n <= UInt64.max && d <= UInt64.max {
            let (q, r) = UInt64(truncatingIfNeeded: n).quotientAndRemainder(dividingBy: UInt64(truncatingIfNeeded: d))
            return UInt128(r >= UInt64(truncatingIfNeeded: d) - r ? q + 1 : q)
        }
        let (q, r) = n.quotientAndRemainder(dividingBy: d)
        return r >= d - r ? q + 1 : q
    }

    static func roundedQuotient(_ n: BigUInt, _ d: BigUInt) -> BigUInt {
        let (q, r) = n.quotientAndRemainder(dividingBy: d)
        return r >= d - r ? q + 1 : q
    }
}

/// A non-negative integer result that usually fits in 128 bits.
public enum WideInteger: Hashable, Sendable, Comparable {
    case small(UInt128)
    case big(BigUInt)

    /// By value; two small ones without making a `BigUInt`.
    public static func < (a: WideInteger, b: WideInteger) -> Bool {
        if case .small(let x) = a, case .small(let y) = b { return x < y }
        return a.wide < b.wide
    }

    public var isZero: Bool {
        switch self {
        case .small(let value): value == 0
        case .big(let value): value.isZero
        }
    }

    /// The value, however large.
    public var wide: BigUInt {
        switch self {
        case .small(let value): BigUInt(value)
        case .big(let value): value
        }
    }

    /// Whether the value ends in a zero digit (zero itself does).
    public var isMultipleOfTen: Bool {
        switch self {
        case .small(let value): value % 10 == 0
        case .big(let value): value % 10 == 0
        }
    }

    /// The value divided by ten, rounded down.
    public var dividedByTen: WideInteger {
        switch self {
        case .small(let value): .small(value / 10)
        case .big(let value): UInt128(exactly: value / 10).map(WideInteger.small) ?? .big(value / 10)
        }
    }

    /// The value with its last `count` digits dropped, rounded half up (`12345`, 2: `123`).
    public func rounded(droppingDigits count: Int) -> WideInteger {
        guard count > 0 else { return self }
        switch self {
        case .small(let value):
            let unit = Power10.uint128(count)
            return .small(value / unit + (value % unit >= unit / 2 ? 1 : 0))
        case .big(let value):
            let unit = BigUInt(10).power(count)
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: unit)
            let rounded = remainder * 2 >= unit ? quotient + 1 : quotient
            return UInt128(exactly: rounded).map(WideInteger.small) ?? .big(rounded)
        }
    }

    /// The value × 10^`count`.
    public func scaled(byPowerOfTen count: Int) -> WideInteger {
        if case .small(let value) = self, count <= 38, case let (product, overflow) = value.multipliedReportingOverflow(by: Power10.uint128(count)),
           !overflow {
            return .small(product)
        }
        return .big(wide * BigUInt(10).power(count))
    }

    /// Decimal digits, most significant first.
    public var digits: String {
        switch self {
        case .small(let value): String(value)
        case .big(let value): String(value)
        }
    }
}
