/// Sizes read from the first records: names that end in sizes, each record's size for the
/// stated unit price's evidence (`StatedEvidence`), and the basis its figures show.
extension ColumnRoles {
    /// How many of the records' names end in a size of a known unit.
    static func namesEndingInSizes(_ records: [[[UInt8]]], name: Int, reader: SizeReader, units: UnitTable) -> Int {
        var count = 0
        for record in records where name < record.count {
            // As the rows are read (`RowRules.Fields`).
            let ends = record[name].withUnsafeBufferPointer { name -> Bool in
                let trimmed = name.trimmingSpaces()
                guard case .success(let size) = reader.trailingSize(in: trimmed), let unit = size.unit, !size.bare else { return false }
                return Self.knownUnit(String(decoding: UnsafeBufferPointer(rebasing: trimmed[unit]), as: UTF8.self), units: units)
            }
            if ends { count += 1 }
        }
        return count
    }

    /// Whether a size's unit as written is one of the table, or starts with one before words that
    /// say what the pack is (`ГР. БЯЛ ХЛЯБ`, as `RowRules.unit(of:)` reads it).
    static func knownUnit(_ text: String, units: UnitTable) -> Bool {
        if units.lookup(text) != nil { return true }
        guard !text.contains(where: \.isNumber) else { return false }
        let first = text.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "," || $0 == "(" || $0 == "-" }).first
        return first.map { units.lookup($0) != nil } ?? false
    }

    /// How a record's size is read for the stated evidence: its quantity cell (or name's end),
    /// with the unit written there, else the unit column's, else the header's; in grams,
    /// millilitres or items.
    static func sizeReader(chosen: [ColumnLayout.Field: Int], header: [HeaderWords], units: UnitTable, numbers: NumberReader,
                           fromNames: Bool) -> ([[UInt8]]) -> (grams: Double, dimension: Dimension)? {
        let reader = SizeReader(numbers: numbers)
        let quantity = fromNames ? nil : chosen[.quantity]
        let name = chosen[.name]
        let unitColumn = chosen[.unit]
        let headerUnit = quantity.flatMap { header[$0].unit }
        return { record in
            // A unit column of whole sizes (Hammer's `units`: `450g`), before it is the size column.
            if quantity == nil, let unitColumn, unitColumn < record.count,
               case let whole? = record[unitColumn].withUnsafeBufferPointer({ cell -> (grams: Double, dimension: Dimension)? in
                   guard case .success(let size) = reader.read(cell.trimmingSpaces()), !size.bare, let range = size.unit,
                         let unit = units.lookup(String(decoding: UnsafeBufferPointer(rebasing: cell.trimmingSpaces()[range]), as: UTF8.self))
                   else { return nil }
                   return (size.quantity.approximately * units[unit].factor.approximately, units[unit].dimension)
               }) {
                return whole
            }
            guard let column = quantity ?? name, column < record.count else { return nil }
            return record[column].withUnsafeBufferPointer { cell -> (grams: Double, dimension: Dimension)? in
                let cell = cell.trimmingSpaces()
                let reading = quantity == nil ? reader.trailingSize(in: cell) : reader.read(cell)
                guard case .success(let size) = reading, !size.bare else { return nil }
                var spelling: String?
                if let unit = size.unit { spelling = String(decoding: UnsafeBufferPointer(rebasing: cell[unit]), as: UTF8.self) }
                if spelling == nil, let headerUnit { spelling = headerUnit }
                if spelling == nil, let unitColumn, unitColumn < record.count { spelling = String(decoding: record[unitColumn], as: UTF8.self) }
                guard let spelling, let unit = units.lookup(spelling.trimmingSpaces) else { return nil }
                return (size.quantity.approximately * units[unit].factor.approximately, units[unit].dimension)
            }
        }
    }

    /// What bare stated figures are per, by dimension, from the evidence: only where it is not
    /// the list's basis already (kg, l, each).
    static func bases(from evidence: StatedEvidence, units: UnitTable) -> ([Dimension: StatedBasis], String?) {
        var bases: [Dimension: StatedBasis] = [:]
        var said: [String] = []
        for dimension in Dimension.allCases {
            guard let multiple = evidence.basis(of: dimension) else { continue }
            let standard = dimension == .count ? 1 : 1000
            guard multiple != standard, let base = units.lookup(dimension.baseSymbol) else { continue }
            bases[dimension] = StatedBasis(amount: ExactDecimal(significand: UInt64(multiple), scale: 0), unit: base)
            said.append("per \(multiple) \(dimension.baseSymbol)")
        }
        return (bases, said.isEmpty ? nil : said.joined(separator: " and ") + ", as its figures show")
    }
}
