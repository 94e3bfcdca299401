/// What a product is measured in. Per's rule: a list holds products of one dimension only.
public enum Dimension: String, CaseIterable, Sendable, Comparable {
    case mass
    case volume
    case count

    /// The unit every factor of this dimension is expressed in.
    public var baseSymbol: String {
        switch self {
        case .mass: "g"
        case .volume: "ml"
        case .count: "each"
        }
    }

    public static func < (lhs: Dimension, rhs: Dimension) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
