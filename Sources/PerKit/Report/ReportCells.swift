/// A report's text as people read it, the same in Markdown and HTML: a list's description and
/// each ranked product's cells. Each format writes them with its own escaping (`TextEscaping`)
/// and neither formats them any other way.
enum ReportCells {
    /// `Mass, unit prices in EUR per kg: 5 products.`
    static func description<Text: TextEscaping>(_ list: RankedList, _: Text.Type, to out: OutputBuffer) {
        out.append(list.dimension.rawValue.prefix(1).uppercased() + list.dimension.rawValue.dropFirst())
        out.append(", unit prices ")
        if let currency = list.currency {
            out.append("in ")
            Text.append(currency.code, to: out)
            out.append(byte: Byte.space)
        }
        out.append("per ")
        Text.append(list.basis.symbol, to: out)
        out.append(": ")
        out.append(RunSummary.plural(list.count, "product"))
        out.append(".")
    }

    /// `500 g`, `≈500 g` (an approximate size), `2 × 500 g` (packs on a receipt), `0.732 kg
    /// weighed` (what the till weighed), `135 g (listed 0.14 kg)` (a size refined from the name).
    @inline(__always)
    static func size<Text: TextEscaping>(_ entry: RankedEntry, _ report: RankedReport, _: Text.Type, to out: OutputBuffer) {
        let sheet = report.sheet
        if sheet.facts.has(.approximate) && sheet.facts[entry.index].approximate { out.append("≈") }
        if let pack = entry.packQuantity {
            out.append(integer: entry.count)
            out.append(" × ")
            out.append(decimal: pack)
        } else {
            out.append(decimal: entry.quantity)
        }
        out.append(byte: Byte.space)
        Text.append(entry.unitBuffer, to: out)
        if sheet.facts.has(.weighed) && sheet.facts[entry.index].weighed { out.append(" weighed") }
        if let from = report.refinedFrom(entry) {
            out.append(" (listed ")
            out.append(decimal: from.quantity)
            out.append(byte: Byte.space)
            Text.append(from.unit, to: out)
            out.append(")")
        }
    }

    /// The price paid: `8.99`, `8.99 (1.00 off)` (a receipt's discount), `8.99 (regular
    /// 9.99)` (a sale price), `7.00 (2 for 7.00)` and `7.98 (2+1 free; 3.99 each)` (a deal).
    @inline(__always)
    static func price(_ entry: RankedEntry, _ report: RankedReport, to out: OutputBuffer) {
        let sheet = report.sheet
        out.append(decimal: entry.price)
        let details = sheet.facts[entry.index]
        if let deal = sheet.dealText(of: details) {
            out.append(" (")
            out.append(deal)
            out.append(")")
            return
        }
        if let discount = details.discount {
            out.append(" (")
            out.append(decimal: discount)
            out.append(" off)")
        }
        if let regular = regularPrice(entry, report) {
            out.append(" (regular ")
            out.append(decimal: regular)
            out.append(")")
        }
        if let card = cardPrice(entry, report) {
            out.append(" (card ")
            out.append(decimal: card)
            out.append(")")
        }
    }

    /// A product's card price when it is shown beside what was ranked: not when it is what
    /// was ranked (`--card`).
    @inline(__always)
    static func cardPrice(_ entry: RankedEntry, _ report: RankedReport) -> ExactDecimal? {
        let sheet = report.sheet
        guard sheet.readsCardPrices, let card = sheet.facts[entry.index].cardPrice else { return nil }
        return sheet.ranksCardPrices && card.compareValue(entry.price) == 0 ? nil : card
    }

    /// The unit price with `decimals` places (`ReportPrecision.markdownUnitPrice(best:)`), and
    /// the regular price's beside a sale price: `3.85 (regular 4.50)`.
    @inline(__always)
    static func unitPrice(_ entry: RankedEntry, _ report: RankedReport, decimals: Int, to out: OutputBuffer) {
        out.append(fixed: entry.unitPrice(decimals: decimals), scale: decimals)
        if let regular = regularPrice(entry, report) {
            out.append(" (regular ")
            out.append(fixed: entry.unitPrice(ofPrice: regular, decimals: decimals), scale: decimals)
            out.append(")")
        }
        if let card = cardPrice(entry, report) {
            out.append(" (card ")
            out.append(fixed: entry.unitPrice(ofPrice: card, decimals: decimals), scale: decimals)
            out.append(")")
        }
    }

    /// The shop's stated unit price, `per` its own basis when not the list's, `✗` when it
    /// disagrees with per's; nothing when the product states none.
    @inline(__always)
    static func stated<Text: TextEscaping>(_ entry: RankedEntry, _ report: RankedReport, list: RankedList, _: Text.Type,
                                           to out: OutputBuffer) {
        guard let figure = report.stated(entry, list: list) else { return }
        out.append(decimal: figure.figure)
        if figure.per != list.basis.symbol {
            out.append(" per ")
            Text.append(figure.per, to: out)
        }
        if !figure.verdict.agrees { out.append(" ✗") }
    }

    /// How the product compares with its list's best value: `Best value`, `7% more` (whole
    /// percent, rounded half up), `<1% more` for a dearer product that would round to 0%; a
    /// flagged product cheaper than the best value is `41% less`, or `>99% less`.
    @inline(__always)
    static func comparison<Text: TextEscaping>(_ entry: RankedEntry, _: Text.Type, to out: OutputBuffer) {
        if entry.isBest {
            out.append("Best value")
            return
        }
        let percent = entry.percentMore(decimals: ReportPrecision.markdownPercent)
        let word: StaticString = entry.isCheaperThanBest ? "% less" : "% more"
        if percent.isZero {
            Text.appendWords("<1", to: out)
            out.append(word)
        } else if entry.isCheaperThanBest && percent == .small(100) {
            Text.appendWords(">99% less", to: out)  // not free: 99.5% or more less
        } else {
            out.append(fixed: percent, scale: 0)
            out.append(word)
        }
    }

    /// The mark of a flagged product, before its comparison.
    static let flagMark: StaticString = "⚑"

    @inline(__always)
    private static func regularPrice(_ entry: RankedEntry, _ report: RankedReport) -> ExactDecimal? {
        report.sheet.facts[entry.index].regularPrice
    }
}
