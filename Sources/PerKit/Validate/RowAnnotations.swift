/// Annotations of a candidate the row alone decides: its name's size against its quantity
/// column (`NameSizeCheck`), the shop's stated unit price, and a size that reads two ways.
extension RowRules {
    /// The last annotated candidate's stated unit price and the sizes behind a refined or
    /// disagreeing size: read right after `judge` when the candidate's flags mark them
    /// (`.stated`, `.sizeDetails`, `.statedUnreadable`). Kept apart so that a candidate stays
    /// plain data, cheap to copy.
    final class Details {
        /// The shop's stated unit price, when the file has the column and the cell reads.
        var stated: StatedUnitPrice?
        /// Whether the stated-unit-price cell holds something that does not read as one.
        var statedUnreadable = false
        /// The sizes behind a refined or disagreeing size (`NameSizeCheck`).
        var sizes: NameSizeCheck.Outcome?
        /// For `per sales` alone (`ColumnLayout.readsReferencePrices`), set by `judgeInFull` for
        /// the candidate it returns: whether its price is a sale's, and the shop's published
        /// 30-day low and anchor price. Kept here, not in `Candidate`, so that every other
        /// command's candidates stay as small as they were (they are copied for every row).
        var references: (onSale: Bool, lowest: ExactDecimal?, anchor: ExactDecimal?)?
    }

    /// Whether a candidate needs `annotate` (its name's size against its quantity column,
    /// `NameSizeCheck`, and the shop's stated unit price): most rows (a count, or a name with no
    /// size, and no stated price) do not.
    @inline(__always)
    func needsAnnotation(_ candidate: Candidate, name: UnsafeBufferPointer<UInt8>) -> Bool {
        statedPrices != nil || (layout.namesHoldSizes && facts.dimensions[candidate.unit] != .count && SizeReader.mayHoldSize(name))
            || candidate.flags.contains(.sizeReadsTwoWays)
    }

    @inline(never)
    func annotate(_ candidate: inout Candidate, fields: borrowing Fields, record: borrowing CSVRecord, spellings: inout UnitSpellings,
                          checksNameSize: Bool = true) {
        details.stated = nil
        details.sizes = nil
        details.statedUnreadable = false
        if checksNameSize, fields.quantity != nil, candidate.count <= 1, !candidate.approximate,
           let outcome = NameSizeCheck(sizes: sizes, units: units, factors: facts.factors)
               .check(name: fields.name, quantity: candidate.quantity, unit: candidate.unit, spelling: spellings.string(of: candidate.spelling)) {
            switch outcome.kind {
            case .refined where refinesSizes:
                candidate.quantity = outcome.nameSize
                candidate.unit = outcome.nameUnit
                candidate.spelling = outcome.nameSpelling.withUnsafeBufferPointer { spellings.id($0) }
                candidate.flags.insert(.sizeDetails)
                details.sizes = outcome
            case .refined, .notRefined, .readsTwoWays:
                var kept = outcome  // kept for the stated check's likely cause
                if kept.kind == .refined { kept.kind = .notRefined }
                if statedPrices != nil {
                    details.sizes = kept
                    candidate.flags.insert(.sizeDetails)
                }
            case .disagrees:
                candidate.flags.formUnion([.nameSizeDisagrees, .sizeDetails])
                details.sizes = outcome
            }
        }
        if let statedPrices, let column = layout.statedUnitPrice, column < record.count {
            var reading = statedPrices.read(record[column], dimension: facts.dimensions[candidate.unit], currency: candidate.currency)
            // A column that says what each row's figure is per (`1KG`, `100G`, `1EA`).
            if case .success(var figure?) = reading, figure.amount == nil || figure.unit < 0,
               let perColumn = layout.statedPer, perColumn < record.count {
                let text = String(decoding: record[perColumn].trimmingSpaces(), as: UTF8.self)
                if let (basis, dimension) = StatedBasis.parse(text, units: units), dimension == facts.dimensions[candidate.unit] {
                    figure.amount = basis.amount
                    figure.unit = Int16(basis.unit)
                    reading = .success(figure)
                } else {
                    reading = .failure(.otherDimension)  // empty, or no basis per reads: not read
                }
            }
            switch reading {
            case .success(let figure?):
                details.stated = figure
                candidate.flags.insert(.stated)
            case .success(nil): break
            case .failure:
                details.statedUnreadable = true
                candidate.flags.insert(.statedUnreadable)
            }
        }
        if candidate.flags.contains(.sizeReadsTwoWays) { settleTwoWaySize(&candidate, size: fields.size, spellings: &spellings) }
    }

    /// A size that reads two ways (`4PACK 160g`): the shop's stated unit price, when it agrees
    /// with one reading only, decides; else the packs' total stays ranked, flagged, and the
    /// other reading is kept for the report.
    private func settleTwoWaySize(_ candidate: inout Candidate, size: Result<SizeReader.Size, SizeReader.Failure>,
                                  spellings: inout UnitSpellings) {
        guard case .success(let read) = size, read.packCount > 1, candidate.quantity.significand % read.packCount == 0 else {
            candidate.flags.remove(.sizeReadsTwoWays)
            return
        }
        let one = ExactDecimal(significand: candidate.quantity.significand / read.packCount, scale: candidate.quantity.scale)
        let factor = facts.factors[candidate.unit]
        // A figure with no basis of its own is per kg, l or item, as the report's by default.
        let standard = ExactDecimal(significand: facts.dimensions[candidate.unit] == .count ? 1 : 1000, scale: 0)
        if let stated = details.stated, let basis = stated.basis(factors: facts.factors) ?? Optional(standard),
           let all = candidate.quantity.timesExactly(factor), let single = one.timesExactly(factor) {
            let agreesAll = stated.agrees(price: candidate.price, size: all, basis: basis)
            let agreesOne = stated.agrees(price: candidate.price, size: single, basis: basis)
            if agreesAll != agreesOne {
                if agreesOne { candidate.quantity = one }
                candidate.flags.remove(.sizeReadsTwoWays)
                return
            }
        }
        if details.sizes == nil {
            let spelling = spellings.string(of: candidate.spelling)
            details.sizes = NameSizeCheck.Outcome(kind: .readsTwoWays, nameSize: candidate.quantity, nameUnit: candidate.unit,
                                                  nameSpelling: Array(spelling.utf8), listedSize: one, listedUnit: candidate.unit,
                                                  listedSpelling: spelling, cause: .onePack(count: read.packCount))
            candidate.flags.insert(.sizeDetails)
        }
    }
}
