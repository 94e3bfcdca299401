/// The rules `per sales` checks a product on sale by, each in one function, after EU Directive
/// 98/6/EC art. 6a (an announced price reduction is measured from the lowest price of the 30
/// days before it; for a reduction that steps down, the days before its first step) as the
/// CJEU read it in C-330/23 *Aldi Süd* (2024), and Croatia's price lists, which publish the
/// shop's own lowest price of the last 30 days beside each price. Days are calendar days; "the
/// 30 days before" a day D are D − 30 to D − 1.
///
/// Each rule gives a claim per questions, no verdict (`fine`), or why it cannot judge. A rule
/// that needs per's own history judges "not below" or "contradicted" only from prices per saw
/// (a price seen is proof), and "never charged" or "fine" only when per has every day of the
/// window (`SalesHistory.covers(_:for:)`); else it says "not enough history".
public enum SaleRules {
    /// How many days before the sale the reference price is taken from.
    public static let windowDays = 30

    public enum Outcome: Sendable {
        case questionable(SaleClaim)
        case fine
        case notEnoughHistory
        case cannotJudge(SaleProduct.Unjudged)
    }

    /// What the rules read of one product on sale.
    struct Case {
        var day: CalendarDay
        var salePrice: ExactDecimal
        var quantity: ExactDecimal
        var publishedLow: ExactDecimal?
        var regularPrice: ExactDecimal?
        /// The product's days in per's history, oldest first; nil when per could not tell it
        /// apart from another product of its list.
        var runs: [SalesHistory.Run]?
        /// The first day per saw the sale, nil when it ran from per's first snapshot (it may
        /// have begun before).
        var saleBegan: CalendarDay?
    }

    /// 1. The sale price is below the shop's own published lowest price of the last 30 days.
    static func belowPublishedLow(_ sale: Case) -> Outcome {
        guard let low = sale.publishedLow else { return .cannotJudge(.noPublishedLow) }
        guard sale.salePrice.compareValue(low) >= 0 else { return .fine }
        return .questionable(SaleClaim(verdict: .saleNotBelowPublishedLow, evidence: .init(publishedLow: low)))
    }

    /// 2. The published 30-day low is a lowest price per saw the shop charge: of the 30 days
    /// before today (a low that rolls on through the sale), or of the 30 days before the sale
    /// began (the reduction's reference price, which some chains keep through the sale). It is
    /// contradicted when it fits neither: per saw the shop charge less in a window, or has
    /// every day of it and saw no day at the published low.
    static func publishedLowHolds(_ sale: Case, in history: SalesHistory) -> Outcome {
        guard let low = sale.publishedLow else { return .cannotJudge(.noPublishedLow) }
        guard let runs = sale.runs else { return .cannotJudge(.ambiguous) }
        enum Reading { case fits, refutedBelow, refutedNever, unknown }
        func reading(_ window: DayWindow) -> (Reading, (low: DatedPrice, high: DatedPrice)?) {
            let seen = history.extremes(of: runs, in: window, quantity: sale.quantity)
            if let seen, seen.low.price.compareValue(low) < 0 { return (.refutedBelow, seen) }
            guard history.covers(window, for: runs) else { return (.unknown, seen) }
            if let seen, seen.low.price.compareValue(low) == 0 { return (.fits, seen) }
            return (.refutedNever, seen)
        }
        let today = DayWindow.before(sale.day)
        let (rolling, seen) = reading(today)
        var prior = Reading.unknown
        if let began = sale.saleBegan { prior = began == sale.day ? rolling : reading(DayWindow.before(began)).0 }
        if rolling == .fits || prior == .fits { return .fine }
        guard rolling != .unknown, prior != .unknown else { return .notEnoughHistory }
        let evidence = SaleClaim.Evidence(publishedLow: low, saleBegan: sale.saleBegan == sale.day ? nil : sale.saleBegan,
                                          window: today, seenLow: seen?.low, seenHigh: seen?.high)
        let verdict: SaleClaim.Verdict = rolling == .refutedBelow && prior == .refutedBelow ? .publishedLowAboveCharged : .publishedLowNotCharged
        return .questionable(SaleClaim(verdict: verdict, evidence: evidence))
    }

    /// 3. The sale price is below the lowest price per saw in the 30 days before the sale began.
    static func belowPriorLow(_ sale: Case, in history: SalesHistory) -> Outcome {
        guard let runs = sale.runs else { return .cannotJudge(.ambiguous) }
        guard let began = sale.saleBegan else { return .notEnoughHistory }
        let window = DayWindow.before(began)
        let seen = history.extremes(of: runs, in: window, quantity: sale.quantity)
        if let seen {
            guard sale.salePrice.compareValue(seen.low.price) >= 0 else { return history.covers(window, for: runs) ? .fine : .notEnoughHistory }
            return .questionable(SaleClaim(verdict: .saleNotBelowPriorLow,
                                           evidence: .init(saleBegan: began, window: window, seenLow: seen.low, seenHigh: seen.high)))
        }
        return history.covers(window, for: runs) ? .cannotJudge(.noEarlierPrice) : .notEnoughHistory
    }

    /// 4. The regular price beside the sale is one the shop charged in the 30 days before the
    /// sale began.
    static func regularPriceCharged(_ sale: Case, in history: SalesHistory) -> Outcome {
        guard let regular = sale.regularPrice else { return .fine }
        guard let runs = sale.runs else { return .cannotJudge(.ambiguous) }
        guard let began = sale.saleBegan else { return .notEnoughHistory }
        let window = DayWindow.before(began)
        if history.charged(regular, in: runs, window: window, quantity: sale.quantity) { return .fine }
        guard history.covers(window, for: runs) else { return .notEnoughHistory }
        let seen = history.extremes(of: runs, in: window, quantity: sale.quantity)
        return .questionable(SaleClaim(verdict: .regularPriceNotCharged,
                                       evidence: .init(regularPrice: regular, saleBegan: began, window: window, seenLow: seen?.low, seenHigh: seen?.high)))
    }

    /// Every rule's outcome, in order.
    static func check(_ sale: Case, in history: SalesHistory) -> [Outcome] {
        [belowPublishedLow(sale), publishedLowHolds(sale, in: history), belowPriorLow(sale, in: history), regularPriceCharged(sale, in: history)]
    }
}

extension SalesHistory {
    /// The lowest and highest prices charged for a product of `quantity` on days of `window`,
    /// each with the first day it was charged; nil when none was.
    func extremes(of runs: [Run], in window: DayWindow, quantity: ExactDecimal) -> (low: DatedPrice, high: DatedPrice)? {
        var low: DatedPrice?
        var high: DatedPrice?
        for run in runs where run.quantity.compareValue(quantity) == 0 {
            guard let first = firstDay(of: run, in: window) else { continue }
            if low == nil || run.price.compareValue(low!.price) < 0 || (run.price.compareValue(low!.price) == 0 && first < low!.day) {
                low = DatedPrice(price: run.price, day: first)
            }
            if high == nil || run.price.compareValue(high!.price) > 0 || (run.price.compareValue(high!.price) == 0 && first < high!.day) {
                high = DatedPrice(price: run.price, day: first)
            }
        }
        guard let low, let high else { return nil }
        return (low, high)
    }

    /// Whether `price` was charged for a product of `quantity` on a day of `window`.
    func charged(_ price: ExactDecimal, in runs: [Run], window: DayWindow, quantity: ExactDecimal) -> Bool {
        runs.contains { $0.quantity.compareValue(quantity) == 0 && $0.price.compareValue(price) == 0 && firstDay(of: $0, in: window) != nil }
    }

    /// The first day of a run inside `window`, if any.
    private func firstDay(of run: Run, in window: DayWindow) -> CalendarDay? {
        let start = days[Int(run.first)...Int(run.last)].partitioningIndex { $0 >= window.first }
        guard start <= Int(run.last), days[start] <= window.last else { return nil }
        return days[start]
    }

    /// The first day per saw a product's present sale: the first of the runs on sale back from
    /// its latest (a day it was missing does not end a sale; a day it was sold at no sale
    /// does). Nil when the product was on sale since per's first snapshot, or is not on sale.
    func saleBegan(_ runs: [Run]) -> CalendarDay? {
        var index = runs.count - 1
        guard index >= 0, runs[index].onSale else { return nil }
        while index > 0 && runs[index - 1].onSale { index -= 1 }
        return runs[index].first == 0 ? nil : days[Int(runs[index].first)]
    }
}
