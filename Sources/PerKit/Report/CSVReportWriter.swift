/// One row per ranked product, lists in name order, products in rank order:
///
///     list,rank,name,quantity,unit,price,unit_price,per,pct_more
///     Coffee,1,Coffee Beans,500,g,8.99,17.9800,kg,0.0
///
/// LF line ends; `unit_price` has four decimals and `pct_more` one, rounded half up.
struct CSVReportWriter {
    var options: ReportOptions

    func write(_ report: RankedReport, to out: OutputBuffer) throws {
        out.append("list,rank,name,quantity,unit,price,unit_price,per,pct_more")
        if options.withSource { out.append(",source_file,source_line") }
        out.append(byte: Byte.lf)
        try ListBlocks.write(report, to: out) { lists, out in
            try writeLists(report, lists, to: out)
        }
    }

    private func writeLists(_ report: RankedReport, _ indices: Range<Int>, to out: OutputBuffer) throws {
        var fields = CSVFieldWriter()
        // The list and per fields are the same on every row of a list: quoted once per list.
        let listField = OutputBuffer()
        let perField = OutputBuffer()
        for list in report.lists[indices] {
            listField.removeAll()
            fields.append(list.name, to: listField)
            perField.removeAll()
            fields.append(list.basis.symbol, to: perField)
            let listBytes = listField.buffer
            let perBytes = perField.buffer
            for entry in report.entries(of: list) {
                if !options.withSource && writePlainRow(entry, list: listBytes, per: perBytes, to: out) { continue }
                out.append(listBytes)
                out.append(byte: Byte.comma)
                out.append(integer: entry.rank)
                out.append(byte: Byte.comma)
                fields.append(entry.nameBytes, to: out)
                out.append(byte: Byte.comma)
                out.append(decimal: entry.quantity)
                out.append(byte: Byte.comma)
                fields.append(entry.unitBuffer, to: out)
                out.append(byte: Byte.comma)
                out.append(decimal: entry.price)
                out.append(byte: Byte.comma)
                out.append(fixed: entry.unitPrice(decimals: ReportPrecision.unitPrice), scale: ReportPrecision.unitPrice)
                out.append(byte: Byte.comma)
                out.append(perBytes)
                out.append(byte: Byte.comma)
                out.append(fixed: entry.percentMore(decimals: ReportPrecision.percent), scale: ReportPrecision.percent)
                if options.withSource {
                    out.append(byte: Byte.comma)
                    fields.append(report.sheet.files[entry.source.file].path, to: out)
                    out.append(byte: Byte.comma)
                    out.append(integer: entry.source.line)
                }
                out.append(byte: Byte.lf)
                try out.flushIfNeeded()
            }
        }
    }

    /// The common row, written in place: name and unit need no quotes or guard and the
    /// rounded numbers fit in 64 bits. Returns false, having written nothing, otherwise.
    @inline(__always)
    private func writePlainRow(_ entry: RankedEntry, list: UnsafeBufferPointer<UInt8>, per: UnsafeBufferPointer<UInt8>,
                               to out: OutputBuffer) -> Bool {
        let name = entry.nameBytes
        let unit = entry.unitBuffer
        guard CSVFieldWriter.isPlain(name), CSVFieldWriter.isPlain(unit),
              case .small(let unitPrice) = entry.unitPrice(decimals: ReportPrecision.unitPrice), unitPrice >> 64 == 0,
              case .small(let percent) = entry.percentMore(decimals: ReportPrecision.percent), percent >> 64 == 0,
              entry.quantity.scale < 20, entry.price.scale < 20
        else { return false }
        let start = out.space(list.count + name.count + unit.count + per.count + 9 + 20 + 4 * DecimalText.maxFixedBytes)
        var cursor = start
        @inline(__always) func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
            if let base = bytes.baseAddress { cursor.update(from: base, count: bytes.count) }
            cursor += bytes.count
        }
        @inline(__always) func byte(_ value: UInt8) {
            cursor.pointee = value
            cursor += 1
        }
        copy(list)
        byte(Byte.comma)
        cursor = DecimalText.write(UInt64(entry.rank), minimumDigits: 1, at: cursor)
        byte(Byte.comma)
        copy(name)
        byte(Byte.comma)
        cursor = DecimalText.write(entry.quantity.significand, scale: entry.quantity.scale, at: cursor)
        byte(Byte.comma)
        copy(unit)
        byte(Byte.comma)
        cursor = DecimalText.write(entry.price.significand, scale: entry.price.scale, at: cursor)
        byte(Byte.comma)
        cursor = DecimalText.write(UInt64(unitPrice), scale: ReportPrecision.unitPrice, at: cursor)
        byte(Byte.comma)
        copy(per)
        byte(Byte.comma)
        cursor = DecimalText.write(UInt64(percent), scale: ReportPrecision.percent, at: cursor)
        byte(Byte.lf)
        out.commit(cursor - start)
        return true
    }
}
