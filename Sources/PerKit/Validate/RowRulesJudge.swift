/// Scores a reading of a file on its sampled records by `RowRules`, the rules every row is read
/// with (`ReadingJudge`, for `ReadingChooser`): a record the rules make a candidate of reads,
/// and its stated unit price, when it gives one, agrees by `StatedUnitPrice.agrees`, exactly as
/// the report will check it (at today's price or the regular one).
struct RowRulesJudge: ReadingJudge {
    let options: SheetOptions
    /// Sizes that are the bases of unit prices more often than what packs hold.
    private static let bases: [ExactDecimal] = [1, 10, 100, 1000].map { ExactDecimal(significand: $0, scale: 0) }
    /// A size times ten is whole when it has one decimal digit at most.
    private static let tenth = ExactDecimal(significand: 10, scale: 0)

    func score(_ file: SheetFile, sample: RecordBatch, rows: Int) -> ReadingScore {
        let units = options.units
        let rules = RowRules(file: file, units: units, listFromName: options.listFromName, receipts: options.receipts,
                             refinesSizes: options.refinesSizes, ranksCardPrices: options.ranksCardPrices, statedPer: options.statedPer)
        var spellings = UnitSpellings(units: units)
        var score = ReadingScore()
        for index in 0..<min(rows, sample.count) {
            let record = sample.record(at: index)
            score.rows += 1
            guard let candidate = rules.hasMoreColumns ? rules.judgeInFull(record, spellings: &spellings)
                    : rules.judge(record, spellings: &spellings) else {
                // A deposit, a bag, a total, a discount, the header again: a row the rules read
                // as what it is, no product and nothing wrong.
                switch rules.other(record, spellings: &spellings) {
                case .rejected: break
                case .notAProduct, .discount, .blank: score.explained += 1
                }
                continue
            }
            score.readable += 1
            if Self.bases.contains(where: { candidate.quantity.compareValue($0) == 0 }) { score.basisSized += 1 }
            if candidate.quantity.timesIsWhole(Self.tenth) { score.roundSizes += 1 }
            // A size found from the shop's unit price agrees with it by construction: the row
            // reads, and proves nothing.
            guard candidate.flags.contains(.stated), !candidate.flags.contains(.sizeFromStated), let figure = rules.details.stated,
                  let size = candidate.quantity.timesExactly(rules.facts.factors[candidate.unit]), !size.isZero else { continue }
            score.stated += 1
            let basis = figure.basis(factors: rules.facts.factors)
                ?? ExactDecimal(significand: rules.facts.dimensions[candidate.unit] == .count ? 1 : 1000, scale: 0)
            let prices = [candidate.price] + (candidate.regularPrice.map { [$0] } ?? [])
            guard prices.contains(where: { figure.agrees(price: $0, size: size, basis: basis) }) else { continue }
            score.agreeing += 1
        }
        return score
    }
}
