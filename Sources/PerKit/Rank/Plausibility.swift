/// The rule for a unit price far outside its list's: in a list of at least `minimumProducts`,
/// a product whose unit price is more than `outlierFactor` times its list's median, or less
/// than the median divided by it, is far out. The median is the unit price at the middle of the
/// list in rank order (the lower of the two middle ones in a list of an even count), flagged
/// products included; compared exactly.
///
/// Far out is not wrong: a cabbage at 0.59 per kg in a shop's broad `HRANA` list, saffron at
/// 10,640 per kg, napkins at 0.0079 each are all right. So a far-out product is flagged
/// `unit_price_outlier` only with evidence of an error (`OutlierEvidence`), and never when the
/// shop's stated unit price agrees with per's.
enum Plausibility {
    static let minimumProducts = 5
    static let outlierFactor: UInt128 = 20
    /// The same, for the quick test on floating-point estimates (a generic UInt128 to Double
    /// conversion costs thousands of instructions).
    static let outlierFactorEstimate: Double = 20

    /// Whether `price` is an outlier against `median`.
    static func isOutlier(_ price: UnitPrice, median: UnitPrice) -> Bool {
        var high = median
        high.numerator *= outlierFactor
        if price.compare(high) > 0 { return true }
        var low = median
        let (denominator, overflow) = low.denominator.multipliedReportingOverflow(by: outlierFactor)
        if overflow {
            // Far past any price: compare `price × 20` with the median instead.
            var scaled = price
            scaled.numerator *= outlierFactor
            return scaled.compare(median) < 0
        }
        low.denominator = denominator
        return price.compare(low) < 0
    }

    /// How near a power of ten the ratio to alike products must be: within a factor of 5/4.
    static let nearPower = (low: UInt128(4), high: UInt128(5))
    /// The fewest alike products whose median says what the product should cost, and how far
    /// apart their unit prices may be (the dearest at most 3 times the cheapest).
    static let minimumAlike = 2
    static let alikeSpread: UInt128 = 3

    /// Whether two amounts (prices, or sizes in base units) are within 3/2 of each other: the
    /// same kind of pack, or the same price, as products alike in name.
    static func near(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
        let (x, y, _) = ExactDecimal.aligned(a, b)
        return x * 2 <= y * 3 && y * 2 <= x * 3
    }

    /// 10, 100 or 1000 when `price` is that many times `alike` (or `alike` that many times
    /// `price`) within `nearPower`; nil otherwise. Exact: numerators are prices, far from
    /// overflowing when multiplied by 5.
    static func powerOfTen(_ price: UnitPrice, against alike: UnitPrice) -> Int? {
        let (high, low) = price.compare(alike) > 0 ? (price, alike) : (alike, price)
        for power in 1...3 {
            // low·10^k·4/5 ≤ high ≤ low·10^k·5/4
            var lowMost = low
            lowMost.numerator *= nearPower.high
            lowMost.exponent += power
            var highMost = high
            highMost.numerator *= nearPower.low
            var lowLeast = low
            lowLeast.numerator *= nearPower.low
            lowLeast.exponent += power
            var highLeast = high
            highLeast.numerator *= nearPower.high
            if highMost.compare(lowMost) <= 0 && highLeast.compare(lowLeast) >= 0 {
                return [10, 100, 1000][power - 1]
            }
        }
        return nil
    }
}

/// Why a far-out unit price is taken for an error (`Plausibility`).
enum OutlierEvidence: Sendable {
    /// Another flag of the product: its size is suspect (a pack count equal to its amount,
    /// a name's size that disagrees, a size that reads two ways), and no stated figure.
    case suspectSize
    /// The shop's stated unit price disagrees with per's.
    case statedDisagrees
    /// Products alike in name (the same first two words) in its list cost about 10, 100 or 1000
    /// times as much, or that much less: their median and how many they are.
    case alike(factor: Int, median: UnitPrice, count: Int, word: String)
}
