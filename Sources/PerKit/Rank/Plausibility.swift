/// The rule for a unit price far outside its list's: in a list of at least `minimumProducts`,
/// a product whose unit price is more than `outlierFactor` times its list's median, or less
/// than the median divided by it, is flagged `unit_price_outlier`. The median is the unit price
/// at the middle of the list in rank order (the lower of the two middle ones in a list of an
/// even count), flagged products included; compared exactly.
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
}
