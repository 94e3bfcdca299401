/// Finds a file's delimiter and decimal marks from its first bytes.
enum FormatSniffer {
    static let delimiters: [UInt8] = [Byte.comma, Byte.semicolon, Byte.tab, Byte.pipe]

    /// The candidate that occurs most often outside quotes in the header line, the first line
    /// with something besides candidates, quotes and blanks (lines before it, empty, `,,,` or
    /// `""`, are no records to the reader either: `CSVRecord.isBlank`); ties go to the earlier
    /// candidate, and a line with none of them (one column) to the comma.
    static func delimiter(in head: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if let declared = declaredDelimiter(in: head) { return declared }
        var counts = [Int](repeating: 0, count: delimiters.count)
        var quoted = false
        var content = false
        var titles = 0
        var index = 0
        while index < head.count {
            let byte = head[index]
            index += 1
            if byte == Byte.quote { quoted.toggle(); continue }
            if !quoted && (byte == Byte.lf || byte == Byte.cr) {
                // A line of text with no candidate is a title above the header: the next line
                // says (a few at most).
                if content && (counts.contains { $0 > 0 } || titles >= 3) { break }
                if content { titles += 1 }
                content = false
                counts = [Int](repeating: 0, count: delimiters.count)
                continue
            }
            if !quoted, let candidate = delimiters.firstIndex(of: byte) {
                counts[candidate] += 1
            } else if case let width = NumberReader.blankWidth(head, at: index - 1, end: head.count), width > 0 {
                index += width - 1
            } else {
                content = true
            }
        }
        let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
        return counts[best] > 0 ? delimiters[best] : Byte.comma
    }

    /// The delimiter Excel's first line `sep=;` declares, if the file has one.
    static func declaredDelimiter(in head: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard head.count >= 5, head[0] | 0x20 == UInt8(ascii: "s"), head[1] | 0x20 == UInt8(ascii: "e"),
              head[2] | 0x20 == UInt8(ascii: "p"), head[3] == UInt8(ascii: "="),
              head.count == 5 || head[5] == Byte.lf || head[5] == Byte.cr else { return nil }
        let declared = head[4]
        return declared == Byte.lf || declared == Byte.cr || declared == Byte.quote ? nil : declared
    }

    /// The decimal mark for a column's values that read either way (`1,234`): the mark its
    /// other values show when they agree; none when they show both; what the delimiter
    /// suggests when they show neither.
    static func likelyMark(in values: [[UInt8]], reader: NumberReader, delimiter: UInt8) -> NumberReader.Mark? {
        var seen = Set<NumberReader.Mark>()
        for value in values {
            value.withUnsafeBufferPointer { value in
                if case .success(let reading) = reader.read(value), let evidence = reading.evidence {
                    seen.insert(evidence)
                } else if let evidence = SizeReader(numbers: reader).evidence(in: value) {
                    seen.insert(evidence)
                }
            }
        }
        return seen.isEmpty ? mark(for: delimiter) : (seen.count == 1 ? seen.first : nil)
    }

    /// What a delimiter suggests when the values do not say: a comma-separated file writes
    /// decimal points, a semicolon-separated one decimal commas.
    static func mark(for delimiter: UInt8) -> NumberReader.Mark? {
        switch delimiter {
        case Byte.comma: .point
        case Byte.semicolon: .comma
        default: nil
        }
    }
}

extension FormatSniffer {
    /// How much of a file's start is read before its format is decided.
    static var window: Int { FileParser.sniffWindow }

    /// The file's format from its first bytes: the delimiter from the header line, each
    /// numeric column's decimal mark from the values of the records that lie whole in the
    /// window, and whether a quantity column counts packs (`quantityCountsPacks`).
    ///
    /// `head` is the file's first bytes (after a byte-order mark): all of it, or more than
    /// `window` bytes. Only the first `window` bytes are looked at; the file is taken to end
    /// within them when `head` is no longer.
    static func sniff(_ head: UnsafeBufferPointer<UInt8>, options: SheetOptions, file: InputFile? = nil) -> SheetFormat {
        let window = UnsafeBufferPointer(rebasing: head.prefix(Self.window))
        let delimiter = options.delimiter ?? Self.delimiter(in: window)
        let mark = options.decimalMark
        var dialect = CSVDialect(delimiter: delimiter, escape: options.escape ?? .doubled)
        var note: String?
        if options.escape == nil, BackslashEscapes.isDialect(of: window, dialect: dialect, limits: options.limits) {
            dialect.escape = .backslash
            note = "quotes inside quoted fields are written \\\" (as MySQL and PHP export): read as quotes "
                + "(--escape double reads them as RFC 4180 does)"
        }
        var format = SheetFormat(
            dialect: dialect, quantityNumbers: NumberReader(forced: mark),
            priceNumbers: NumberReader(forced: mark, allowsCurrency: true), countNumbers: NumberReader(forced: mark),
            packPriceNumbers: NumberReader(forced: mark, allowsCurrency: true),
            salePriceNumbers: NumberReader(forced: mark, allowsCurrency: true),
            statedPriceNumbers: NumberReader(forced: mark, allowsCurrency: true), columns: options.columns,
            sizeFromName: options.sizeFromName, note: note, encodingFound: options.encodingFound)
        if mark == nil {
            let fallback = Self.mark(for: delimiter)
            format.quantityNumbers.likely = fallback
            format.priceNumbers.likely = fallback
            format.countNumbers.likely = fallback
            format.packPriceNumbers.likely = fallback
            format.salePriceNumbers.likely = fallback
            format.statedPriceNumbers.likely = fallback
        }
        // The header, then the records in the window.
        var heading: [String]?
        var records: [[[UInt8]]] = []
        // The first records again, packed as rows are (`RecordBatch`): what readings are scored on.
        var sample = RecordBatch()
        // The first record too, packed, in case it is a row (`FirstRecord`).
        let first = RecordBatch()
        var title: [String]?
        let reader = CSVReader(dialect: format.dialect, limits: options.limits) { record in
            // A record of empty fields is no row and no header, as `HeaderFinder` reads the file.
            if record.isBlank || HeaderFinder.isDelimiterLine(record, lineBase: 0) { return }
            if heading == nil {
                // Titles above the header, as `HeaderFinder` passes them: the header is the first
                // record of several fields after them.
                if HeaderFinder.isTitle(record) {
                    if title == nil { title = record.strings }
                    return
                }
                heading = record.strings
                first.append(record)
            } else if let heading, Self.repeats(heading, record) {
                return  // the header again (files joined with `cat`): no values to go by
            } else {
                records.append((0..<record.count).map { Array(record[$0]) })
                if sample.count < ColumnValues.sampleLimit { sample.append(record) }
            }
        }
        let translator = dialect.escape == .backslash ? BackslashEscapes(dialect: dialect) : nil
        try? reader.feed(UnsafeRawBufferPointer(translator?.translate(window) ?? window))
        // A record the window cuts short is never delivered (a record ends at its line break),
        // so every value seen is whole; the last record counts only when the file ends here.
        if window.count == head.count {
            if let translator { try? reader.feed(UnsafeRawBufferPointer(translator.finish())) }
            try? reader.finish()
        }
        // Only titles: the first is the header, as before.
        if heading == nil, let title { heading = title }
        guard let firstRecord = heading else { return format }
        // A file without a header: its first record is its first row, its columns named by number.
        let firstRecordIsRow = FirstRecord.isRow(firstRecord, records: records, options: options)
        var header = firstRecord
        if firstRecordIsRow, first.count == 1 {
            header = FirstRecord.columnNames(count: firstRecord.count)
            records.insert(firstRecord.map { Array($0.utf8) }, at: 0)
            let rows = RecordBatch()
            rows.append(first.record(at: 0))
            for index in 0..<min(sample.count, ColumnValues.sampleLimit - 1) { rows.append(sample.record(at: index)) }
            sample = rows
            format.note = (format.note.map { $0 + "; " } ?? "")
                + "the first line is a row, not a header (its cells are like the rows' below): columns are named column 1 to column \(header.count)"
        }
        // Which column is which, from the header and the records: decided here once, and taken
        // by `HeaderFinder` when it finds the same header.
        let fallbackSizes = NumberReader(forced: mark, likely: mark == nil ? Self.mark(for: delimiter) : nil)
        var planned = options
        planned.columns = format.columns
        let roles: ColumnRoles
        do {
            let base = format
            var found = try ReadingChooser.choose(header: header, records: records, sample: sample, options: planned,
                                                  quantityNumbers: fallbackSizes, file: "", line: 1,
                                                  keepsHeader: { Self.quantityCountsPacks($0.layout, header: header, records: records, format: base,
                                                                                          options: options) != nil }) { roles in
                guard let file else { return nil }
                return SheetFile(index: 0, input: file, format: Self.withMarks(base, layout: roles.layout, records: records, options: options),
                                 layout: roles.layout, header: header, roles: roles)
            }
            if let counted = quantityCountsPacks(found.layout, header: header, records: records, format: format, options: options) {
                format.columns[.count] = counted
                format.sizeFromName = true
                planned.columns = format.columns
                planned.sizeFromName = true
                found = try ColumnRoles(header: header, records: records, options: planned, quantityNumbers: fallbackSizes, file: "", line: 1)
                if let column = found.layout.count { found.sayCountsPacks(column) }
                let units = found.layout.unit == nil ? "and the file has no unit column" : "(and weighed amounts, with the unit column's units)"
                format.note = (format.note.map { $0 + "; " } ?? "") + "\"\(counted)\" holds whole numbers \(units): read as how many packs each row "
                    + "bought, each pack's size from the end of its name (as --column count=\(Self.shellWord(counted)) "
                    + "--size-from-name would); --column quantity=\(Self.shellWord(counted)) reads it as sizes instead"
                    + Self.priceReading(found.layout, header: header, mapped: options.columns)
                    + (options.listFromName ? "" : "; --list-from-name ranks each product (its name without its size) on its own")
            }
            roles = found
        } catch {
            format.plan = SheetFormat.Plan(header: firstRecord, roles: .failure(error.problem), firstRecordIsRow: firstRecordIsRow)
            return format
        }
        format.plan = SheetFormat.Plan(header: firstRecord, roles: .success(roles), firstRecordIsRow: firstRecordIsRow)
        return Self.withMarks(format, layout: roles.layout, records: records, options: options)
    }

    /// The format with each read column's decimal mark as its values in `records` show it (and
    /// the delimiter suggests), unless the user named one.
    static func withMarks(_ format: SheetFormat, layout: ColumnLayout, records: [[[UInt8]]], options: SheetOptions) -> SheetFormat {
        var format = format
        guard options.decimalMark == nil else { return format }
        let delimiter = format.dialect.delimiter
        func values(_ column: Int?) -> [[UInt8]] {
            guard let column else { return [] }
            return records.compactMap { column < $0.count ? $0[column] : nil }
        }
        // Sizes read from the names: the names' numbers are the evidence.
        format.quantityNumbers.likely = likelyMark(in: values(layout.quantity ?? layout.name), reader: format.quantityNumbers,
                                                   delimiter: delimiter)
        format.priceNumbers.likely = likelyMark(in: values(layout.price), reader: format.priceNumbers, delimiter: delimiter)
        format.countNumbers.likely = likelyMark(in: values(layout.count), reader: format.countNumbers, delimiter: delimiter)
        format.packPriceNumbers.likely = likelyMark(in: values(layout.packPrice), reader: format.packPriceNumbers,
                                                    delimiter: delimiter)
        format.salePriceNumbers.likely = likelyMark(in: values(layout.salePrice), reader: format.salePriceNumbers,
                                                    delimiter: delimiter)
        // A stated figure is text around numbers (`1.49 €/kg`): the numbers are the evidence.
        format.statedPriceNumbers.likely = likelyMark(in: values(layout.statedUnitPrice).flatMap(Self.numberRuns),
                                                      reader: format.statedPriceNumbers, delimiter: delimiter)
        return format
    }

    /// Whether a record is the header again, trimmed, in any case, a byte-order mark aside.
    static func repeats(_ header: [String], _ record: CSVRecord) -> Bool {
        guard record.count == header.count else { return false }
        return (0..<record.count).allSatisfy { index in
            var field = record[index]
            if index == 0, field.starts(with: FileParser.utf8ByteOrderMark) { field = UnsafeBufferPointer(rebasing: field.dropFirst(3)) }
            return String(decoding: field, as: UTF8.self).trimmingSpaces.lowercased() == header[index].trimmingSpaces.lowercased()
        }
    }

    /// The runs of digits and marks in a value that start with a digit (`1.49` and `100` of
    /// `1.49 €/100 g`), each alone.
    static func numberRuns(_ value: [UInt8]) -> [[UInt8]] {
        var runs: [[UInt8]] = []
        var run: [UInt8] = []
        for byte in value + [Byte.space] {
            if byte &- 0x30 < 10 || (!run.isEmpty && (byte == UInt8(ascii: ".") || byte == Byte.comma)) {
                run.append(byte)
            } else {
                while let last = run.last, last &- 0x30 >= 10 { run.removeLast() }
                if !run.isEmpty { runs.append(run) }
                run = []
            }
        }
        return runs
    }

    /// The title of a quantity column that counts the packs each row bought rather than their
    /// sizes, or nil. That is so, and only so, when the column was found by its header (not
    /// mapped by the user), the file has no count column, and in the window: every value is a
    /// whole number written with digits only (`2`) or a weighed item's amount (`0.732 kg`, or
    /// `0,834` beside a unit column's `kg`; a unit column is otherwise empty or a count unit); at least one is a whole number, none above 999, fewer
    /// than half equal to the number of the size their names end with (`Milk 500 g` with `500` is a
    /// size without its unit); and at least half the rows with a whole number (deposits, bags and
    /// totals aside: `ReceiptLines`) have names that end in a size of a known unit
    /// (`Whole Milk 1 l`). Without a unit column such a quantity cannot
    /// be a size, and the names say what each pack holds.
    static func quantityCountsPacks(_ layout: ColumnLayout, header: [String], records: [[[UInt8]]], format: SheetFormat,
                                    options: SheetOptions) -> String? {
        guard options.columns[.quantity] == nil, options.columns[.count] == nil, !options.sizeFromName,
              let column = layout.quantity, layout.count == nil, Self.mayCount(header[column], units: options.units) else { return nil }
        let sizes = SizeReader(numbers: NumberReader(forced: options.decimalMark, likely: format.quantityNumbers.likely))
        var counts = 0
        var named = 0
        var equal = 0
        for record in records where column < record.count {
            let value = record[column].withUnsafeBufferPointer { $0.trimmingSpaces().map { $0 } }
            if value.isEmpty { continue }
            // A unit column may say what a weighed row's quantity is (`0,834`, `kg`) and be empty
            // (or a count unit) on the rows that count packs.
            if let unitColumn = layout.unit {
                let unit = unitColumn < record.count ? String(decoding: record[unitColumn], as: UTF8.self).trimmingSpaces : ""
                if !unit.isEmpty {
                    guard let index = options.units.lookup(unit) else { return nil }
                    if options.units[index].dimension != .count {
                        let isNumber = value.withUnsafeBufferPointer { (try? sizes.read($0).get())?.unit == nil }
                        guard isNumber else { return nil }
                        continue
                    }
                }
            }
            if value.allSatisfy({ $0 &- 0x30 < 10 }) {
                guard value.count <= 3 else { return nil }
                guard layout.name < record.count else { continue }
                let name = record[layout.name]
                // A deposit or a bag has no size to end its name with.
                if name.withUnsafeBufferPointer({ ReceiptLines.kind(ofName: $0) }) != nil { continue }
                counts += 1
                let size = name.withUnsafeBufferPointer { name -> (number: [UInt8], known: Bool)? in
                    guard let (size, bounds) = sizes.trailingSizeWithBounds(in: name), let unit = size.unit else { return nil }
                    let spelling = String(decoding: UnsafeBufferPointer(rebasing: name[unit]), as: UTF8.self)
                    return (Array(name[bounds.number]), options.units.lookup(spelling) != nil)
                }
                if let size, size.known {
                    if size.number == value && value != [UInt8(ascii: "1")] { equal += 1 }
                    named += 1
                }
                continue
            }
            guard layout.unit == nil else { return nil }  // a size with its unit beside a unit column
            let sized = value.withUnsafeBufferPointer { value -> Bool in
                guard case .success(let size) = sizes.read(value), let unit = size.unit else { return false }
                return options.units.lookup(String(decoding: UnsafeBufferPointer(rebasing: value[unit]), as: UTF8.self)) != nil
            }
            guard sized else { return nil }
        }
        // Most counts the same number as their size (`Milk 500 g` with `500`): sizes without
        // their unit. A few (`Cheese 200 g` bought 200 times) are counts, flagged row by row.
        guard counts > 0, named * 2 >= counts, equal * 2 < counts else { return nil }
        return header[column].trimmingSpaces
    }

    /// Whether a quantity column's header may name a count of packs as well as a size (`Qty`,
    /// `Menge`, `Količina`): not one that says net, a weight, a content or a size (`Neto
    /// količina`, `Nettoinhalt`, `net_weight_g`), nor one that names a unit.
    static func mayCount(_ title: String, units: UnitTable) -> Bool {
        let words = HeaderWords(title, units: units)
        return words.unit == nil && words.words.contains { countingWords.contains($0) }
            && !words.words.contains { HeaderVocabulary.concepts(of: $0).contains(.net) || sizeWords.contains($0) }
    }

    private static let countingWords: Set<String> = [
        "qty", "quantity", "quant", "kolicina", "kol", "kolic", "menge", "cantidad", "quantite", "quantita", "kiekis", "ilosc",
        "mnozstvi", "mennyiseg", "cantitate", "mangd", "count", "anzahl", "stuck",
    ]
    private static let sizeWords: Set<String> = [
        "size", "weight", "content", "contents", "inhalt", "volume", "gewicht", "grammage", "gramatura", "poids", "peso", "pack",
    ]

    /// For the note on a quantity read as counts: how a price column is read when its title
    /// does not say whether it is the line's total or one pack's price (`price`, `Cijena`).
    static func priceReading(_ layout: ColumnLayout, header: [String], mapped: [ColumnLayout.Field: String]) -> String {
        guard let title = layout.priceMayBeOnePacks(header: header, mapped: mapped) else { return "" }
        return "; \"\(title)\" may be one pack's price or what the row cost: a row of more than one pack is rejected "
            + "until --column pack-price=\(shellWord(title)) or --column price=\(shellWord(title)) says which"
    }

    /// A header as one shell word for a suggested command line: quoted when it holds anything
    /// but letters, digits and `._-`.
    static func shellWord(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0) }
        return plain ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
