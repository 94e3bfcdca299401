/// Applies Per's rules to each row as it arrives.
///
/// A row is rejected when it cannot be ranked (wrong field count, empty name, a quantity or
/// price that is not a positive decimal, an unknown unit, an empty list name); every problem of
/// the row is named. A list takes the dimension of its first valid row, in input order; a
/// valid row of another dimension is a mismatch. Every other row becomes a product. So every
/// row ends in exactly one of the three, and the counts add up.
public final class Validator: PriceRowSink {
    private let files: [InputFile]
    private let units: UnitTable
    private let numbers: DecimalParser

    private let names = ByteStorage()
    private var lists = ByteInterner()
    private var listDimensions: [Dimension] = []
    private var spellings = ByteInterner()
    /// The unit each spelling names, or -1 when it names none.
    private var spellingUnits: [Int16] = []
    private var products: [Product] = []
    private var mismatches: [Mismatch] = []
    private var rejections: [Rejection] = []
    private var fileCounts: [RowCounts]

    public init(files: [InputFile], units: UnitTable = .standard, numbers: DecimalParser = .plain) {
        self.files = files
        self.units = units
        self.numbers = numbers
        fileCounts = Array(repeating: RowCounts(), count: files.count)
    }

    public func accept(_ row: PriceRow) {
        fileCounts[row.file].rows += 1
        guard row.hasHeaderFieldCount else {
            reject(row, [.fieldCount(found: row.record.count, expected: row.layout.fieldCount)])
            return
        }
        let name = row.name.trimmingBlanks()
        let quantity = numbers.parse(row.quantity)
        let price = numbers.parse(row.price)
        let spelling = spellingID(row.unit.trimmingBlanks())
        let unit = Int(spellingUnits[spelling])
        let listBytes = row.list?.trimmingBlanks()

        guard case .success(let quantityValue) = quantity, !quantityValue.isZero,
              case .success(let priceValue) = price, !priceValue.isZero,
              unit >= 0, !name.isEmpty, name.isValidUTF8,
              listBytes.map({ !$0.isEmpty && $0.isValidUTF8 }) ?? true
        else {
            reject(row, problems(row, name: name, quantity: quantity, price: price, unit: unit, list: listBytes))
            return
        }

        let list = listBytes.map { lists.intern($0) } ?? defaultList(of: row.file)
        let dimension = units[unit].dimension
        if list.isNew { listDimensions.append(dimension) }
        let expected = listDimensions[list.id]
        guard expected == dimension else {
            fileCounts[row.file].mismatched += 1
            mismatches.append(Mismatch(
                list: lists.string(of: list.id),
                name: String(decoding: name, as: UTF8.self),
                unit: spellings.string(of: spelling),
                expected: expected, found: dimension,
                source: row.location, fields: Self.fields(of: row)))
            return
        }

        fileCounts[row.file].ranked += 1
        products.append(Product(
            nameStart: names.append(name), nameLength: UInt32(name.count),
            list: UInt32(list.id), spelling: UInt32(spelling), unit: UInt16(unit),
            quantityScale: UInt8(quantityValue.scale), priceScale: UInt8(priceValue.scale),
            quantitySignificand: quantityValue.significand, priceSignificand: priceValue.significand,
            file: UInt32(row.file), line: row.record.line))
    }

    /// Ends validation and hands over everything it sorted.
    public func finish() -> ValidatedSheet {
        ValidatedSheet(
            files: files, units: units, names: names,
            lists: lists, listDimensions: listDimensions,
            spellings: spellings, products: products,
            mismatches: mismatches, rejections: rejections, fileCounts: fileCounts)
    }

    // MARK: - Helpers

    private func spellingID(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let (id, isNew) = spellings.intern(bytes)
        if isNew {
            let text = String(validating: bytes, as: UTF8.self)
            spellingUnits.append(text.flatMap { units.lookup($0) }.map(Int16.init) ?? -1)
        }
        return id
    }

    private func defaultList(of file: Int) -> (id: Int, isNew: Bool) {
        var name = Array(files[file].defaultListName.utf8)
        return name.withUnsafeMutableBufferPointer { lists.intern(UnsafeBufferPointer($0)) }
    }

    private func reject(_ row: PriceRow, _ problems: [RowProblem]) {
        fileCounts[row.file].rejected += 1
        rejections.append(Rejection(
            reason: problems.map(\.sentence).joined(separator: "; "),
            source: row.location, fields: Self.fields(of: row)))
    }

    private func problems(
        _ row: PriceRow,
        name: UnsafeBufferPointer<UInt8>,
        quantity: Result<ExactDecimal, DecimalParser.Failure>,
        price: Result<ExactDecimal, DecimalParser.Failure>,
        unit: Int,
        list: UnsafeBufferPointer<UInt8>?
    ) -> [RowProblem] {
        var problems: [RowProblem] = []
        if let list, list.isEmpty { problems.append(.emptyList) }
        if let list, !list.isValidUTF8 { problems.append(.listNotUTF8) }
        if name.isEmpty { problems.append(.emptyName) }
        if !name.isValidUTF8 { problems.append(.nameNotUTF8) }
        for (field, result, bytes) in [(RowProblem.Field.quantity, quantity, row.quantity), (.price, price, row.price)] {
            let text = String(decoding: bytes.trimmingBlanks(), as: UTF8.self)
            switch result {
            case .failure(let failure): problems.append(.unparsable(field, text: text, failure: failure))
            case .success(let value) where value.isZero: problems.append(.notPositive(field, text: text))
            case .success: break
            }
        }
        if unit < 0 {
            let text = String(decoding: row.unit.trimmingBlanks(), as: UTF8.self)
            problems.append(text.isEmpty ? .emptyUnit : .unknownUnit(text: text))
        }
        return problems
    }

    private static func fields(of row: PriceRow) -> [[UInt8]] {
        (0..<row.record.count).map { Array(row.record[$0]) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Without leading and trailing spaces and tabs.
    func trimmingBlanks() -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = count
        while start < end, self[start] == Byte.space || self[start] == Byte.tab { start += 1 }
        while end > start, self[end - 1] == Byte.space || self[end - 1] == Byte.tab { end -= 1 }
        if start == 0 && end == count { return self }
        return UnsafeBufferPointer(rebasing: self[start..<end])
    }

    /// Whether the bytes are UTF-8: ASCII is checked eight bytes at a time, the rest by the
    /// standard library's decoder.
    var isValidUTF8: Bool {
        guard let base = baseAddress else { return true }
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                return String(validating: self, as: UTF8.self) != nil
            }
            index += 8
        }
        while index < count {
            if base[index] >= 0x80 { return String(validating: self, as: UTF8.self) != nil }
            index += 1
        }
        return true
    }
}
