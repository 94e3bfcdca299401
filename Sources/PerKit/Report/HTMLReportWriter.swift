/// A report as one self-contained HTML page (`HTMLPage`): a section per list with a row per
/// product in rank order, then flagged products, mismatches, rejected rows and not-products
/// when there are any, then the run's summary: what the Markdown report says, in the same
/// words (`ReportCells`).
///
/// Each product has a bar as long as its unit price is against its list's highest unflagged
/// one (its highest when all are flagged), rounded once (`BarLength`): a flagged product dearer
/// than that (an outlier, a price for the wrong size) fills its bar, drawn broken, instead of
/// flattening every other bar of its list. The best value's bar is green and says "Best
/// value", the others "N% more". A flagged product's bar is hatched, its comparison marked ⚑,
/// its flags named.
struct HTMLReportWriter {
    var options: ReportOptions

    func write(_ report: RankedReport, to out: OutputBuffer) throws {
        let sheet = report.sheet
        HTMLPage.begin(title: "Unit prices", asOf: options.asOf, to: out)
        if report.lists.isEmpty { out.append("<p>No products to rank.</p>\n") }
        // What each list's bars are measured against: its dearest unflagged entry's unit price
        // (entries are in order of unit price), or its dearest's when all are flagged.
        let highest = report.lists.map { list in
            let entries = report.entries(of: list)
            let last = entries.lastIndex { !$0.flags.isFlagged } ?? entries.endIndex - 1
            return entries[last].unitPrice
        }
        try ListBlocks.write(report, to: out, productsPerBlock: options.productsPerBlock) { block, out in
            try writeLists(report, block, highest: highest, to: out)
        }

        let flagged = report.flaggedProducts()
        try findings("Flagged products", about: "These products are ranked, but something about them looks wrong (marked ⚑ above). "
                     + "A flagged product is never its list&#39;s best value: &quot;Best value&quot; and &quot;N% more&quot; are measured "
                     + "from the best unflagged product.",
                     headers: ["Source", "List", "Product", "Flag", "Reason"], flagged, to: out) { flag in
            [location(flag.source, sheet), flag.list, flag.name, flag.flag, flag.reason]
        }
        try findings("Mismatches", about: "Each list takes the dimension of its first valid row, and the currency of its first row "
                     + "that states one; these rows have another.",
                     headers: ["Source", "List", "Product", "Unit", "List is", "Row is"], sheet.mismatches, to: out) { mismatch in
            [location(mismatch.source, sheet), mismatch.list, mismatch.name, mismatch.unit, mismatch.expected, mismatch.found]
        }
        try findings("Rejected rows", headers: ["Source", "Reason"], sheet.rejections, to: out) { rejection in
            [location(rejection.source, sheet), rejection.reason]
        }
        try findings("Not products", headers: ["Source", "Line"], sheet.notProducts, to: out) { line in
            [location(line.source, sheet), line.reason]
        }

        HTMLPage.summary(RunSummary(report).sentence, to: out) {
            if report.statedVerdicts != nil {
                out.append("<p>Stated unit prices agree with per&#39;s when per&#39;s exact figure lies within half the last digit of the ")
                out.append("shop&#39;s plus 0.5% of it; ✗ marks one that does not.</p>\n")
                HTMLTable.begin(["File", "Stated", "Agree"], numeric: [1], to: out)
                for (index, file) in sheet.files.enumerated() {
                    let counts = report.statedCounts[index]
                    let unreadable = sheet.facts.statedUnreadable[index]
                    HTMLTable.row([file.shownPath, "\(counts.stated)", RunSummary.share(counts.agree, of: counts.stated)
                                       + (unreadable > 0 ? "; \(unreadable) not compared (per another kind of size, or no figure)" : "")], numeric: [1], to: out)
                }
                HTMLTable.end(to: out)
            }
            if sheet.files.count > 1 {
                let notProducts = sheet.counts.notProducts > 0
                let numeric: Set<Int> = notProducts ? [1, 2, 3, 4, 5] : [1, 2, 3, 4]
                HTMLTable.begin(["File", "Rows", "Ranked", "Mismatched", "Rejected"] + (notProducts ? ["Not products"] : []), numeric: numeric, to: out)
                for (index, file) in sheet.files.enumerated() {
                    let counts = sheet.fileCounts[index]
                    let figures = [counts.rows, counts.ranked, counts.mismatched, counts.rejected] + (notProducts ? [counts.notProducts] : [])
                    HTMLTable.row([file.shownPath] + figures.map { "\($0)" }, numeric: numeric, to: out)
                }
                HTMLTable.end(to: out)
            }
        }
        HTMLPage.end(to: out)
    }

    /// A section of findings, when there are any: its heading, what they are (per's own
    /// words, written as HTML), and a table of them.
    private func findings<Finding>(_ title: StaticString, about: String? = nil, headers: [String], _ rows: [Finding],
                                   to out: OutputBuffer, cells: (Finding) -> [String]) throws {
        guard !rows.isEmpty else { return }
        out.append("<section class=\"findings\">\n<h2>")
        out.append(title)
        out.append("</h2>\n")
        if let about {
            out.append("<p>")
            out.append(about)
            out.append("</p>\n")
        }
        HTMLTable.begin(headers, to: out)
        for row in rows {
            HTMLTable.row(cells(row), to: out)
            try out.flushIfNeeded()
        }
        HTMLTable.end(to: out)
        out.append("</section>\n")
    }

    private func writeLists(_ report: RankedReport, _ block: EntryBlock, highest: [UnitPrice], to out: OutputBuffer) throws {
        let sheet = report.sheet
        for pieceIndex in block.pieces.indices {
            let piece = block.pieces[pieceIndex]
            let list = report.lists[piece.list]
            let stated = report.statedVerdicts != nil
            if piece.startsList {
                out.append("<section class=\"list\">\n<h2>")
                HTMLText.append(list.name, to: out)
                out.append("</h2>\n")
                HTMLPage.paragraph(class: "about", to: out) { ReportCells.description(list, HTMLText.self, to: out) }
                out.append("<ol class=\"rows\">\n")
            }
            let decimals = ReportPrecision.markdownUnitPrice(best: list.bestUnitPrice(decimals: 8))
            let entries = block.entries(at: pieceIndex)
            for position in entries.indices {
                let entry = entries[position]
                out.append(entry.isBest ? "<li class=\"row product best\">" : entry.flags.isFlagged ? "<li class=\"row product flagged\">"
                           : "<li class=\"row product\">")
                out.append("<span class=\"rank\">")
                out.append(integer: entry.rank)
                out.append("</span><div class=\"what\"><span class=\"name\">")
                HTMLText.append(entry.nameBytes, to: out)
                out.append("</span><span class=\"detail\">")
                ReportCells.size(entry, report, HTMLText.self, to: out)
                out.append(" for ")
                ReportCells.price(entry, report, to: out)
                if stated, report.stated(entry, list: list) != nil {
                    out.append(" · stated ")
                    ReportCells.stated(entry, report, list: list, HTMLText.self, to: out)
                }
                if entry.flags.isFlagged {
                    out.append(" · <span class=\"flag\">")
                    out.append(ReportCells.flagMark)
                    out.append(byte: Byte.space)
                    HTMLText.append(entry.flags.names.joined(separator: ", "), to: out)
                    out.append("</span>")
                }
                if options.withSource {
                    out.append(" · ")
                    HTMLText.append(location(entry.source, sheet), to: out)
                }
                out.append("</span></div>")
                let scale = highest[piece.list]
                HTMLBar.append(tenthsOfPercent: BarLength.tenthsOfPercent(entry.unitPrice, of: scale),
                               beyondScale: entry.flags.isFlagged && entry.unitPrice.compare(scale) > 0, to: out)
                out.append("<span class=\"unit-price\"><span class=\"figure\">")
                ReportCells.unitPrice(entry, report, decimals: decimals, to: out)
                out.append("</span> <span class=\"label\">per ")
                HTMLText.append(list.basis.symbol, to: out)
                out.append("</span></span><span class=\"compared\">")
                if entry.flags.isFlagged {
                    out.append("<span class=\"flag\">")
                    out.append(ReportCells.flagMark)
                    out.append("</span> ")
                }
                ReportCells.comparison(entry, HTMLText.self, to: out)
                out.append("</span></li>\n")
                try out.flushIfNeeded()
            }
            if piece.endsList { out.append("</ol>\n</section>\n") }
        }
    }

    /// `groceries.csv:7`, unescaped.
    private func location(_ source: SourceLocation, _ sheet: ValidatedSheet) -> String {
        "\(sheet.files[source.file].shownPath):\(source.line)"
    }
}
