import BigInt
@testable import PerKit
import Testing

@Suite struct UnitPriceTests {
    /// A value of 1 to 18 digits at a random scale: most take the 128-bit paths, the largest the
    /// arbitrary-precision ones.
    private func decimal(_ random: inout SplitMix) -> ExactDecimal {
        let digits = Int.random(in: 1...ExactDecimal.maxDigits, using: &random)
        let significand = UInt64.random(in: 1...(Power10.of(digits) - 1), using: &random)
        return ExactDecimal(significand: significand, scale: Int.random(in: 0...ExactDecimal.maxDigits, using: &random))
    }

    private static let factors = [ExactDecimal(significand: 1, scale: 0), ExactDecimal(significand: 1000, scale: 0),
                                  ExactDecimal(significand: 45_359_237, scale: 5), ExactDecimal(significand: 28_349_523_125, scale: 9),
                                  ExactDecimal(significand: 1, scale: 3), ExactDecimal(significand: 12, scale: 0)]

    /// `n / d` rounded half up, the plain way.
    private func rounded(_ n: BigUInt, _ d: BigUInt) -> BigUInt { (2 * n + d) / (2 * d) }

    private func big(_ value: WideInteger) -> BigUInt {
        switch value {
        case .small(let small): BigUInt(small)
        case .big(let big): big
        }
    }

    private func ten(_ exponent: Int) -> BigUInt { BigUInt(10).power(exponent) }

    /// Rounded unit prices and percentages on both paths (128-bit, arbitrary precision)
    /// equal the definition computed with arbitrary precision throughout.
    @Test func roundedFiguresMatchTheDefinitionOnEveryPath() {
        var random = SplitMix(state: 7)
        for _ in 0..<20_000 {
            let (price, quantity) = (decimal(&random), decimal(&random))
            let (otherPrice, otherQuantity) = (decimal(&random), decimal(&random))
            let factor = Self.factors.randomElement(using: &random)!
            let otherFactor = Self.factors.randomElement(using: &random)!
            let basis = Self.factors.randomElement(using: &random)!
            let decimals = Int.random(in: 0...4, using: &random)
            let value = UnitPrice(price: price, quantity: quantity, factor: factor)
            let other = UnitPrice(price: otherPrice, quantity: otherQuantity, factor: otherFactor)

            // price / (quantity × factor) per base unit, × basis, × 10^decimals, as n / d.
            let p = BigUInt(price.significand), q = BigUInt(quantity.significand) * BigUInt(factor.significand)
            let shift = quantity.scale + factor.scale - price.scale - basis.scale + decimals
            let n = p * BigUInt(basis.significand) * ten(max(shift, 0)), d = q * ten(max(-shift, 0))
            #expect(big(value.rounded(per: basis, decimals: decimals)) == rounded(n, d))

            // (dearer / cheaper - 1) × 100 × 10^decimals, from x / y with a common exponent.
            let (dear, cheap) = value.compare(other) >= 0 ? (value, other) : (other, value)
            let common = min(dear.exponent, cheap.exponent)
            let x = BigUInt(dear.numerator) * BigUInt(cheap.denominator) * ten(dear.exponent - common)
            let y = BigUInt(cheap.numerator) * BigUInt(dear.denominator) * ten(cheap.exponent - common)
            #expect(big(dear.percentMore(than: cheap, decimals: decimals)) == rounded((x - y) * ten(2 + decimals), y))
        }
    }

    /// Powers of ten around 10^19, the last that fits in 64 bits (`Power10.of` up to there, the
    /// 128-bit table after), with the rest of the product 1.
    @Test func shiftsAroundTheLastSixtyFourBitPowerOfTen() {
        let one = ExactDecimal(significand: 1, scale: 0)
        for (scale, decimals) in [(17, 2), (18, 1), (18, 2), (18, 3)] {
            let value = UnitPrice(price: one, quantity: ExactDecimal(significand: 1, scale: scale), factor: one)
            #expect(value.rounded(per: one, decimals: decimals).digits == "1" + String(repeating: "0", count: scale + decimals))
        }
        // 10^20 % more: a price 10^18 times dearer than the best, one decimal.
        let best = UnitPrice(price: one, quantity: one, factor: one)
        let dear = UnitPrice(price: ExactDecimal(significand: 1_000_000_000_000_000_001, scale: 0), quantity: one, factor: one)
        #expect(dear.percentMore(than: best, decimals: 1).digits == "1" + String(repeating: "0", count: 21))
    }
}
