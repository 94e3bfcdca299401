/// The checks of ranked products that need their list ranked: unit prices far outside their
/// list's (`Plausibility`), and the shop's stated unit prices (`StatedCheck`); with the flags
/// rows brought from validation, every product's flags.
struct ProductChecks {
    /// Each product's flags and detail marks, by product index; empty when none has any.
    var flags: [ProductFlags]
    var statedVerdicts: [StatedVerdict?]?
    var statedCounts: [StatedCount]
    /// How many products are flagged.
    var flaggedCount: Int
    /// The median unit price of each list large enough for the outlier rule, by sheet list index.
    var medians: [Int: UnitPrice]
    /// The sheet's lists that hold a flagged product.
    var flaggedLists: Set<Int>

    /// `order` holds product indices list after list (from `listStarts`), each list in rank
    /// order; `estimates` each product's unit price in floating point.
    @inline(never)
    static func run(_ sheet: ValidatedSheet, order: UnsafeBufferPointer<Int32>, listStarts: [Int],
                    estimates: UnsafeBufferPointer<Double>, bases: [ReportBasis]) -> ProductChecks {
        let products = sheet.products
        let factors = sheet.factors
        let listCount = listStarts.count - 1
        var flags = sheet.annotations.flags.count == products.count ? sheet.annotations.flags : []
        var medians: [Int: UnitPrice] = [:]
        for list in 0..<listCount where listStarts[list + 1] - listStarts[list] >= Plausibility.minimumProducts {
            let range = listStarts[list]..<listStarts[list + 1]
            let middle = Int(order[range.lowerBound + (range.count - 1) / 2])
            let median = UnitPrice(of: products[middle], factors: factors)
            medians[list] = median
            let estimate = estimates[middle]
            let factor = Plausibility.outlierFactorEstimate
            func outlier(_ position: Int) -> Bool {
                let index = Int(order[position])
                let price = estimates[index]
                // Clearly inside: no exact check needed.
                if price > estimate / factor * (1 + 1e-9) && price < estimate * factor * (1 - 1e-9) { return false }
                return Plausibility.isOutlier(UnitPrice(of: products[index], factors: factors), median: median)
            }
            var low = range.lowerBound
            while low < range.upperBound, outlier(low) { low += 1 }
            var high = range.upperBound - 1
            while high >= low, outlier(high) { high -= 1 }
            // Outside low..<high + 1 the list's products are outliers.
            if low > range.lowerBound || high < range.upperBound - 1 {
                if flags.isEmpty { flags = Array(repeating: [], count: products.count) }
                for position in range where position < low || position > high { flags[Int(order[position])].insert(.unitPriceOutlier) }
            }
        }
        var statedVerdicts: [StatedVerdict?]?
        var statedCounts = Array(repeating: StatedCount(), count: sheet.files.count)
        if let stated = sheet.annotations.stated {
            var verdicts = [StatedVerdict?](repeating: nil, count: products.count)
            for index in products.indices {
                guard let figure = stated[index] else { continue }
                let product = products[index]
                let dimension = sheet.lists[Int(product.list)].dimension
                // A figure per an amount past 18 digits has no basis per can write: no verdict,
                // rather than one on the list's basis (which would reverse it).
                if figure.amount != nil && figure.basis(factors: factors) == nil { continue }
                guard let basis = figure.basis(factors: factors) ?? Optional(bases[dimension.ordinal].factor) else { continue }
                var otherSize: ExactDecimal?
                var otherIsListed = false
                if let outcome = sheet.annotations.sizes[index] {
                    if outcome.kind == .readsTwoWays {
                        otherSize = outcome.listedSize.timesExactly(factors[outcome.listedUnit])
                    } else if outcome.kind == .refined {
                        otherSize = outcome.listedSize.timesExactly(factors[outcome.listedUnit])
                        otherIsListed = true
                    } else {
                        otherSize = outcome.nameSize.timesExactly(factors[outcome.nameUnit])
                    }
                }
                let regular = sheet.regularPrices[product.source].map {
                    UnitPrice(price: $0, quantity: product.quantity, factor: factors[Int(product.unit)])
                }
                let verdict = StatedCheck.verdict(
                    stated: figure.value, basis: basis, unitPrice: UnitPrice(of: product, factors: factors), price: product.price,
                    approximate: sheet.approximateSizes.contains(product.source), otherSize: otherSize, otherIsListed: otherIsListed,
                    regularUnitPrice: regular)
                verdicts[index] = verdict
                statedCounts[Int(product.file)].stated += 1
                if verdict.agrees {
                    statedCounts[Int(product.file)].agree += 1
                    // The shop's figure confirms a size whose pack count equals its amount
                    // (`60x60.0g`, 60 bars of 60 g): no flag.
                    if !flags.isEmpty && flags[index].contains(.packCountIsSize) { flags[index].remove(.packCountIsSize) }
                    // It confirms a column below the name's size with no other cause: the
                    // weight the shop prices by (drained, or net of a glaze), not an error.
                    if !flags.isEmpty && flags[index].contains(.nameSizeDisagrees), let outcome = sheet.annotations.sizes[index],
                       outcome.cause == nil, let listed = outcome.listedSize.timesExactly(factors[outcome.listedUnit]),
                       let named = outcome.nameSize.timesExactly(factors[outcome.nameUnit]), listed.compareValue(named) < 0 {
                        flags[index].remove(.nameSizeDisagrees)
                    }
                } else {
                    if flags.isEmpty { flags = Array(repeating: [], count: products.count) }
                    flags[index].insert(.statedUnitPriceDisagrees)
                }
            }
            statedVerdicts = verdicts
        }
        var flaggedLists = Set<Int>()
        var flaggedCount = 0
        for index in flags.indices where flags[index].isFlagged {
            flaggedLists.insert(Int(products[index].list))
            flaggedCount += 1
        }
        if flaggedLists.isEmpty && statedVerdicts == nil && sheet.annotations.sizes.isEmpty { flags = [] }
        return ProductChecks(flags: flags, statedVerdicts: statedVerdicts, statedCounts: statedCounts, flaggedCount: flaggedCount, medians: medians,
                             flaggedLists: flaggedLists)
    }
}
