/// How a line went in one shop.
public enum LineOutcome: Hashable, Sendable {
    case bought(LineChoice)
    /// The shop has nothing that covers the line.
    case missing
    /// Its packs are too fine for the amount (`PackSolver.maxStates`): said, not solved. States
    /// nil: its sizes or prices need more digits side by side than the solver holds.
    case beyondBound(states: UInt128?)
    /// The shop sells what the line matches only by another dimension than its amount's (a
    /// drink by the kilogram, as its sheet says).
    case otherDimension([Dimension])

    public var choice: LineChoice? {
        if case .bought(let choice) = self { return choice }
        return nil
    }
}

/// The whole packs a line takes in a shop.
public struct LineChoice: Hashable, Sendable {
    public var packs: [ChosenPacks]
    /// At `BasketAnswer.priceScale`.
    public var price: UInt128
    public var packCount: Int
}

/// Packs of one product in a line's choice: how many singly, how many deals.
public struct ChosenPacks: Hashable, Sendable {
    public var product: ShopProduct
    public var singles: Int
    public var bundles: Int
    /// At `BasketAnswer.priceScale`.
    public var price: UInt128

    /// How many packs in all.
    public var count: Int { singles + bundles * (product.bundle?.count ?? 0) }
}

/// A shop's total for the lines it covers, and the lines it lacks (indices into the list's lines).
public struct ShopTotal: Hashable, Sendable {
    public var shop: Int
    public var total: UInt128
    public var missing: [Int]
    /// Whether it has every line some shop has.
    public var isComplete: Bool
}
