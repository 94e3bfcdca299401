import BigInt

/// A diff as one self-contained HTML page (`HTMLPage`): a section per list with a row per
/// changed product, what happened to it in the Markdown diff's words (`DiffWriter.status`),
/// its old and new unit prices side by side, each with a bar, the change, and its rank.
///
/// A list's bars are measured against the highest unit price, old or new, among its rows,
/// from the unit prices as the diff holds them (`Snapshot.decimals`), rounded once (`BarLength`).
/// A list whose currency changed has no bars: its old and new unit prices do not compare.
struct HTMLDiffWriter {
    var asOf: String?

    func write(_ diff: ReportDiff, to out: OutputBuffer) throws {
        HTMLPage.begin(title: "Price changes", asOf: asOf, to: out)
        if diff.lists.isEmpty { out.append("<p>No changes.</p>\n") }
        for list in diff.lists {
            out.append("<section class=\"list\">\n<h2>")
            HTMLText.append(list.name, to: out)
            out.append("</h2>\n")
            if let change = list.currencyChange {
                HTMLPage.paragraph(class: "about", to: out) { HTMLText.append(DiffWriter.currencySentence(change), to: out) }
            }
            if list.bestChangedHands {
                HTMLPage.paragraph(class: "about", to: out) {
                    out.append("Best value: ")
                    HTMLText.append(DiffWriter.bestNames(list.oldBest), to: out)
                    out.append(" → ")
                    HTMLText.append(DiffWriter.bestNames(list.newBest), to: out)
                    out.append(".")
                }
            }
            guard !list.rows.isEmpty else {
                out.append("</section>\n")
                continue
            }
            let highest = list.currencyChange != nil ? nil
                : list.rows.flatMap { [$0.oldUnitPrice?.wide, $0.newUnitPrice?.wide] }.compactMap { $0 }.max()
            let decimals = ReportPrecision.markdownUnitPrice(printed: list.rows.flatMap { [$0.oldUnitPrice, $0.newUnitPrice].compactMap { $0 } })
            out.append("<ol class=\"rows\">\n")
            for row in list.rows {
                out.append("<li class=\"row change status-")
                out.append(row.change.rawValue)
                out.append("\">")  // coloured by its change (rise, fall), not by the best value
                out.append("<div class=\"what\"><span class=\"name\">")
                HTMLText.append(row.name, to: out)
                out.append("</span><span class=\"detail\">")
                HTMLText.append(row.size, to: out)
                if diff.hasKeys, let key = row.key {
                    out.append(" · key ")
                    HTMLText.append(key, to: out)
                }
                out.append("</span></div><span class=\"status\">")
                HTMLText.append(DiffWriter.status(row), to: out)
                out.append("</span>")
                unitPrice(row.oldUnitPrice, cell: "was", label: "was", per: list.per, highest: highest, decimals: decimals, to: out)
                unitPrice(row.newUnitPrice, cell: "now", label: "now", per: list.per, highest: highest, decimals: decimals, to: out)
                if let change = DiffWriter.change(row) {
                    out.append(change.hasPrefix("+") ? "<span class=\"delta up\">" : change.hasPrefix("-") ? "<span class=\"delta down\">"
                               : "<span class=\"delta\">")
                    out.append(change)
                    out.append("</span>")
                } else {
                    out.append("<span class=\"delta\"></span>")
                }
                out.append("<span class=\"rank\">")
                let rank = DiffWriter.rankMove(row)
                if !rank.isEmpty {
                    out.append("<span class=\"label\">rank</span> ")
                    out.append(rank)
                }
                out.append("</span></li>\n")
                try out.flushIfNeeded()
            }
            out.append("</ol>\n</section>\n")
        }
        HTMLPage.summary(DiffWriter.sentence(diff.counts, lists: diff.lists.count), to: out)
        HTMLPage.end(to: out)
    }

    /// An old or new unit price's cell: `was 1.1900 per l` and its bar; empty when there is none.
    private func unitPrice(_ value: WideInteger?, cell: StaticString, label: StaticString, per: String, highest: BigUInt?,
                           decimals: Int, to out: OutputBuffer) {
        out.append("<span class=\"")
        out.append(cell)
        out.append("\">")
        if let value {
            out.append("<span class=\"label\">")
            out.append(label)
            out.append("</span> <span class=\"figure\">")
            out.append(unitPrice: value, decimals: decimals)
            out.append("</span> <span class=\"label\">per ")
            HTMLText.append(per, to: out)
            out.append("</span>")
            if let highest { HTMLBar.append(tenthsOfPercent: BarLength.tenthsOfPercent(value.wide, of: highest), to: out) }
        }
        out.append("</span>")
    }
}
