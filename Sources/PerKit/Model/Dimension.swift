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

    /// 0, 1, 2 in the order above.
    var ordinal: Int {
        switch self {
        case .mass: 0
        case .volume: 1
        case .count: 2
        }
    }

    public static func < (lhs: Dimension, rhs: Dimension) -> Bool {
        lhs.ordinal < rhs.ordinal
    }
}
