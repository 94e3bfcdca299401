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
        case .mass: ReportBasis(symbol: "kg", factor: "1000")
        case .volume: ReportBasis(symbol: "l", factor: "1000")
        case .count: ReportBasis(symbol: "each", factor: "1")
        }
    }
}
