/// A valid row whose unit measures another dimension than its list's: Per's units-mismatch
/// error, reported and never ranked.
public struct Mismatch: Hashable, Sendable {
    public var list: String
    public var name: String
    /// The unit as written in the row.
    public var unit: String
    /// The list's dimension, fixed by its first valid row.
    public var expected: Dimension
    public var found: Dimension
    public var source: SourceLocation
    /// The row's fields as read.
    public var fields: [[UInt8]]
}

/// A row that cannot be ranked, and why.
public struct Rejection: Hashable, Sendable {
    /// Every problem of the row, as sentences joined by "; ".
    public var reason: String
    public var source: SourceLocation
    /// The row's fields as read.
    public var fields: [[UInt8]]
}

/// How the rows of a file, or of a run, ended. `rows == ranked + mismatched + rejected`, always.
public struct RowCounts: Hashable, Sendable {
    public var rows = 0
    public var ranked = 0
    public var mismatched = 0
    public var rejected = 0

    public init() {}

    public static func + (lhs: RowCounts, rhs: RowCounts) -> RowCounts {
        var sum = lhs
        sum.rows += rhs.rows
        sum.ranked += rhs.ranked
        sum.mismatched += rhs.mismatched
        sum.rejected += rhs.rejected
        return sum
    }
}
