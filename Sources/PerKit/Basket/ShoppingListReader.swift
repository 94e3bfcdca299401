/// Reads a shopping list: a CSV file (any delimiter and encoding, as price sheets are read:
/// `FileParser`) whose header names an item column and, per line, a product code (`key`) or
/// words to match (`match`), and optionally an amount (`quantity`, `unit`). Headers are read
/// in any case and without diacritics, with a few synonyms (`ColumnName`).
///
/// A line that cannot be taken (no key and no words, an amount that does not read) is a
/// finding naming its line, and the rest of the list is read; a file that cannot be read at
/// all, or whose header names neither a key nor a match column, is an `InputError`.
public struct ShoppingListReader {
    public var units: UnitTable

    public init(units: UnitTable = .standard) {
        self.units = units
    }

    /// The columns a list may have, each with the header words that name it (folded).
    enum ColumnName: CaseIterable {
        case item, key, match, quantity, unit

        var headers: Set<String> {
            switch self {
            case .item: ["item", "items", "name", "product", "article", "naziv", "artikl", "proizvod", "description"]
            case .key: ["key", "code", "barcode", "ean", "gtin", "upc", "sku", "barkod", "sifra", "product code"]
            case .match: ["match", "words", "search", "find"]
            case .quantity: ["quantity", "amount", "qty", "kolicina", "how much"]
            case .unit: ["unit", "jedinica", "unit of measure"]
            }
        }

        /// The column a header names, if any: one of the names above, else what its words
        /// say as a price sheet's header is read (`Menge`, `količina`, `count`, `Artikel`, `EAN-Code`).
        static func of(_ header: String, units: UnitTable) -> ColumnName? {
            let folded = HeaderWords.fold(header.trimmingSpaces)
            if let named = allCases.first(where: { $0.headers.contains(folded) }) { return named }
            switch HeaderRole(HeaderWords(header, units: units))?.role {
            case .field(.name): return .item
            case .field(.quantity), .field(.count): return .quantity
            case .field(.unit): return .unit
            // A code only when its words name one (`EAN-Code`, `Artikelnummer`): a list's `No` or
            // `ID` column numbers its lines, and would match no product.
            case .code where HeaderWords(header, units: units).words.contains(where: HeaderVocabulary.productCodeWords.contains): return .key
            default: return nil
            }
        }
    }

    public func read(_ file: InputFile, options: SheetOptions = SheetOptions()) throws(InputError) -> ShoppingList {
        let bytes = try file.contents()
        return try read(bytes, file: file, options: options)
    }

    /// The list in `bytes`, read as the file `file`, with the sheets' encoding and delimiter
    /// when `options` names them (`--encoding`, `--delimiter`).
    public func read(_ bytes: [UInt8], file: InputFile, options: SheetOptions = SheetOptions()) throws(InputError) -> ShoppingList {
        var records: [(line: Int, fields: [String])] = []
        var reading = SheetOptions()
        reading.encoding = options.encoding
        reading.delimiter = options.delimiter
        var delimiter = options.delimiter ?? Byte.comma
        do {
            let parser = try FileParser(file: file, options: reading) { record in
                records.append((record.line, record.strings))
            }
            try bytes.withUnsafeBytes { try parser.feed($0) }
            try parser.finish()
            if let format = parser.format { delimiter = format.dialect.delimiter }
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: file.shownPath, .cannotRead(reason: "\(error)"))
        }
        let name = file.messageName
        let nonBlank = records.filter { !$0.fields.allSatisfy { $0.trimmingSpaces.isEmpty } }
        guard let header = nonBlank.first else { throw InputError(file: file.shownPath, .emptyList) }
        var columns: [ColumnName: Int] = [:]
        var unread: [String] = []
        for (index, title) in header.fields.enumerated() {
            guard let column = ColumnName.of(title, units: units) else {
                if !title.trimmingSpaces.isEmpty { unread.append("\"\(title.trimmingSpaces)\"") }
                continue
            }
            if let first = columns[column] {
                throw InputError(file: file.shownPath, line: header.line, .duplicateColumn(name: title, first: first + 1, second: index + 1))
            }
            columns[column] = index
        }
        guard columns[.key] != nil || columns[.match] != nil else {
            throw InputError(file: file.shownPath, line: header.line,
                             .missingColumns(missing: ["key", "match"], found: header.fields,
                                              fix: "a shopping list names each line's product by a key column (its code, with --key) or a match column (words of its name)"))
        }
        var findings: [Diagnostic] = []
        if !unread.isEmpty {
            // Never silently: a column of amounts per does not know would buy one pack a line.
            findings.append(Diagnostic(.note, file: name, line: header.line,
                                       "\(unread.count == 1 ? "column" : "columns") \(unread.joined(separator: ", ")) \(unread.count == 1 ? "is" : "are") not read "
                                       + "(a list reads item, key, match, quantity and unit: rename a column to one of them)"))
        }
        if columns[.item] == nil {
            findings.append(Diagnostic(.note, file: name, line: header.line,
                                       "the list has no item column (item, name or product): each line is named by its key or its words"))
        }
        func cell(_ column: ColumnName, of record: (line: Int, fields: [String])) -> String {
            guard let index = columns[column], index < record.fields.count else { return "" }
            return record.fields[index].trimmingSpaces
        }
        // Amounts are read as a sheet's size column is: a mark the list's amounts show as the
        // decimal one, else the one its delimiter suggests, decides an amount that reads both
        // ways (`1,500 g`); `--decimal-mark` names it.
        let amounts = nonBlank.dropFirst().map { Array(Self.amountText(quantity: cell(.quantity, of: $0), unit: cell(.unit, of: $0)).utf8) }
        var numbers = NumberReader(forced: options.decimalMark)
        if options.decimalMark == nil { numbers.likely = FormatSniffer.likelyMark(in: amounts, reader: numbers, delimiter: delimiter) }
        var lines: [ShoppingLine] = []
        for record in nonBlank.dropFirst() {
            let cell = { (column: ColumnName) -> String in cell(column, of: record) }
            // More fields than the header (`Flour,,flour,1,5 kg`: a decimal comma unquoted) would be
            // read by position, wrongly: said, as a sheet's long row is; one empty field more is a
            // trailing delimiter.
            let extra = record.fields.count - header.fields.count
            if extra > 1 || (extra == 1 && !record.fields.last!.trimmingSpaces.isEmpty) {
                let item = cell(.item).isEmpty ? (cell(.key).isEmpty ? cell(.match) : cell(.key)) : cell(.item)
                findings.append(Diagnostic(.warning, file: name, line: record.line,
                                           "\(Self.quoted(item)): the line has \(record.fields.count) fields but the header has \(header.fields.count): "
                                           + "quote a field that holds the delimiter (\"1,5 kg\"); the line is left out"))
                continue
            }
            let key = cell(.key), words = Self.words(cell(.match))
            let match: ShoppingLine.Match
            if !key.isEmpty {
                match = .key(key)
            } else if !words.isEmpty {
                match = .words(words)
            } else {
                findings.append(Diagnostic(.warning, file: name, line: record.line,
                                           "\(Self.quoted(cell(.item))) has neither a key nor words to match: give one of them; the line is left out"))
                continue
            }
            let item = cell(.item).isEmpty ? (key.isEmpty ? cell(.match) : key) : cell(.item)
            switch amount(quantity: cell(.quantity), unit: cell(.unit), numbers: numbers) {
            case .success(let amount):
                lines.append(ShoppingLine(item: item, line: record.line, match: match, amount: amount))
            case .failure(let problem):
                findings.append(Diagnostic(.warning, file: name, line: record.line, "\(Self.quoted(item)): \(problem.message); the line is left out"))
            }
        }
        if nonBlank.count == 1 {
            findings.append(Diagnostic(.warning, file: name, line: header.line, "the list has a header and no lines: there is nothing to buy"))
        }
        return ShoppingList(file: name, lines: Self.together(lines, file: name, findings: &findings), findings: findings)
    }

    /// Lines that ask for one thing (one key, or the same words) in amounts that add up (of one
    /// dimension, or packs) are one line, bought together, so that a shop's deal counts them
    /// together: two lines `Bread,B1,1 each` at `2 for 3.00` cost 3.00, not 4.00. The first
    /// keeps its place and its item; the later one is said, and is no line of its own.
    static func together(_ lines: [ShoppingLine], file: String, findings: inout [Diagnostic]) -> [ShoppingLine] {
        var merged: [ShoppingLine] = []
        var first: [ShoppingLine.Match: Int] = [:]
        for line in lines {
            let match: ShoppingLine.Match = switch line.match {
            case .key: line.match
            case .words(let words): .words(Set(words).sorted())
            }
            guard let at = first[match] else {
                first[match] = merged.count
                merged.append(line)
                continue
            }
            guard let sum = Self.sum(merged[at].amount, line.amount) else {
                merged.append(line)
                continue
            }
            findings.append(Diagnostic(.note, file: file, line: line.line,
                                       "\(Self.quoted(line.item)) asks for what line \(merged[at].line) (\(Self.quoted(merged[at].item))) asks for: "
                                       + "bought together with it, \(sum.text), so that a deal counts both"))
            merged[at].amount = sum
        }
        return merged
    }

    /// Two lines' amounts together, nil when they do not add up (two dimensions; an amount
    /// beside one pack, unless it counts packs too; past 18 digits). No amount is one pack.
    static func sum(_ a: WantedAmount?, _ b: WantedAmount?) -> WantedAmount? {
        let pack = WantedAmount(text: "1 pack", dimension: .count, base: ExactDecimal(significand: 1, scale: 0), isPacks: true)
        let (a, b) = (a ?? pack, b ?? pack)
        guard a.dimension == b.dimension, a.isPacks == b.isPacks, let base = a.base.plus(b.base) else { return nil }
        let text = a.isPacks ? "\(shortText(base)) packs" : "\(a.text) + \(b.text)"
        return WantedAmount(text: text, dimension: a.dimension, base: base, isPacks: a.isPacks)
    }

    struct AmountProblem: Error {
        var message: String
    }

    /// The amount a line asks for, nil for one pack: a quantity and a unit (`1.5` and `kg`, or
    /// `1.5 kg` in the quantity cell; a decimal comma and digit grouping read as `numbers` reads
    /// them), or a unit alone (one of it).
    func amount(quantity: String, unit: String, numbers: NumberReader = NumberReader(likely: .point)) -> Result<WantedAmount?, AmountProblem> {
        guard !(quantity.isEmpty && unit.isEmpty) else { return .success(nil) }
        let written = Self.amountText(quantity: quantity, unit: unit)
        var text = written.trimmingSpaces
        let number = String(text.prefix { $0.isNumber || $0 == "." || $0 == "," })
        if !number.isEmpty {
            let rest = text.dropFirst(number.count)
            switch Array(number.utf8).withUnsafeBufferPointer({ numbers.read($0) }) {
            case .success(let reading):
                if reading.value.isZero {
                    return .failure(AmountProblem(message: "the amount \(Self.quoted(written)) is zero: write how much to buy, such as 1.5 kg, "
                        + "or no amount for one pack"))
                }
                text = reading.value.text + rest
            case .failure(.ambiguous):
                let ways = [NumberReader.Mark.comma, .point].compactMap { mark in
                    (try? Array(number.utf8).withUnsafeBufferPointer { NumberReader(forced: mark).read($0) }.get()).map { "\(Self.shortText($0.value))\(rest)" }
                }
                return .failure(AmountProblem(message: "the amount \(Self.quoted(written)) reads two ways (\(ways.joined(separator: " or "))): "
                    + "write \(ways.reversed().joined(separator: " or ")) without a thousands mark, or name the decimal mark with --decimal-mark"))
            case .failure:
                break  // said below, as any amount that does not read
            }
        }
        guard let read = units.amount(text) else {
            let leading = written.trimmingSpaces.prefix { $0.isNumber || $0 == "." || $0 == "," }
            if !leading.isEmpty && written.trimmingSpaces.count == leading.count {
                return .failure(AmountProblem(message: "the amount \(Self.quoted(written)) has no unit: write one, such as 1.5 kg, 2 l or 10 each"))
            }
            return .failure(AmountProblem(message: "the amount \(Self.quoted(written)) does not read: write a number and a unit per knows, such as 1.5 kg, 2 l or 10 each (per units lists them)"))
        }
        let definition = units[read.unit]
        guard let base = read.amount.timesExactly(definition.factor) else {
            return .failure(AmountProblem(message: "the amount \(Self.quoted(written)) is too large or too fine to hold exactly"))
        }
        let isPacks = definition.dimension == .count && Self.packWords.contains(UnitTable.normalize(read.writtenUnit))
        return .success(WantedAmount(text: written, dimension: definition.dimension, base: base, isPacks: isPacks))
    }

    /// A value without the zeros its scale keeps (`1.5`, not `1.500`).
    static func shortText(_ value: ExactDecimal) -> String {
        let text = value.text
        guard text.contains(".") else { return text }
        let trimmed = text.reversed().drop { $0 == "0" }.drop { $0 == "." }
        return String(trimmed.reversed())
    }

    /// A line's amount as one text: `1.5 kg` from `1.5` and `kg`, or the cell that has one.
    static func amountText(quantity: String, unit: String) -> String {
        unit.isEmpty ? quantity : (quantity.isEmpty ? unit : "\(quantity) \(unit)")
    }

    /// Units that count packs, not items: `2 packs` of eggs sold by ten is two boxes.
    static let packWords: Set<String> = ["pack", "packs", "pk", "pkg", "package", "packages", "pakiranje", "pakiranja", "packung", "packungen"]

    /// The words of a match cell, folded: lower case, no diacritics, split at anything that
    /// is not a letter or a digit.
    static func words(_ text: String) -> [String] {
        BasketWords.words(of: text)
    }

    /// A list's text in a message, as a row's values are shown (`RowProblem.quote`).
    static func quoted(_ text: String) -> String { RowProblem.quote(text) }
}
