/// One unit of our table: how it is written, what it measures and its exact size in the
/// dimension's base unit (grams, millilitres or items).
public struct UnitDefinition: Sendable, Hashable {
    /// The short form used when we print the unit (`kg`, `fl oz`).
    public let symbol: String
    /// A name a person reads (`US fluid ounce`).
    public let name: String
    public let dimension: Dimension
    /// Size in the base unit, exact by definition (1 lb = 453.59237 g).
    public let factor: ExactDecimal
    /// Every other spelling accepted for it, besides `symbol`.
    public let aliases: [String]

    public init(symbol: String, name: String, dimension: Dimension, factor: ExactDecimal, aliases: [String]) {
        self.symbol = symbol
        self.name = name
        self.dimension = dimension
        self.factor = factor
        self.aliases = aliases
    }

    /// The symbol and every alias.
    public var spellings: [String] { [symbol] + aliases }
}
