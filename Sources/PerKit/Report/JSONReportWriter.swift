/// The whole report as one JSON object, keys in a fixed order, one value per line, so that a
/// change to one product changes only that product's lines:
///
///     {"schema_version": 2, "lists": [...], "mismatches": [...], "rejected": [...], "summary": {...}}
///
/// `quantity` and `price` are the numbers as read (canonical form), `unit_price` (per `per`,
/// `ReportPrecision.unitPrice` decimals, at least 4 shown) and `pct_more` (one decimal) are rounded half up from exact values. A report
/// of receipts gives each product `count` and `pack_quantity` (null for a row without a count)
/// and `discount` (null for none; `price` is what was paid). `not_products` lists deposits,
/// bags, totals and discounts. Each product has `flags` (names of `ProductFlags`, empty when
/// all is well), and `flagged` lists every flag with its reason; with stated unit prices, each
/// product has `stated_unit_price`, `stated_per` and `stated_agrees`, and with sizes refined from
/// names, `refined_from`.
struct JSONReportWriter {
    var options: ReportOptions

    /// 2 since unit prices carry up to 12 decimals (issue 30); 1 wrote 4.
    static let schemaVersion = 2

    func write(_ report: RankedReport, to out: OutputBuffer) throws {
        let sheet = report.sheet
        out.append("{\n  \"schema_version\": ")
        out.append(integer: Self.schemaVersion)
        out.append(",\n  \"as_of\": ")
        if let asOf = options.asOf { string(asOf, out) } else { out.append("null") }
        out.append(",\n  \"lists\": [")
        try ListBlocks.write(report, to: out, productsPerBlock: options.productsPerBlock) { block, out in
            try writeLists(report, block, to: out)
        }
        out.append(report.lists.isEmpty ? "],\n" : "\n  ],\n")

        key("mismatches", indent: 2, out); out.append("[")
        for (index, mismatch) in sheet.mismatches.enumerated() {
            out.append(index == 0 ? "\n    {\n" : ",\n    {\n")
            key("list", indent: 6, out); string(mismatch.list, out); out.append(",\n")
            key("name", indent: 6, out); string(mismatch.name, out); out.append(",\n")
            key("unit", indent: 6, out); string(mismatch.unit, out); out.append(",\n")
            key("kind", indent: 6, out); string(mismatch.kindName, out); out.append(",\n")
            key("expected", indent: 6, out); string(mismatch.expected, out); out.append(",\n")
            key("found", indent: 6, out); string(mismatch.found, out); out.append(",\n")
            source(mismatch.source, sheet: sheet, indent: 6, out)
            out.append("\n    }")
            try out.flushIfNeeded()
        }
        out.append(sheet.mismatches.isEmpty ? "],\n" : "\n  ],\n")

        key("rejected", indent: 2, out); out.append("[")
        for (index, rejection) in sheet.rejections.enumerated() {
            out.append(index == 0 ? "\n    {\n" : ",\n    {\n")
            key("reason", indent: 6, out); string(rejection.reason, out); out.append(",\n")
            source(rejection.source, sheet: sheet, indent: 6, out)
            out.append("\n    }")
            try out.flushIfNeeded()
        }
        out.append(sheet.rejections.isEmpty ? "],\n" : "\n  ],\n")

        key("not_products", indent: 2, out); out.append("[")
        for (index, line) in sheet.notProducts.enumerated() {
            out.append(index == 0 ? "\n    {\n" : ",\n    {\n")
            key("kind", indent: 6, out); string(line.kind.rawValue, out); out.append(",\n")
            key("reason", indent: 6, out); string(line.reason, out); out.append(",\n")
            source(line.source, sheet: sheet, indent: 6, out)
            out.append("\n    }")
            try out.flushIfNeeded()
        }
        out.append(sheet.notProducts.isEmpty ? "],\n" : "\n  ],\n")

        let flagged = report.flaggedProducts()
        key("flagged", indent: 2, out); out.append("[")
        for (index, flag) in flagged.enumerated() {
            out.append(index == 0 ? "\n    {\n" : ",\n    {\n")
            key("list", indent: 6, out); string(flag.list, out); out.append(",\n")
            key("name", indent: 6, out); string(flag.name, out); out.append(",\n")
            key("flag", indent: 6, out); string(flag.flag, out); out.append(",\n")
            key("reason", indent: 6, out); string(flag.reason, out); out.append(",\n")
            key("cause", indent: 6, out)
            if let cause = flag.cause { string(cause.rawValue, out) } else { out.append("null") }
            out.append(",\n")
            source(flag.source, sheet: sheet, indent: 6, out)
            out.append("\n    }")
            try out.flushIfNeeded()
        }
        out.append(flagged.isEmpty ? "],\n" : "\n  ],\n")

        let counts = sheet.counts
        let summary = RunSummary(report)
        key("summary", indent: 2, out); out.append("{\n")
        key("rows", indent: 4, out); out.append(integer: counts.rows); out.append(",\n")
        key("ranked", indent: 4, out); out.append(integer: counts.ranked); out.append(",\n")
        key("mismatched", indent: 4, out); out.append(integer: counts.mismatched); out.append(",\n")
        key("rejected", indent: 4, out); out.append(integer: counts.rejected); out.append(",\n")
        key("not_products", indent: 4, out); out.append(integer: counts.notProducts); out.append(",\n")
        key("flagged", indent: 4, out); out.append(integer: summary.flagged); out.append(",\n")
        key("lists", indent: 4, out); out.append(integer: report.lists.count); out.append(",\n")
        key("files", indent: 4, out); out.append("[")
        for (index, file) in sheet.files.enumerated() {
            let counts = sheet.fileCounts[index]
            out.append(index == 0 ? "\n      {\n" : ",\n      {\n")
            key("file", indent: 8, out); string(file.shownPath, out); out.append(",\n")
            key("rows", indent: 8, out); out.append(integer: counts.rows); out.append(",\n")
            key("ranked", indent: 8, out); out.append(integer: counts.ranked); out.append(",\n")
            key("mismatched", indent: 8, out); out.append(integer: counts.mismatched); out.append(",\n")
            key("rejected", indent: 8, out); out.append(integer: counts.rejected); out.append(",\n")
            key("not_products", indent: 8, out); out.append(integer: counts.notProducts)
            if report.statedVerdicts != nil {
                out.append(",\n")
                key("stated_unit_prices", indent: 8, out); out.append(integer: report.statedCounts[index].stated); out.append(",\n")
                key("stated_agree", indent: 8, out); out.append(integer: report.statedCounts[index].agree); out.append(",\n")
                key("stated_unreadable", indent: 8, out); out.append(integer: sheet.facts.statedUnreadable[index])
            }
            out.append("\n      }")
        }
        out.append(sheet.files.isEmpty ? "]\n" : "\n    ]\n")
        out.append("  }\n}\n")
    }

    private func writeLists(_ report: RankedReport, _ block: EntryBlock, to out: OutputBuffer) throws {
        let sheet = report.sheet
        for pieceIndex in block.pieces.indices {
            let piece = block.pieces[pieceIndex]
            let list = report.lists[piece.list]
            if piece.startsList {
                out.append(piece.list == 0 ? "\n    {\n" : ",\n    {\n")
                key("name", indent: 6, out); string(list.name, out); out.append(",\n")
                key("dimension", indent: 6, out); string(list.dimension.rawValue, out); out.append(",\n")
                key("currency", indent: 6, out)
                if let currency = list.currency { string(currency.code, out) } else { out.append("null") }
                out.append(",\n")
                key("per", indent: 6, out); string(list.basis.symbol, out); out.append(",\n")
                key("products", indent: 6, out); out.append("[")
            }
            var first = piece.startsList
            let receipts = sheet.showsReceiptColumns
            let sales = sheet.readsSalePrices
            let approximate = sheet.facts.has(.approximate)
            let stated = report.statedVerdicts != nil
            let refined = report.hasRefinedSizes
            let keyed = report.hasKeys
            let detailed = receipts || sales || approximate || stated || refined || keyed || sheet.readsCardPrices
            // Each product as a few literal pieces (indentation, key and punctuation together):
            // the JSON report has four times the bytes of the CSV one, written at the same cost per call.
            let entries = block.entries(at: pieceIndex)
            for position in entries.indices {
                let entry = entries[position]
                if !options.withSource && !detailed && entry.flags.isEmpty && writePlainEntry(entry, first: first, to: out) {
                    first = false
                    try out.flushIfNeeded()
                    continue
                }
                out.append(first ? "\n        {\n          \"rank\": " : ",\n        {\n          \"rank\": ")
                first = false
                let details = sheet.facts[entry.index]
                out.append(integer: entry.rank)
                out.append(",\n          \"name\": ")
                string(entry.nameBytes, out)
                if keyed {
                    out.append(",\n          \"key\": ")
                    if let key = report.key(of: entry) { string(key, out) } else { out.append("null") }
                }
                out.append(",\n          \"quantity\": ")
                out.append(decimal: entry.quantity)
                out.append(",\n          \"unit\": ")
                string(entry.unitBuffer, out)
                if approximate {
                    out.append(details.approximate ? ",\n          \"approximate\": true"
                        : ",\n          \"approximate\": false")
                }
                if refined {
                    out.append(",\n          \"refined_from\": ")
                    if let from = report.refinedFrom(entry) {
                        out.append("{\"quantity\": ")
                        out.append(decimal: from.quantity)
                        out.append(", \"unit\": ")
                        string(from.unit, out)
                        out.append("}")
                    } else {
                        out.append("null")
                    }
                }
                if receipts {
                    out.append(",\n          \"count\": ")
                    if let pack = entry.packQuantity {
                        out.append(integer: entry.count)
                        out.append(",\n          \"pack_quantity\": ")
                        out.append(decimal: pack)
                    } else {
                        out.append("null,\n          \"pack_quantity\": null")
                    }
                    if sheet.facts.has(.weighed) { out.append(details.weighed ? ",\n          \"weighed\": true" : ",\n          \"weighed\": false") }
                }
                out.append(",\n          \"price\": ")
                out.append(decimal: entry.price)
                if receipts {
                    out.append(",\n          \"discount\": ")
                    if let discount = details.discount {
                        out.append(decimal: discount)
                    } else {
                        out.append("null")
                    }
                }
                if sheet.facts.has(.deal) {
                    out.append(",\n          \"deal\": ")
                    if let deal = sheet.dealText(of: details) { string(deal, out) } else { out.append("null") }
                }
                let regular = details.regularPrice
                if sales {
                    out.append(",\n          \"regular_price\": ")
                    if let regular { out.append(decimal: regular) } else { out.append("null") }
                }
                out.append(",\n          \"unit_price\": ")
                out.append(unitPrice: entry.unitPrice(decimals: ReportPrecision.unitPrice))
                if sales {
                    out.append(",\n          \"regular_unit_price\": ")
                    if let regular {
                        out.append(unitPrice: entry.unitPrice(ofPrice: regular, decimals: ReportPrecision.unitPrice))
                    } else {
                        out.append("null")
                    }
                }
                if sheet.readsCardPrices {
                    if let card = details.cardPrice {
                        out.append(",\n          \"card_price\": ")
                        out.append(decimal: card)
                        out.append(",\n          \"card_unit_price\": ")
                        out.append(unitPrice: entry.unitPrice(ofPrice: card, decimals: ReportPrecision.unitPrice))
                    } else {
                        out.append(",\n          \"card_price\": null,\n          \"card_unit_price\": null")
                    }
                }
                if stated {
                    if let figure = report.stated(entry, list: list) {
                        out.append(",\n          \"stated_unit_price\": ")
                        out.append(decimal: figure.figure)
                        out.append(",\n          \"stated_per\": ")
                        string(figure.per, out)
                        out.append(figure.verdict.agrees ? ",\n          \"stated_agrees\": true" : ",\n          \"stated_agrees\": false")
                    } else {
                        out.append(",\n          \"stated_unit_price\": null,\n          \"stated_per\": null,\n          \"stated_agrees\": null")
                    }
                }
                out.append(",\n          \"pct_more\": ")
                if entry.showsLess(decimals: ReportPrecision.percent) { out.append(byte: UInt8(ascii: "-")) }
                out.append(fixed: entry.percentMore(decimals: ReportPrecision.percent), scale: ReportPrecision.percent)
                out.append(entry.isBest ? ",\n          \"best\": true" : ",\n          \"best\": false")
                out.append(",\n          \"flags\": [")
                for (index, name) in entry.flags.names.enumerated() {
                    if index > 0 { out.append(", ") }
                    string(name, out)
                }
                out.append("]")
                if options.withSource {
                    out.append(",\n")
                    source(entry.source, sheet: sheet, indent: 10, out)
                }
                out.append("\n        }")
                try out.flushIfNeeded()
            }
            if piece.endsList { out.append(first ? "]\n    }" : "\n      ]\n    }") }
        }
    }

    /// The common product, written in place (see `writeLists`): name and unit need no
    /// escapes and the rounded numbers fit in 64 bits. Returns false, having written nothing,
    /// otherwise.
    @inline(__always)
    private func writePlainEntry(_ entry: RankedEntry, first: Bool, to out: OutputBuffer) -> Bool {
        let name = entry.nameBytes
        let unit = entry.unitBuffer
        guard JSONText.isPlain(name), JSONText.isPlain(unit),
              let figures = entry.plainFigures(unitPriceDecimals: ReportPrecision.unitPrice, percentDecimals: ReportPrecision.percent)
        else { return false }
        var product = TextCursor(out, room: name.count + unit.count + 256 + 5 * DecimalText.maxFixedBytes)
        product.copy(first ? "\n        {\n          \"rank\": " : ",\n        {\n          \"rank\": ")
        product.integer(UInt64(entry.rank))
        product.copy(",\n          \"name\": \"")
        product.copy(name)
        product.copy("\",\n          \"quantity\": ")
        product.fixed(entry.quantity.significand, scale: entry.quantity.scale)
        product.copy(",\n          \"unit\": \"")
        product.copy(unit)
        product.copy("\",\n          \"price\": ")
        product.fixed(entry.price.significand, scale: entry.price.scale)
        product.copy(",\n          \"unit_price\": ")
        product.unitPrice(figures.unitPrice)
        product.copy(",\n          \"pct_more\": ")
        product.fixed(figures.percent, scale: ReportPrecision.percent)
        product.copy(entry.isBest ? ",\n          \"best\": true,\n          \"flags\": []\n        }"
                         : ",\n          \"best\": false,\n          \"flags\": []\n        }")
        product.commit(to: out)
        return true
    }

    private func source(_ location: SourceLocation, sheet: ValidatedSheet, indent: Int, _ out: OutputBuffer) {
        key("source", indent: indent, out); out.append("{\n")
        key("file", indent: indent + 2, out); string(sheet.files[location.file].shownPath, out); out.append(",\n")
        key("line", indent: indent + 2, out); out.append(integer: location.line); out.append("\n")
        for _ in 0..<indent { out.append(byte: Byte.space) }
        out.append("}")
    }

    private func key(_ name: StaticString, indent: Int, _ out: OutputBuffer) {
        for _ in 0..<indent { out.append(byte: Byte.space) }
        out.append(byte: Byte.quote)
        out.append(name)
        out.append("\": ")
    }

    private func string(_ text: String, _ out: OutputBuffer) {
        JSONText.append(text, to: out)
    }

    private func string(_ bytes: UnsafeBufferPointer<UInt8>, _ out: OutputBuffer) {
        JSONText.append(bytes, to: out)
    }
}
