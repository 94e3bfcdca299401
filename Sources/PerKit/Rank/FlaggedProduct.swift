/// One flag of a ranked product, with the reason a report gives for it: what reports list in
/// their flagged section (Markdown "Flagged products", JSON `flagged`) and `--strict` on
/// standard error.
public struct FlaggedProduct: Hashable, Sendable {
    public var list: String
    public var name: String
    public var source: SourceLocation
    /// The flag's name (`ProductFlags.names`).
    public var flag: String
    public var reason: String
    /// For a stated unit price that disagrees: its likely cause, when one is clear.
    public var cause: StatedCause?
}

extension RankedReport {
    /// Every flag of every ranked product, in input order (file, line), then in the order of
    /// `ProductFlags.all`.
    public func flaggedProducts() -> [FlaggedProduct] {
        guard !flaggedLists.isEmpty else { return [] }
        var found: [FlaggedProduct] = []
        for list in lists where flaggedLists.contains(list.sheetIndex) {
            let entries = entries(of: list)
            for position in entries.indices where entries[position].flags.isFlagged {
                let entry = entries[position]
                for flag in ProductFlags.all where entry.flags.contains(flag) {
                    let (reason, cause) = self.reason(flag, entry: entry, list: list)
                    found.append(FlaggedProduct(list: list.name, name: entry.name, source: entry.source,
                                                flag: flag.names[0], reason: reason, cause: cause))
                }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: ProductFlags.all.enumerated().map { ($1.names[0], $0) })
        return found.sorted { ($0.source, order[$0.flag]!) < ($1.source, order[$1.flag]!) }
    }

    /// The stated unit price of an entry as the report shows it: the figure, what it is per, and
    /// the verdict; nil when the product states none.
    public func stated(_ entry: RankedEntry, list: RankedList) -> (figure: ExactDecimal, per: String, verdict: StatedVerdict)? {
        guard entry.flags.contains(.stated), let figure = sheet.facts.stated(of: entry.index), let verdict = statedVerdicts?[entry.index] else { return nil }
        return (figure.value, statedBasisText(figure, list: list), verdict)
    }

    /// The size a product's quantity column gave when its name's size was ranked instead.
    public func refinedFrom(_ entry: RankedEntry) -> (quantity: ExactDecimal, unit: String)? {
        guard entry.flags.contains(.sizeDetails), sheet.facts.refinesSizes,
              let outcome = sheet.facts.sizes(of: entry.index), outcome.kind == .refined else { return nil }
        return (outcome.listedSize, outcome.listedSpelling)
    }

    private func statedBasisText(_ figure: StatedUnitPrice, list: RankedList) -> String {
        guard let amount = figure.amount, figure.unit >= 0 else { return list.basis.symbol }
        let symbol = sheet.units[Int(figure.unit)].symbol
        return amount.compareValue(ExactDecimal(significand: 1, scale: 0)) == 0 ? symbol : "\(amount.text) \(symbol)"
    }

    private func reason(_ flag: ProductFlags, entry: RankedEntry, list: RankedList) -> (String, StatedCause?) {
        let per = "per \(list.basis.symbol)"
        let unitPrice = entry.unitPrice(decimals: 4).fixedText(scale: 4)
        switch flag {
        case .unitPriceOutlier:
            let median = medians[list.sheetIndex].map { $0.rounded(per: list.basis.factor, decimals: 4).fixedText(scale: 4) } ?? "?"
            let side = (medians[list.sheetIndex].map { entry.unitPrice.compare($0) < 0 } ?? false)
                ? "less than a twentieth of" : "more than 20 times"
            var reason = "its unit price, \(unitPrice) \(per), is \(side) its list's median, \(median) \(per)"
            switch outlierEvidence[entry.index] {
            case .suspectSize?: reason += ", and its size is suspect (its other flag)"
            case .statedDisagrees?: reason += ", and the shop's stated unit price disagrees"
            case .alike(let factor, let alike, let count, let word)?:
                let figure = alike.rounded(per: list.basis.factor, decimals: 4).fixedText(scale: 4)
                let relation = entry.unitPrice.compare(alike) < 0 ? "a \(factor == 10 ? "tenth" : factor == 100 ? "hundredth" : "thousandth") of"
                    : "\(factor) times"
                reason += ", and about \(relation) what \(count) products alike in name (\"\(word)...\") cost, median \(figure) \(per): "
                    + "a slipped decimal point or unit?"
            case nil: break
            }
            return (reason, nil)
        case .packCountIsSize:
            return ("its size, \(entry.quantity.text) \(entry.unit), is a pack count times an equal amount (as in 708x708g): "
                    + "likely one pack whose size is written twice", nil)
        case .saleAboveRegular:
            let regular = sheet.facts[entry.index].regularPrice.map { " \($0.text)" } ?? ""
            return ("its sale price, \(entry.price.text), is above its regular price\(regular): one of them is wrong; the sale price is ranked", nil)
        case .saleFarBelowRegular:
            let regular = sheet.facts[entry.index].regularPrice.map { " \($0.text)" } ?? ""
            return ("its price today, \(entry.price.text), is a tenth of its regular price\(regular) or less: a slipped decimal point "
                    + "is likelier than 90% off; today's price is ranked", nil)
        case .sizeReadsTwoWays:
            guard let outcome = sheet.facts.sizes(of: entry.index), case .onePack(let count)? = outcome.cause else {
                return ("its size reads two ways", nil)
            }
            return ("its size reads two ways: \(count) packs of \(outcome.listedText), \(outcome.nameText) in all, or \(outcome.listedText) "
                    + "in all; \(outcome.nameText) is ranked (nothing in the row says which: a quantity column that gives either size, "
                    + "or the shop's stated unit price agreeing with one, would settle it)", nil)
        case .nameSizeDisagrees:
            guard let outcome = sheet.facts.sizes(of: entry.index) else { return ("the name's size disagrees with the quantity", nil) }
            let sizes = "the name says \(outcome.nameText), the quantity column \(outcome.listedText)"
            switch outcome.cause {
            case nil:
                return ("\(sizes): more apart than the column's rounding; the column's size is ranked", nil)
            case .onePack(let count):
                return ("\(sizes), one of the name's \(count): is the price for one or for all? The column's size is ranked", nil)
            case .caseOf(let count):
                return ("\(sizes), \(count) times the name's: is the price for a case of \(count) or for one pack? "
                        + "The column's size is ranked", .caseOfPacks)
            case .factor(let factor):
                let cause: StatedCause = factor == 10 ? .factor10 : factor == 100 ? .factor100 : .factor1000
                let larger = outcome.listedSize.timesExactly(sheet.factors[outcome.listedUnit]).map { listed in
                    outcome.nameSize.timesExactly(sheet.factors[outcome.nameUnit]).map { listed.compareValue($0) > 0 } ?? true
                } ?? true
                let relation = larger
                    ? "\(factor) times the name's: a slipped decimal point or unit, or a case of \(factor)"
                    : "a \(factor == 10 ? "tenth" : factor == 100 ? "hundredth" : "thousandth") of the name's: a slipped decimal point or unit"
                return ("\(sizes), \(relation); the column's size is ranked", cause)
            }
        default:
            guard let stated = stated(entry, list: list) else { return ("the stated unit price disagrees", nil) }
            let basis = sheet.facts.stated(of: entry.index)?.basis(factors: sheet.factors) ?? list.basis.factor
            let decimals = max(stated.figure.scale + 2, 4)
            let ours = entry.unitPrice.rounded(per: basis, decimals: decimals).fixedText(scale: decimals)
            var reason = "the shop states \(stated.figure.text) per \(stated.per); per's exact figure is \(ours) per \(stated.per)"
            if let cause = stated.verdict.cause { reason += " (likely cause: \(cause.sentence))" }
            return (reason, stated.verdict.cause)
        }
    }
}

extension WideInteger {
    /// The digits with a decimal point before the last `scale` of them (`1104`, 2: `11.04`).
    public func fixedText(scale: Int) -> String {
        let digits = self.digits
        guard scale > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return "\(padded.dropLast(scale)).\(padded.suffix(scale))"
    }
}

extension RankedReport {
    /// Every mismatched and rejected row and every flagged product (`flaggedProducts`), in
    /// input order, as `--strict` lists them: `FILE:LINE: flagged FLAG: reason`.
    public func diagnostics(flagged: [FlaggedProduct]) -> [Diagnostic] {
        sheet.diagnostics(of: sheet.findings.map { ($0.source, "\($0.kind): \($0.reason)") }
                            + flagged.map { ($0.source, "flagged \($0.flag): \($0.reason)") })
    }
}
