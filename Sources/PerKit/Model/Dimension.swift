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

    /// A list's name with its dimension, as `--split-dimensions` names lists (`Hrana (mass)`).
    public func listName(_ base: String) -> String {
        "\(base) (\(rawValue))"
    }

    /// A list's name without the dimension `--split-dimensions` adds to it (`Hrana (mass)` is
    /// `Hrana`); the name itself when it has none.
    public static func baseName(of list: String) -> String {
        for dimension in allCases where list.hasSuffix(dimension.listName("")) {
            return String(list.dropLast(dimension.listName("").count))
        }
        return list
    }

    public static func < (lhs: Dimension, rhs: Dimension) -> Bool {
        lhs.ordinal < rhs.ordinal
    }
}
