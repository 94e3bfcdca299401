/// The quantity unit prices are shown for: "per kg", "per l", "per each".
public struct ReportBasis: Hashable, Sendable {
    /// How the basis is printed (`kg`).
    public var symbol: String
    /// Its size in the dimension's base unit (1000 for kg in grams).
    public var factor: ExactDecimal

    public init(symbol: String, factor: ExactDecimal) {
        self.symbol = symbol
        self.factor = factor
    }

    /// Per kilogram, per litre, per item.
    public static func standard(for dimension: Dimension) -> ReportBasis {
        switch dimension {
        case .mass: ReportBasis(symbol: "kg", factor: ExactDecimal(significand: 1000, scale: 0))
        case .volume: ReportBasis(symbol: "l", factor: ExactDecimal(significand: 1000, scale: 0))
        case .count: ReportBasis(symbol: "each", factor: ExactDecimal(significand: 1, scale: 0))
        }
    }
}

extension ReportBasis {
    /// Reads a basis a user names (`100g`, `100 ml`, `lb`, `fl oz`): an optional positive
    /// amount and a unit of the table. Returns the basis and its dimension.
    public static func parse(_ text: String, units: UnitTable) -> (basis: ReportBasis, dimension: Dimension)? {
        guard let named = units.amount(text) else { return nil }
        let unit = units[named.unit]
        guard let factor = named.amount.timesExactly(unit.factor) else { return nil }
        // The amount as per writes numbers (`.5` is `0.5`), the unit as the user spelled it.
        let symbol = named.writtenAmount.isEmpty ? named.writtenUnit : "\(named.amount.text) \(named.writtenUnit)"
        return (ReportBasis(symbol: symbol, factor: factor), unit.dimension)
    }
}
