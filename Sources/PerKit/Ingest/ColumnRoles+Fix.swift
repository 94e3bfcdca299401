/// What a refused file's message suggests.
extension ColumnRoles {
    /// For a file still refused: the one option that reads it, and the columns that came closest.
    static func fix(for missing: [ColumnLayout.Field], header: [String], readings: [ColumnReading], profiles: [ColumnValues]?,
                    records: [[[UInt8]]], chosen: [ColumnLayout.Field: Int], units: UnitTable, numbers: NumberReader) -> String? {
        guard let field = missing.first else { return nil }
        if field == .quantity, let name = chosen[.name], !records.isEmpty {
            let sized = namesEndingInSizes(records, name: name, reader: SizeReader(numbers: numbers), units: units)
            if sized > 0 {
                return "\(sized) of the first \(records.count) names end in a size: --size-from-name reads each row's size from there"
            }
        }
        guard let profiles else { return nil }
        func score(_ index: Int) -> Int {
            let values = profiles[index]
            switch field {
            case .name: return values.percent(values.texts)
            case .quantity: return values.percent(values.sizes + values.numbers - values.decimals / 2)
            default: return values.percent(values.decimals)
            }
        }
        let closest = header.indices.filter { readings[$0].role == .unused && score($0) > 0 && !header[$0].trimmingSpaces.isEmpty }
            .sorted { score($0) > score($1) }.prefix(2)
        guard let first = closest.first else { return nil }
        return "the closest \(closest.count == 1 ? "is" : "are") " + closest.map { "\"\(header[$0].trimmingSpaces)\"" }.joined(separator: " and ")
            + ": --column \(field.rawValue)=\(FormatSniffer.shellWord(header[first].trimmingSpaces)) reads it as the \(field.rawValue)"
    }
}
