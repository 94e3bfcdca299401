/// Scores a reading of a file on its sampled records by `RowRules`, the rules every row is read
/// with (`ReadingJudge`, for `ReadingChooser`): a record the rules make a candidate of reads,
/// and its stated unit price, when it gives one, agrees by `StatedUnitPrice.agrees`, exactly as
/// the report will check it (at today's price or the regular one).
struct RowRulesJudge: ReadingJudge {
    let options: SheetOptions
    /// Sizes that are the bases of unit prices more often than what packs hold.
    private static let bases: [ExactDecimal] = [1, 10, 100, 1000].map { ExactDecimal(significand: $0, scale: 0) }

    func score(_ file: SheetFile, records: [[[UInt8]]]) -> ReadingScore {
        let units = options.units
        let rules = RowRules(file: file, units: units, listFromName: options.listFromName, receipts: options.receipts,
                             refinesSizes: options.refinesSizes, ranksCardPrices: options.ranksCardPrices, statedPer: options.statedPer)
        var spellings = UnitSpellings(units: units)
        var score = ReadingScore()
        for fields in records {
            score.rows += 1
            var bytes: [UInt8] = []
            var ends: [Int] = []
            for field in fields {
                bytes += field
                ends.append(bytes.count)
            }
            bytes.withUnsafeBufferPointer { bytes in
                ends.withUnsafeBufferPointer { ends in
                    let record = CSVRecord(line: 0, bytes: bytes, ends: ends)
                    let found = rules.hasMoreColumns ? rules.judgeInFull(record, spellings: &spellings) : rules.judge(record, spellings: &spellings)
                    guard let candidate = found else {
                        // A deposit, a bag, a total, a discount, the header again: a row the
                        // rules read as what it is, no product and nothing wrong.
                        switch rules.other(record, spellings: &spellings) {
                        case .rejected: break
                        case .notAProduct, .discount, .blank: score.explained += 1
                        }
                        return
                    }
                    score.readable += 1
                    if Self.bases.contains(where: { candidate.quantity.compareValue($0) == 0 }) { score.basisSized += 1 }
                    guard candidate.flags.contains(.stated), let figure = rules.details.stated else { return }
                    score.stated += 1
                    let factor = rules.facts.factors[candidate.unit]
                    let size = candidate.quantity.timesExactly(factor)
                    let dimension = rules.facts.dimensions[candidate.unit]
                    let basis = figure.basis(factors: rules.facts.factors)
                        ?? ExactDecimal(significand: dimension == .count ? 1 : 1000, scale: 0)
                    guard let size, !size.isZero else { return }
                    let prices = [candidate.price] + (candidate.regularPrice.map { [$0] } ?? [])
                    guard prices.contains(where: { figure.agrees(price: $0, size: size, basis: basis) }) else { return }
                    score.agreeing += 1
                    // The price itself, for one unit of the basis: agrees whatever is read.
                    if size.compareValue(basis) == 0 && figure.value.compareValue(candidate.price) == 0 { score.trivial += 1 }
                }
            }
        }
        return score
    }
}
