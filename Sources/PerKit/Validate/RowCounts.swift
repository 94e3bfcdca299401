/// How the rows of a file, or of a run, ended.
/// `rows == ranked + mismatched + rejected + notProducts`, always.
public struct RowCounts: Hashable, Sendable {
    public var rows = 0
    public var ranked = 0
    public var mismatched = 0
    public var rejected = 0
    /// Deposits, bags, totals and discounts (`NotAProduct`).
    public var notProducts = 0

    public init() {}

    public static func + (lhs: RowCounts, rhs: RowCounts) -> RowCounts {
        var sum = lhs
        sum.rows += rhs.rows
        sum.ranked += rhs.ranked
        sum.mismatched += rhs.mismatched
        sum.rejected += rhs.rejected
        sum.notProducts += rhs.notProducts
        return sum
    }
}
