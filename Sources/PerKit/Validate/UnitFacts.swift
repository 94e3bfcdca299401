/// What the rules read of each unit, by unit index: worked out once per run, not per batch.
struct UnitFacts {
    let factors: [ExactDecimal]
    let dimensions: [Dimension]
    /// Each unit's size in items for a unit that counts items, nil for mass and volume.
    let itemsPerUnit: [ExactDecimal?]

    init(_ units: UnitTable) {
        factors = units.units.map(\.factor)
        dimensions = units.units.map(\.dimension)
        itemsPerUnit = units.units.map { $0.dimension == .count ? $0.factor : nil }
    }
}
