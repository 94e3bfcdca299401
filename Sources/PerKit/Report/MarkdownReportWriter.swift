/// A report for people: a section per list with a ranked table, then mismatches and rejected
/// rows when there are any, then the run's summary at the end.
///
/// Unit prices have two decimals, as on a shelf label; the cells of a product, its comparison
/// with the best value among them, are `ReportCells`'. A flagged product is marked ⚑ and never
/// the best value. Flagged products get a section with their reasons.
struct MarkdownReportWriter {
    var options: ReportOptions

    func write(_ report: RankedReport, to out: OutputBuffer) throws {
        let sheet = report.sheet
        out.append("# Unit prices")
        if let asOf = options.asOf {
            out.append(" as of ")
            text(asOf, out)
        }
        out.append(byte: Byte.lf)
        if report.lists.isEmpty { out.append("\nNo products to rank.\n") }
        try ListBlocks.write(report, to: out, productsPerBlock: options.productsPerBlock) { block, out in
            try writeLists(report, block, to: out)
        }

        let flagged = report.flaggedProducts()
        if !flagged.isEmpty {
            out.append("\n## Flagged products\n\n")
            out.append("These products are ranked, but something about them looks wrong (marked ⚑ above). A flagged product is never ")
            out.append("its list's best value: \"Best value\" and \"N% more\" are measured from the best unflagged product.\n\n")
            out.append("| Source | List | Product | Flag | Reason |\n|:---|:---|:---|:---|:---|\n")
            for flag in flagged {
                try findingRow(flag.source, [flag.list, flag.name, flag.flag, flag.reason], sheet: sheet, out)
            }
        }

        if !sheet.mismatches.isEmpty {
            out.append("\n## Mismatches\n\n")
            out.append("Each list takes the dimension of its first valid row, and the currency of its first row that states one; ")
            out.append("these rows have another.\n\n")
            out.append("| Source | List | Product | Unit | List is | Row is |\n|:---|:---|:---|:---|:---|:---|\n")
            for mismatch in sheet.mismatches {
                try findingRow(mismatch.source, [mismatch.list, mismatch.name, mismatch.unit, mismatch.expected, mismatch.found],
                               sheet: sheet, out)
            }
        }

        if !sheet.rejections.isEmpty {
            out.append("\n## Rejected rows\n\n| Source | Reason |\n|:---|:---|\n")
            for rejection in sheet.rejections { try findingRow(rejection.source, [rejection.reason], sheet: sheet, out) }
        }

        if !sheet.notProducts.isEmpty {
            out.append("\n## Not products\n\n| Source | Line |\n|:---|:---|\n")
            for line in sheet.notProducts { try findingRow(line.source, [line.reason], sheet: sheet, out) }
        }

        out.append("\n## Summary\n\n")
        out.append(RunSummary(report).sentence)
        out.append(".\n")
        if report.statedVerdicts != nil {
            out.append("\nStated unit prices agree with per's when per's exact figure lies within half the last digit of the ")
            out.append("shop's plus 0.5% of it; ✗ marks one that does not.\n\n| File | Stated | Agree |\n|:---|---:|:---|\n")
            for (index, file) in sheet.files.enumerated() {
                out.append("| ")
                text(file.shownPath, out)
                out.append(" | ")
                out.append(integer: report.statedCounts[index].stated)
                out.append(" | ")
                text(RunSummary.share(report.statedCounts[index].agree, of: report.statedCounts[index].stated), out)
                let unreadable = sheet.facts.statedUnreadable[index]
                if unreadable > 0 { text("; \(unreadable) not compared (per another kind of size, or no figure)", out) }
                out.append(" |\n")
            }
        }
        if sheet.files.count > 1 {
            let notProducts = sheet.counts.notProducts > 0
            out.append(notProducts ? "\n| File | Rows | Ranked | Mismatched | Rejected | Not products |\n|:---|---:|---:|---:|---:|---:|\n"
                                   : "\n| File | Rows | Ranked | Mismatched | Rejected |\n|:---|---:|---:|---:|---:|\n")
            for (index, file) in sheet.files.enumerated() {
                let counts = sheet.fileCounts[index]
                out.append("| ")
                text(file.shownPath, out)
                for count in [counts.rows, counts.ranked, counts.mismatched, counts.rejected] + (notProducts ? [counts.notProducts] : []) {
                    out.append(" | ")
                    out.append(integer: count)
                }
                out.append(" |\n")
            }
        }
    }

    private func writeLists(_ report: RankedReport, _ block: EntryBlock, to out: OutputBuffer) throws {
        let sheet = report.sheet
        for pieceIndex in block.pieces.indices {
            let piece = block.pieces[pieceIndex]
            let list = report.lists[piece.list]
            let stated = report.statedVerdicts != nil
            if piece.startsList { writeHeading(list, stated: stated, to: out) }
            let decimals = ReportPrecision.markdownUnitPrice(best: list.bestUnitPrice(decimals: 8))
            let entries = block.entries(at: pieceIndex)
            for position in entries.indices {
                let entry = entries[position]
                out.append("| ")
                out.append(integer: entry.rank)
                out.append(" | ")
                text(entry.nameBytes, out)
                out.append(" | ")
                ReportCells.size(entry, report, MarkdownText.self, to: out)
                out.append(" | ")
                ReportCells.price(entry, report, to: out)
                out.append(" | ")
                ReportCells.unitPrice(entry, report, decimals: decimals, to: out)
                if stated {
                    out.append(" | ")
                    ReportCells.stated(entry, report, list: list, MarkdownText.self, to: out)
                }
                out.append(" | ")
                if entry.flags.isFlagged {
                    out.append(ReportCells.flagMark)
                    out.append(byte: Byte.space)
                }
                ReportCells.comparison(entry, MarkdownText.self, to: out)
                out.append(" |")
                if options.withSource {
                    out.append(byte: Byte.space)
                    location(entry.source, sheet: sheet, out)
                    out.append(" |")
                }
                out.append(byte: Byte.lf)
                try out.flushIfNeeded()
            }
        }
    }

    /// A list's section heading, the line that describes it, and its table's header.
    private func writeHeading(_ list: RankedList, stated: Bool, to out: OutputBuffer) {
        out.append("\n## ")
        text(list.name, out)
        out.append("\n\n")
        ReportCells.description(list, MarkdownText.self, to: out)
        out.append("\n\n| Rank | Product | Size | Price | Per ")
        text(list.basis.symbol, out)
        out.append(stated ? " | Stated | Compared |" : " | Compared |")
        if options.withSource { out.append(" Source |") }
        out.append(stated ? "\n|---:|:---|---:|---:|---:|---:|:---|" : "\n|---:|:---|---:|---:|---:|:---|")
        if options.withSource { out.append(":---|") }
        out.append(byte: Byte.lf)
    }

    /// A row of a findings table: its source, then its cells, escaped.
    private func findingRow(_ source: SourceLocation, _ cells: [String], sheet: ValidatedSheet, _ out: OutputBuffer) throws {
        out.append("| ")
        location(source, sheet: sheet, out)
        for cell in cells {
            out.append(" | ")
            text(cell, out)
        }
        out.append(" |\n")
        try out.flushIfNeeded()
    }

    private func location(_ source: SourceLocation, sheet: ValidatedSheet, _ out: OutputBuffer) {
        text(sheet.files[source.file].shownPath, out)
        out.append(byte: UInt8(ascii: ":"))
        out.append(integer: source.line)
    }

    private func text(_ string: String, _ out: OutputBuffer) {
        MarkdownText.append(string, to: out)
    }

    private func text(_ bytes: UnsafeBufferPointer<UInt8>, _ out: OutputBuffer) {
        MarkdownText.append(bytes, to: out)
    }
}
