/// One row per ranked product, lists in name order, products in rank order:
///
///     list,rank,name,quantity,unit,price,unit_price,per,pct_more,flags
///     Coffee,1,Coffee Beans,500,g,8.99,17.9800,kg,0.0,
///
/// LF line ends; `unit_price` has `ReportPrecision.unitPrice` decimals (at least 4 shown) and `pct_more` one, rounded half up. A report
/// of receipts has `count` and `pack_quantity` after `unit` (empty for a row without a count;
/// `quantity` is then the size of all packs together; `weighed`, `true` or `false` on every row, follows once
/// some product's size is what the till weighed) and `discount` after `price` (what
/// discount lines took off; `price` is what was paid). A report with a product whose size is
/// approximate (`ca. 500 g`) has `approximate` (`true` or `false`) after `unit`. `flags` names
/// a product's flags, `;` between them (empty when all is well); a report of stated unit prices
/// has `stated_unit_price`, `stated_per` and `stated_agrees` after it, and one with sizes refined
/// from names `refined_from` (the quantity column's size). A report read with `--key` has `key`
/// after `name` (empty for a product without one).
struct CSVReportWriter {
    var options: ReportOptions

    func write(_ report: RankedReport, to out: OutputBuffer) throws {
        let sheet = report.sheet
        out.append(report.hasKeys ? "list,rank,name,key,quantity,unit" : "list,rank,name,quantity,unit")
        if sheet.facts.has(.approximate) { out.append(",approximate") }
        if sheet.showsReceiptColumns { out.append(sheet.facts.has(.weighed) ? ",count,pack_quantity,weighed" : ",count,pack_quantity") }
        out.append(",price")
        if sheet.showsReceiptColumns { out.append(",discount") }
        if sheet.facts.has(.deal) { out.append(",deal") }
        if sheet.readsSalePrices { out.append(",regular_price") }
        out.append(",unit_price")
        if sheet.readsSalePrices { out.append(",regular_unit_price") }
        if sheet.readsCardPrices { out.append(",card_price,card_unit_price") }
        out.append(",per,pct_more,flags")
        if report.statedVerdicts != nil { out.append(",stated_unit_price,stated_per,stated_agrees") }
        if report.hasRefinedSizes { out.append(",refined_from") }
        if options.withSource { out.append(",source_file,source_line") }
        out.append(byte: Byte.lf)
        try ListBlocks.write(report, to: out, productsPerBlock: options.productsPerBlock) { block, out in
            try writeLists(report, block, to: out)
        }
    }

    private func writeLists(_ report: RankedReport, _ block: EntryBlock, to out: OutputBuffer) throws {
        var fields = CSVFieldWriter()
        let plain = !report.sheet.showsReceiptColumns && !report.sheet.readsSalePrices && !report.sheet.readsCardPrices
            && !report.sheet.facts.has(.approximate)
            && report.statedVerdicts == nil && !report.hasRefinedSizes && !report.hasKeys
        // The list and per fields are the same on every row of a list: quoted once per piece.
        let listField = OutputBuffer()
        let perField = OutputBuffer()
        for index in block.pieces.indices {
            let list = report.lists[block.pieces[index].list]
            listField.removeAll()
            fields.append(list.name, to: listField)
            perField.removeAll()
            fields.append(list.basis.symbol, to: perField)
            let listBytes = listField.buffer
            let perBytes = perField.buffer
            let entries = block.entries(at: index)
            for position in entries.indices {
                let entry = entries[position]
                if !options.withSource && plain && entry.flags.isEmpty && writePlainRow(entry, list: listBytes, per: perBytes, to: out) { continue }
                writeRow(entry, list: list, listBytes: listBytes, per: perBytes, report: report, fields: &fields, to: out)
                try out.flushIfNeeded()
            }
        }
    }

    /// Any row: quoted and guarded as needed, with the receipt columns and the source when asked.
    @inline(never)
    private func writeRow(_ entry: RankedEntry, list rankedList: RankedList, listBytes list: UnsafeBufferPointer<UInt8>,
                          per: UnsafeBufferPointer<UInt8>, report: RankedReport, fields: inout CSVFieldWriter, to out: OutputBuffer) {
        let sheet = report.sheet
        out.append(list)
        out.append(byte: Byte.comma)
        out.append(integer: entry.rank)
        out.append(byte: Byte.comma)
        fields.append(entry.nameBytes, to: out)
        out.append(byte: Byte.comma)
        if report.hasKeys {
            if let key = report.key(of: entry) { fields.append(key, to: out) }
            out.append(byte: Byte.comma)
        }
        out.append(decimal: entry.quantity)
        out.append(byte: Byte.comma)
        fields.append(entry.unitBuffer, to: out)
        out.append(byte: Byte.comma)
        let details = sheet.facts[entry.index]
        if sheet.facts.has(.approximate) {
            out.append(details.approximate ? "true," : "false,")
        }
        if sheet.showsReceiptColumns {
            if let pack = entry.packQuantity {
                out.append(integer: entry.count)
                out.append(byte: Byte.comma)
                out.append(decimal: pack)
            } else {
                out.append(byte: Byte.comma)
            }
            out.append(byte: Byte.comma)
            if sheet.facts.has(.weighed) { out.append(details.weighed ? "true," : "false,") }
        }
        out.append(decimal: entry.price)
        out.append(byte: Byte.comma)
        if sheet.showsReceiptColumns {
            if let discount = details.discount { out.append(decimal: discount) }
            out.append(byte: Byte.comma)
        }
        if sheet.facts.has(.deal) {
            if let deal = sheet.dealText(of: details) { fields.append(deal, to: out) }
            out.append(byte: Byte.comma)
        }
        let regular = details.regularPrice
        if sheet.readsSalePrices {
            if let regular { out.append(decimal: regular) }
            out.append(byte: Byte.comma)
        }
        out.append(unitPrice: entry.unitPrice(decimals: ReportPrecision.unitPrice))
        out.append(byte: Byte.comma)
        if sheet.readsSalePrices {
            if let regular {
                out.append(unitPrice: entry.unitPrice(ofPrice: regular, decimals: ReportPrecision.unitPrice))
            }
            out.append(byte: Byte.comma)
        }
        if sheet.readsCardPrices {
            if let card = details.cardPrice {
                out.append(decimal: card)
                out.append(byte: Byte.comma)
                out.append(unitPrice: entry.unitPrice(ofPrice: card, decimals: ReportPrecision.unitPrice))
            } else {
                out.append(byte: Byte.comma)
            }
            out.append(byte: Byte.comma)
        }
        out.append(per)
        out.append(byte: Byte.comma)
        if entry.showsLess(decimals: ReportPrecision.percent) { out.append(byte: UInt8(ascii: "-")) }
        out.append(fixed: entry.percentMore(decimals: ReportPrecision.percent), scale: ReportPrecision.percent)
        out.append(byte: Byte.comma)
        out.append(entry.flags.names.joined(separator: ";"))
        if report.statedVerdicts != nil {
            out.append(byte: Byte.comma)
            if let stated = report.stated(entry, list: rankedList) {
                out.append(decimal: stated.figure)
                out.append(byte: Byte.comma)
                fields.append(stated.per, to: out)
                out.append(stated.verdict.agrees ? ",true" : ",false")
            } else {
                out.append(",,")
            }
        }
        if report.hasRefinedSizes {
            out.append(byte: Byte.comma)
            if let from = report.refinedFrom(entry) { fields.append("\(from.quantity.text) \(from.unit)", to: out) }
        }
        if options.withSource {
            out.append(byte: Byte.comma)
            fields.append(sheet.files[entry.source.file].shownPath, to: out)
            out.append(byte: Byte.comma)
            out.append(integer: entry.source.line)
        }
        out.append(byte: Byte.lf)
    }

    /// The common row, written in place: name and unit need no quotes or guard and the
    /// rounded numbers fit in 64 bits. Returns false, having written nothing, otherwise.
    @inline(__always)
    private func writePlainRow(_ entry: RankedEntry, list: UnsafeBufferPointer<UInt8>, per: UnsafeBufferPointer<UInt8>,
                               to out: OutputBuffer) -> Bool {
        let name = entry.nameBytes
        let unit = entry.unitBuffer
        guard CSVFieldWriter.isPlain(name), CSVFieldWriter.isPlain(unit),
              let figures = entry.plainFigures(unitPriceDecimals: ReportPrecision.unitPrice, percentDecimals: ReportPrecision.percent)
        else { return false }
        var row = TextCursor(out, room: list.count + name.count + unit.count + per.count + 10 + 5 * DecimalText.maxFixedBytes)
        row.copy(list)
        row.byte(Byte.comma)
        row.integer(UInt64(entry.rank))
        row.byte(Byte.comma)
        row.copy(name)
        row.byte(Byte.comma)
        row.fixed(entry.quantity.significand, scale: entry.quantity.scale)
        row.byte(Byte.comma)
        row.copy(unit)
        row.byte(Byte.comma)
        row.fixed(entry.price.significand, scale: entry.price.scale)
        row.byte(Byte.comma)
        row.unitPrice(figures.unitPrice)
        row.byte(Byte.comma)
        row.copy(per)
        row.byte(Byte.comma)
        row.fixed(figures.percent, scale: ReportPrecision.percent)
        row.byte(Byte.comma)
        row.byte(Byte.lf)
        row.commit(to: out)
        return true
    }
}
