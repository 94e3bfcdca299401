import BigInt

/// How long a bar is: a value over the largest it is drawn beside, in tenths of a percent
/// (0 to 1000), rounded half up from the exact values. The one rounding of every bar's
/// length: a report's bars from the exact unit prices, a diff's from the unit prices as it
/// holds them (`Snapshot.decimals`).
enum BarLength {
    /// `value / largest × 1000`, rounded half up; 0 when `largest` is 0.
    static func tenthsOfPercent(_ value: UnitPrice, of largest: UnitPrice) -> Int {
        guard largest.numerator != 0 else { return 0 }
        // value / largest = a·d·10^e / (c·b·10^f), with e and f shifted to share their minimum.
        let common = min(value.exponent, largest.exponent)
        if let x = WideArithmetic.product(value.numerator, largest.denominator, pow10: value.exponent - common + 3),
           let y = WideArithmetic.product(largest.numerator, value.denominator, pow10: largest.exponent - common) {
            return Int(min(WideArithmetic.roundedQuotient(x, y), 1000))
        }
        let x = WideArithmetic.bigProduct(value.numerator, largest.denominator, pow10: value.exponent - common + 3)
        let y = WideArithmetic.bigProduct(largest.numerator, value.denominator, pow10: largest.exponent - common)
        return Int(min(WideArithmetic.roundedQuotient(x, y), 1000))
    }

    /// The same for two values of one fixed scale (digits × 10^-scale, as reports print them).
    static func tenthsOfPercent(_ value: BigUInt, of largest: BigUInt) -> Int {
        guard !largest.isZero else { return 0 }
        return Int(min(WideArithmetic.roundedQuotient(value * 1000, largest), 1000))
    }
}
