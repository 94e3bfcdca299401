/// A sale's claim that per questions, with its evidence: what a shop said (its sale, its
/// published 30-day low, its regular price) against what per saw it charge.
public struct SaleClaim: Sendable {
    /// Which rule the claim fails (`SaleRules`), in the order the rules are checked.
    public enum Verdict: String, CaseIterable, Comparable, Sendable {
        case saleNotBelowPublishedLow = "sale_not_below_published_low"
        case publishedLowAboveCharged = "published_low_above_charged"
        case publishedLowNotCharged = "published_low_not_charged"
        case saleNotBelowPriorLow = "sale_not_below_prior_low"
        case regularPriceNotCharged = "regular_price_not_charged"

        /// The verdict as a sentence's start (the evidence follows it).
        public var sentence: String {
            switch self {
            case .saleNotBelowPublishedLow: "sale price not below the shop's published 30-day low"
            case .publishedLowAboveCharged: "the shop charged less in the 30 days than its published 30-day low"
            case .publishedLowNotCharged: "the shop's published 30-day low was not its price on any of the 30 days"
            case .saleNotBelowPriorLow: "sale price not below the lowest price of the 30 days before the sale began"
            case .regularPriceNotCharged: "the regular price beside the sale was not charged in the 30 days before the sale began"
            }
        }

        public static func < (a: Verdict, b: Verdict) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// What per compared; only what the verdict rests on is set.
    public struct Evidence: Sendable {
        /// The shop's published lowest price of the last 30 days.
        public var publishedLow: ExactDecimal?
        /// The regular (was) price beside the sale.
        public var regularPrice: ExactDecimal?
        /// The first day per saw the sale (its first step, for a sale that steps down).
        public var saleBegan: CalendarDay?
        /// The days per looked at.
        public var window: DayWindow?
        /// The lowest and highest prices per saw the shop charge in `window`, each with the first
        /// day it charged it; nil when it did not sell the product on any of them.
        public var seenLow: DatedPrice?
        public var seenHigh: DatedPrice?
    }

    public var verdict: Verdict
    public var evidence: Evidence

    /// The evidence in words: `published 30-day low 1.99; per saw 1.79 on 2026-03-02 (2026-02-08 to 2026-03-09)`.
    public var evidenceText: String {
        var parts: [String] = []
        if let low = evidence.publishedLow { parts.append("published 30-day low \(low.text)") }
        if let regular = evidence.regularPrice { parts.append("regular price \(regular.text)") }
        if let began = evidence.saleBegan { parts.append("sale began \(began.text)") }
        if let window = evidence.window {
            let span = "\(window.first.text) to \(window.last.text)"
            if let low = evidence.seenLow, let high = evidence.seenHigh {
                let seen = low.price.compareValue(high.price) == 0 ? "\(low.price.text) on every day sold"
                    : "\(low.price.text) on \(low.day.text) to \(high.price.text) on \(high.day.text)"
                parts.append(verdict == .saleNotBelowPriorLow || verdict == .publishedLowAboveCharged
                             ? "per saw \(low.price.text) on \(low.day.text) (\(span))" : "per saw \(seen) (\(span))")
            } else {
                parts.append("not sold \(span)")
            }
        }
        return parts.joined(separator: "; ")
    }
}

/// A price and the first day it was charged.
public struct DatedPrice: Sendable {
    public var price: ExactDecimal
    public var day: CalendarDay
}
