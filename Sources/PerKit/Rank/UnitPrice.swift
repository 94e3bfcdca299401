import BigInt

/// A product's price per base unit (gram, millilitre or item), exactly:
/// `numerator / denominator × 10^exponent`.
///
/// For a price `P·10^-sp`, a quantity `Q·10^-sq` and a unit of `F·10^-sf` base units, the price
/// per base unit is `P / (Q·F) × 10^(sq + sf - sp)`. Nothing is divided until a value is
/// printed, so unit prices compare exactly: 500 g for 2.00 and 1 kg for 4.00 tie.
struct UnitPrice {
    var numerator: UInt128
    var denominator: UInt128
    var exponent: Int

    @inline(__always)
    init(price: ExactDecimal, quantity: ExactDecimal, factor: ExactDecimal) {
        numerator = UInt128(price.significand)
        denominator = UInt128(quantity.significand) * UInt128(factor.significand)
        exponent = quantity.scale + factor.scale - price.scale
    }

    /// A unit price as a report prints it, in ten-thousandths per the list's basis: compared
    /// only with others printed so.
    init(printed: UInt128) {
        numerator = printed
        denominator = 1
        exponent = 0
    }

    /// A product's unit price; `factors` are the units' factors by unit index.
    @inline(__always)
    init<Factors: RandomAccessCollection<ExactDecimal>>(of product: Product, factors: Factors) where Factors.Index == Int {
        self.init(price: product.price, quantity: product.quantity, factor: factors[Int(product.unit)])
    }

    /// The value in binary floating point, within a few units in the last place: for quick
    /// comparisons that are confirmed exactly when two estimates are close.
    var estimate: Double {
        Self.double(numerator) / Self.double(denominator) * Power10.double(exponent)
    }

    /// A 128-bit integer as a Double through its 64-bit halves (the standard library's generic
    /// conversion is far slower); within two units in the last place.
    @inline(__always)
    private static func double(_ value: UInt128) -> Double {
        let high = UInt64(truncatingIfNeeded: value >> 64)
        let low = UInt64(truncatingIfNeeded: value)
        return high == 0 ? Double(low) : Double(high) * 18446744073709551616.0 + Double(low)
    }

    /// -1, 0 or 1 as `self` is cheaper than, as dear as, or dearer than `other`.
    @inline(__always)
    func compare(_ other: UnitPrice) -> Int {
        // a/b·10^e < c/d·10^f  ⇔  a·d·10^e < c·b·10^f  (all positive)
        WideArithmetic.compare(numerator, other.denominator, pow10: exponent,
                               other.numerator, denominator, pow10: other.exponent)
    }

    /// The price per `basis` (so many base units, e.g. 1000 g for "per kg"), rounded half up
    /// to `decimals` places; the digits of `value × 10^decimals`.
    func rounded(per basis: ExactDecimal, decimals: Int) -> WideInteger {
        // value × basis × 10^decimals = num·B / den × 10^(exponent - sb + decimals)
        let shift = exponent - basis.scale + decimals
        return Self.roundedRatio(numerator, UInt128(basis.significand), pow10: max(shift, 0),
                                 over: denominator, 1, pow10: max(-shift, 0))
    }

    /// How much dearer than `best` this is, in percent, rounded half up to `decimals` places:
    /// the digits of `(self / best - 1) × 100 × 10^decimals`, from the unrounded values; for a
    /// unit price below `best` (a flagged product's), how much cheaper, `(1 - self / best)`.
    func percentMore(than best: UnitPrice, decimals: Int) -> WideInteger {
        // self / best = x / y with x = a·d·10^e, y = c·b·10^f; percent = (x - y)·100 / y.
        let common = min(exponent, best.exponent)
        let scale = 2 + decimals
        if let x = WideArithmetic.product(numerator, best.denominator, pow10: exponent - common),
           let y = WideArithmetic.product(best.numerator, denominator, pow10: best.exponent - common),
           let scaled = WideArithmetic.product(x > y ? x - y : y - x, 1, pow10: scale) {
            return .small(WideArithmetic.roundedQuotient(scaled, y))
        }
        let x = WideArithmetic.bigProduct(numerator, best.denominator, pow10: exponent - common)
        let y = WideArithmetic.bigProduct(best.numerator, denominator, pow10: best.exponent - common)
        return Self.normalized(WideArithmetic.roundedQuotient((x > y ? x - y : y - x) * BigUIntPower.ten(scale), y))
    }

    /// `a₁·a₂·10^p / (b₁·b₂·10^q)` rounded half up.
    private static func roundedRatio(
        _ a1: UInt128, _ a2: UInt128, pow10 p: Int,
        over b1: UInt128, _ b2: UInt128, pow10 q: Int
    ) -> WideInteger {
        if let n = WideArithmetic.product(a1, a2, pow10: p), let d = WideArithmetic.product(b1, b2, pow10: q) {
            return .small(WideArithmetic.roundedQuotient(n, d))
        }
        return normalized(WideArithmetic.roundedQuotient(
            WideArithmetic.bigProduct(a1, a2, pow10: p), WideArithmetic.bigProduct(b1, b2, pow10: q)))
    }

    private static func normalized(_ value: BigUInt) -> WideInteger {
        UInt128(exactly: value).map(WideInteger.small) ?? .big(value)
    }
}

private enum BigUIntPower {
    static func ten(_ exponent: Int) -> BigUInt { BigUInt(10).power(exponent) }
}
