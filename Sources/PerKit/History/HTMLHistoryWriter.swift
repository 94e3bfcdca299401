import BigInt

/// A history as one self-contained HTML page (`HTMLPage`): a section per list with a row per
/// product: its name and size, a small chart of its unit price at each date (`HTMLSparkline`,
/// its lowest marked), its latest unit price, its lowest and highest with their dates, the
/// change since its first unit price, and the Markdown history's notes.
struct HTMLHistoryWriter {
    func write(_ history: HistoryReport, to out: OutputBuffer) throws {
        HTMLPage.begin(title: "Price history", asOf: nil, to: out)
        HTMLPage.paragraph(class: "about", to: out) {
            // Dates are kept whole on a line (a browser breaks a line at a hyphen).
            let span = HistoryWriter.span(history)
            var rest = Substring(span)
            let ends = history.dates.count > 1 ? [history.dates[0], history.dates[history.dates.count - 1]] : history.dates
            for date in ends {
                guard let range = rest.range(of: date) else { continue }
                HTMLText.append(String(rest[..<range.lowerBound]), to: out)
                out.append("<span class=\"nowrap\">")
                out.append(date)
                out.append("</span>")
                rest = rest[range.upperBound...]
            }
            HTMLText.append(String(rest), to: out)
            out.append(".")
        }
        if history.lists.isEmpty { out.append("<p>No products to show.</p>\n") }
        let dates = history.sources.count
        for list in history.lists {
            out.append("<section class=\"list\">\n<h2>")
            HTMLText.append(list.name, to: out)
            out.append("</h2>\n<ol class=\"rows\">\n")
            let decimals = ReportPrecision.markdownUnitPrice(printed: list.products.unitPrices)
            for product in list.products {
                out.append(product.changed ? "<li class=\"row history changed\">" : "<li class=\"row history\">")
                out.append("<div class=\"what\"><span class=\"name\">")
                HTMLText.append(product.name, to: out)
                out.append("</span><span class=\"detail\">")
                HTMLText.append(product.size, to: out)
                if let key = product.key {
                    out.append(" · key ")
                    HTMLText.append(key, to: out)
                }
                out.append(" · seen \(product.seen) of \(dates)</span></div>")
                out.append("<span class=\"chart\">")
                HTMLSparkline.append(product.unitPrices(dates: dates), label: "unit price per \(list.per) at each date, lowest marked", to: out)
                out.append("</span><span class=\"now\">")
                if let latest = product.latest {
                    out.append("<span class=\"figure\">")
                    out.append(unitPrice: latest, decimals: decimals)
                    out.append("</span> <span class=\"label\">per ")
                    HTMLText.append(list.per, to: out)
                    out.append("</span>")
                }
                out.append("</span><span class=\"range\">")
                if let lowest = product.lowest, let highest = product.highest {
                    out.append("<span class=\"label\">low</span> <span class=\"figure low\">")
                    out.append(unitPrice: lowest.unitPrice, decimals: decimals)
                    out.append("</span> <span class=\"label\">")
                    out.append(history.dates[lowest.date])
                    out.append("</span><br><span class=\"label\">high</span> <span class=\"figure\">")
                    out.append(unitPrice: highest.unitPrice, decimals: decimals)
                    out.append("</span> <span class=\"label\">")
                    out.append(history.dates[highest.date])
                    out.append("</span>")
                }
                out.append("</span>")
                if let percent = product.percentSinceFirst {
                    let text = HistoryWriter.signedPercent(percent)
                    out.append(percent.signum() > 0 ? "<span class=\"delta up\">" : percent.signum() < 0 ? "<span class=\"delta down\">"
                               : "<span class=\"delta\">")
                    out.append(text)
                    out.append("</span>")
                } else {
                    out.append("<span class=\"delta\"></span>")
                }
                let notes = HistoryWriter.notes(product, history)
                if !notes.isEmpty {
                    out.append("<span class=\"notes\">")
                    HTMLText.append(notes.joined(separator: "; "), to: out)
                    out.append("</span>")
                }
                out.append("</li>\n")
                try out.flushIfNeeded()
            }
            out.append("</ol>\n</section>\n")
        }
        HTMLPage.summary(HistoryWriter.sentence(history.counts, snapshots: history.sources.count), to: out)
        HTMLPage.end(to: out)
    }
}
