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
        let trimmed = text.trimmingSpaces
        let amountText = String(trimmed.prefix { $0.isNumber || $0 == "." })
        let unitText = String(trimmed.dropFirst(amountText.count)).trimmingSpaces
        guard let position = units.lookup(unitText) else { return nil }
        let unit = units[position]
        var amount: ExactDecimal = "1"
        if !amountText.isEmpty {
            var bytes = Array(amountText.utf8)
            let reading = bytes.withUnsafeMutableBufferPointer { NumberReader.plain.read(UnsafeBufferPointer($0)) }
            guard case .success(let value) = reading, !value.value.isZero else { return nil }
            amount = value.value
        }
        let (significand, overflow) = amount.significand.multipliedReportingOverflow(by: unit.factor.significand)
        let scale = amount.scale + unit.factor.scale
        guard !overflow, significand < Power10.of(ExactDecimal.maxDigits), scale <= ExactDecimal.maxDigits else { return nil }
        let symbol = amountText.isEmpty ? unitText : "\(amountText) \(unitText)"
        return (ReportBasis(symbol: symbol, factor: ExactDecimal(significand: significand, scale: scale)), unit.dimension)
    }
}
