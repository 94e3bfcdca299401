/// Applies Per's rules to each row as it arrives.
///
/// A row is rejected when it cannot be ranked (wrong field count, empty name, a quantity or
/// price that is not a positive decimal, an unknown unit, an empty list name); every problem of
/// the row is named. A list takes the dimension of its first valid row, in input order, and the
/// currency of its first row that states one; a valid row of another dimension or currency is a
/// mismatch (with `splitDimensions`, rows of another dimension go to a list of their own
/// instead). Every other row becomes a product. So every row ends in exactly one of the three,
/// and the counts add up.
public final class Validator: CheckedRowSink {
    private let files: [InputFile]
    /// Each file's own list name, for files without a list column, as bytes (made once, not per row).
    private let defaultLists: [[UInt8]]
    private let units: UnitTable
    /// Each unit's dimension, by unit index (a `UnitDefinition` is too big to copy per row).
    private let dimensions: [Dimension]
    private let sizeFromName: Bool
    private let splitDimensions: Bool
    private let limits: RunLimits

    private let names = ByteStorage()
    /// List names as written (or the file's name), before any split by dimension.
    private var listNames = ByteInterner()
    private var lists: [ValidatedSheet.List] = []
    /// The list each interned name (times 4, plus the dimension when splitting) stands for, or -1.
    private var listForName: [Int32] = []
    private var spellings: UnitSpellings
    private var products = GrowableBuffer<Product>()
    private var frozenProducts: FrozenBuffer<Product>?
    private var mismatches: [Mismatch] = []
    private var rejections: [Rejection] = []
    private var fileCounts: [RowCounts]
    private var headers: [[String]?]
    private var sizes: [SizeReader?]
    private var prices: [NumberReader?]
    /// While taking checked rows: the segment's list keys and spellings as the run's ids, or -1.
    private var segmentLists: [Int32] = []
    private var segmentSpellings: [Int32] = []
    /// Products made from rows checked on a parsing thread: for tests.
    private(set) var checkedProducts = 0

    public init(files: [InputFile], options: SheetOptions = SheetOptions()) {
        self.files = files
        defaultLists = files.map { Array($0.defaultListName.utf8) }
        units = options.units
        spellings = UnitSpellings(units: options.units)
        dimensions = options.units.units.map(\.dimension)
        sizeFromName = options.sizeFromName
        splitDimensions = options.splitDimensions
        limits = options.runLimits
        fileCounts = Array(repeating: RowCounts(), count: files.count)
        // Room for as many products as the files could hold (a row takes at least 24 bytes in
        // practice): reserved, not touched, so it costs address space, not memory, and the
        // array never copies itself while growing.
        let bytes = files.reduce(0) { total, file in total + (file.size ?? 0) }
        products.reserve(min(bytes / 24, options.runLimits.maxProducts))
        headers = Array(repeating: nil, count: files.count)
        sizes = Array(repeating: nil, count: files.count)
        prices = Array(repeating: nil, count: files.count)
    }

    deinit { products.deallocate() }

    public func begin(file: Int, format: SheetFormat, header: [String]) {
        headers[file] = header
        sizes[file] = format.sizeReader
        prices[file] = format.priceNumbers
    }

    public func accept(_ row: PriceRow) throws {
        if products.count >= limits.maxProducts { throw limit(row, "ranked products", limits.maxProducts) }
        if mismatches.count + rejections.count >= limits.maxFindings { throw limit(row, "mismatched or rejected rows", limits.maxFindings) }
        fileCounts[row.file].rows += 1
        guard row.hasHeaderFieldCount else {
            reject(row, [.fieldCount(found: row.record.count, expected: row.layout.fieldCount)])
            return
        }
        let reading = RowReading(row, sizes: sizes[row.file] ?? SizeReader(numbers: .plain), prices: prices[row.file] ?? .plain)
        let spelling = reading.unit.map { spellings.id($0) } ?? -1
        let unit = spelling >= 0 ? spellings.unit(of: spelling) : -1
        guard let (quantity, priceValue) = reading.rankable(unit: unit) else {
            reject(row, problems(row, reading, unit: unit))
            return
        }

        let dimension = dimensions[unit]
        let name = reading.name
        guard let list = listID(named: reading.list, file: row.file, dimension: dimension, currency: priceValue.currency) else {
            throw limit(row, "lists", limits.maxLists)
        }
        if case let expected = lists[list].dimension, expected != dimension {
            mismatch(row, list: list, name: name, spelling: spelling, kind: .dimension(expected: expected, found: dimension))
            return
        }
        if let found = priceValue.currency {
            if let expected = lists[list].currency, expected != found {
                mismatch(row, list: list, name: name, spelling: spelling, kind: .currency(expected: expected, found: found))
                return
            }
            lists[list].currency = found
        }

        fileCounts[row.file].ranked += 1
        guard row.record.line <= RunLimits.maxLine else { throw limit(row, "lines in one file", RunLimits.maxLine) }
        products.append(Product(nameStart: names.append(name), nameLength: name.count, quantity: quantity, price: priceValue.value,
                                list: list, spelling: spelling, line: row.record.line, file: row.file, unit: unit))
    }

    /// What the parsing threads check this file's rows with: what `begin` reads them with.
    func rowChecker(file: Int, format: SheetFormat, layout: ColumnLayout) -> RowChecker {
        RowChecker(file: file, layout: layout, sizes: format.sizeReader, prices: format.priceNumbers, defaultList: defaultLists[file])
    }

    /// Takes a segment's records as checked on a parsing thread, in order: each checked row
    /// becomes a product as `accept` would make it, unless its list, a limit or its line says
    /// otherwise; then `other` takes its record, as it takes every record that was not checked.
    func accept(_ checked: CheckedRows, lineBase: Int, other: (Int) throws -> Void) throws {
        segmentLists.removeAll(keepingCapacity: true)
        segmentLists.append(contentsOf: repeatElement(-1, count: checked.lists.count * (splitDimensions ? 4 : 1)))
        segmentSpellings.removeAll(keepingCapacity: true)
        segmentSpellings.append(contentsOf: repeatElement(-1, count: checked.spellings.count))
        // The names of products taken, copied in runs: a run ends at a row taken otherwise
        // (which may store a name of its own), and a row that is not taken leaves its name out.
        var names = CheckedNames(checked.names.buffer, into: self.names)
        func takeOther(_ position: Int) throws {
            names.flush()
            try other(position)
        }
        let rows = checked.rows.buffer
        let others = checked.others.buffer
        var position = 0
        var next = 0
        for index in 0...others.count {
            let end = index < others.count ? Int(others[index]) : checked.recordCount
            while position < end {
                if take(rows[next], of: checked, names: &names, lineBase: lineBase) {
                    checkedProducts += 1
                } else {
                    try takeOther(position)
                }
                next += 1
                position += 1
            }
            if index < others.count {
                try takeOther(end)
                position += 1
            }
        }
        names.flush()
    }

    /// A checked row as a product, when the rows before it leave it one; false otherwise, with
    /// nothing changed.
    @inline(__always)
    private func take(_ row: CheckedRows.Row, of checked: CheckedRows, names: inout CheckedNames, lineBase: Int) -> Bool {
        var product = row.product
        let line = Int(product.line) + lineBase
        guard products.count < limits.maxProducts, mismatches.count + rejections.count < limits.maxFindings,
              line <= RunLimits.maxLine else { return false }
        let file = Int(product.file)
        let dimension = dimensions[Int(product.unit)]
        let key = splitDimensions ? Int(product.list) * 4 + dimension.ordinal : Int(product.list)
        var list = Int(segmentLists[key])
        if list < 0 {
            guard let id = listID(named: checked.lists.buffer(of: Int(product.list)), file: file, dimension: dimension,
                                  currency: row.currency) else { return false }
            list = id
            segmentLists[key] = Int32(id)
        }
        guard lists[list].dimension == dimension else { return false }
        if let found = row.currency {
            if let expected = lists[list].currency, expected != found { return false }
            lists[list].currency = found
        }
        var spelling = Int(segmentSpellings[Int(product.spelling)])
        if spelling < 0 {
            spelling = spellings.id(checked.spellings.bytes(of: Int(product.spelling)))
            segmentSpellings[Int(product.spelling)] = Int32(spelling)
        }
        fileCounts[file].rows += 1
        fileCounts[file].ranked += 1
        product.nameStart = names.take(from: product.nameStart, count: Int(product.nameLength))
        product.list = UInt32(list)
        product.spelling = UInt32(spelling)
        product.line = UInt32(line)
        products.append(product)
        return true
    }

    /// Rows taken so far, for progress.
    public var rowsSoFar: Int { fileCounts.reduce(0) { $0 + $1.rows } }

    /// Ends validation and hands over everything it sorted.
    public func finish() -> ValidatedSheet {
        // The products' memory goes to the sheet, once; rows are not taken after this.
        let frozen = frozenProducts ?? FrozenBuffer(products)
        frozenProducts = frozen
        products = GrowableBuffer()
        return ValidatedSheet(
            files: files, headers: headers, units: units, factors: units.units.map(\.factor), names: names, lists: lists,
            spellings: spellings.interner, products: frozen,
            mismatches: mismatches, rejections: rejections, fileCounts: fileCounts)
    }

    private func limit(_ row: PriceRow, _ what: String, _ limit: Int) -> InputError {
        InputError(file: files[row.file].path, line: row.record.line, .limit(what: what, limit: limit))
    }

    // MARK: - Lists and units

    /// The list a row goes to, created with the row's dimension and currency when new; nil when
    /// a new list would pass the limit.
    private func listID(named bytes: UnsafeBufferPointer<UInt8>?, file: Int, dimension: Dimension, currency: Currency?) -> Int? {
        let named: (id: Int, isNew: Bool)
        if let bytes {
            named = listNames.intern(bytes)
        } else {
            named = defaultLists[file].withUnsafeBufferPointer { listNames.intern($0) }
        }
        let key = splitDimensions ? named.id * 4 + dimension.ordinal : named.id
        if key < listForName.count, listForName[key] >= 0 { return Int(listForName[key]) }
        guard lists.count < limits.maxLists else { return nil }
        let name = listNames.string(of: named.id)
        lists.append(ValidatedSheet.List(
            name: splitDimensions ? "\(name) (\(dimension.rawValue))" : name, dimension: dimension, currency: currency))
        if key >= listForName.count {
            listForName.append(contentsOf: repeatElement(-1, count: key + 4 - listForName.count))
        }
        listForName[key] = Int32(lists.count - 1)
        return lists.count - 1
    }

    // MARK: - Findings

    private func mismatch(_ row: PriceRow, list: Int, name: UnsafeBufferPointer<UInt8>, spelling: Int, kind: Mismatch.Kind) {
        fileCounts[row.file].mismatched += 1
        mismatches.append(Mismatch(
            list: lists[list].name, name: String(decoding: name, as: UTF8.self),
            unit: spellings.string(of: spelling), kind: kind,
            source: row.location, fields: Self.fields(of: row)))
    }

    private func reject(_ row: PriceRow, _ problems: [RowProblem]) {
        fileCounts[row.file].rejected += 1
        rejections.append(Rejection(
            reason: problems.map(\.sentence).joined(separator: "; "),
            source: row.location, fields: Self.fields(of: row)))
    }

    private func problems(_ row: PriceRow, _ reading: RowReading, unit: Int) -> [RowProblem] {
        let (name, size, price, unitBytes, list) = (reading.name, reading.size, reading.price, reading.unit, reading.list)
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { RowProblem.text(bytes.trimmingSpaces()) }
        var problems: [RowProblem] = []
        if let list, list.isEmpty { problems.append(.emptyList) }
        if let list, !list.isValidUTF8 { problems.append(.listNotUTF8) }
        if name.isEmpty { problems.append(.emptyName) }
        if !name.isValidUTF8 { problems.append(.nameNotUTF8) }

        // With sizes from the names (`--size-from-name`) the quantity is what the name ends with.
        let quantityText = row.quantity.map(text) ?? text(name)
        let unitText = unitBytes.map(text) ?? ""
        var unitInSize = false
        switch size {
        case .failure(.noSize):
            if !name.isEmpty { problems.append(.noSizeInName) }
        case .failure(.number(let failure)):
            problems.append(.number(.quantity, text: quantityText, failure: failure))
        case .success(let value) where row.quantity == nil:
            // The size at the end of the name: say what is wrong with it, once.
            unitInSize = true
            if unit < 0 {
                problems.append(.unknownUnitInName(unit: unitText))
            } else if value.quantity.isZero {
                problems.append(.zeroSizeInName)
            }
        case .success(let value):
            unitInSize = value.unit != nil
            if value.quantity.isZero { problems.append(.notPositive(.quantity, text: quantityText)) }
            if unit < 0 && unitInSize {
                problems.append(.unknownUnitInQuantity(unit: unitText, quantity: quantityText))
            } else if unit < 0 && row.layout.unit == nil {
                problems.append(.noUnit(quantity: quantityText))
            }
        }
        if unit < 0 && !unitInSize && row.layout.unit != nil {
            problems.append(unitText.isEmpty ? .emptyUnit : .unknownUnit(text: unitText))
        }
        switch price {
        case .failure(let failure): problems.append(.number(.price, text: text(row.price), failure: failure))
        case .success(let value) where value.value.isZero: problems.append(.notPositive(.price, text: text(row.price)))
        case .success: break
        }
        return problems
    }

    private static func fields(of row: PriceRow) -> [[UInt8]] {
        (0..<row.record.count).map { Array(row.record[$0]) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Without the apostrophe that per's CSV output puts before a leading `=`, `+`, `-` or `@`
    /// (so that spreadsheets do not run it as a formula), so that a rejects file read back in
    /// gives the names as they were. Before a signed number (`'-2`) the apostrophe is the
    /// name's own: per's output never guards one.
    func withoutFormulaGuard() -> UnsafeBufferPointer<UInt8> {
        guard count >= 2, self[0] == UInt8(ascii: "'"), CSVFieldWriter.startsFormula(self[1]) && self[1] != Byte.tab && self[1] != Byte.cr else { return self }
        let rest = UnsafeBufferPointer(rebasing: self[1...])
        return CSVFieldWriter.isSignedNumber(rest) ? self : rest
    }

    /// Without leading and trailing spaces, tabs, no-break and narrow no-break spaces.
    func trimmingSpaces() -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = count
        NumberReader.trim(self, &start, &end)
        if start == 0 && end == count { return self }
        return UnsafeBufferPointer(rebasing: self[start..<end])
    }

    /// Whether the bytes are UTF-8: ASCII is checked eight bytes at a time, the rest by the
    /// standard library's UTF-8 parser (which, unlike `String(validating:)`, allocates nothing).
    var isValidUTF8: Bool {
        guard let base = baseAddress, count > 0 else { return true }
        let raw = UnsafeRawPointer(base)
        // All ASCII (nearly always): the high bits of every byte, or-ed eight at a time, the
        // last eight overlapping the ones before.
        var high: UInt64 = 0
        if count >= 8 {
            var offset = 0
            while offset + 8 <= count {
                high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            high |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        } else {
            for index in 0..<count { high |= UInt64(base[index]) }
        }
        if high & 0x8080_8080_8080_8080 == 0 { return true }
        // Two-byte sequences (é, ñ, č: most non-ASCII text in price lists) checked here: a lead
        // byte C2-DF and one continuation byte is exactly the valid two-byte range. Anything
        // else goes to the standard library's parser from there on.
        var index = 0
        while index < count {
            let byte = base[index]
            if byte < 0x80 {
                index += 1
            } else if byte >= 0xC2 && byte <= 0xDF {
                guard index + 1 < count, base[index + 1] & 0xC0 == 0x80 else { return false }
                index += 2
            } else {
                break
            }
        }
        guard index < count else { return true }
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = UnsafeBufferPointer(rebasing: self[index...]).makeIterator()
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
