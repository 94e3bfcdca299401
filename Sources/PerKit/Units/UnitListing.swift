/// The unit table as text, for `per units`: one line per unit with its exact size and every
/// spelling accepted for it in this table.
public enum UnitListing {
    public static func text(_ table: UnitTable) -> String {
        let header = ["unit", "dimension", "size", "name", "also written"]
        let rows = table.units.indices.map { position in
            let unit = table[position]
            return [unit.symbol, unit.dimension.rawValue, "\(unit.factor.text) \(unit.dimension.baseSymbol)", unit.name,
                    table.spellings(of: position).dropFirst().joined(separator: ", ")]
        }
        let widths = (0..<header.count - 1).map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (column, cell) in cells.enumerated() {
                if column < widths.count {
                    text += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                } else {
                    text += cell
                }
            }
            return text
        }
        var lines = [line(header)]
        lines += rows.map(line)
        lines.append("")
        lines.append("Spellings match ignoring case, dots and spaces (\"Fl. Oz.\" is \"fl oz\"). gr is the gram, not the grain.")
        lines.append("fl oz, pint, quart and gallon without US or imp are \(table.volumeSystem == .us ? "US" : "imperial") units"
                     + " (--volume-system \(table.volumeSystem == .us ? "imperial" : "us") for the other).")
        lines.append("Reports show unit prices per kg (mass), per l (volume) and per each (count), or per --per.")
        return lines.joined(separator: "\n") + "\n"
    }
}
