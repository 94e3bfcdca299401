/// A valid row that does not fit its list: a unit of another dimension (Per's units-mismatch
/// error) or a price in another currency. Reported, never ranked.
public struct Mismatch: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The list's dimension is fixed by its first valid row.
        case dimension(expected: Dimension, found: Dimension)
        /// The list's currency is fixed by its first row that states one.
        case currency(expected: Currency, found: Currency)
    }

    public var list: String
    public var name: String
    /// The unit as written in the row.
    public var unit: String
    public var kind: Kind
    public var source: SourceLocation
    /// The row's fields as read.
    public var record: RawRecord

    /// `dimension` or `currency`.
    public var kindName: String {
        switch kind {
        case .dimension: "dimension"
        case .currency: "currency"
        }
    }

    /// What the list holds (`mass`, `EUR`).
    public var expected: String {
        switch kind {
        case .dimension(let expected, _): expected.rawValue
        case .currency(let expected, _): expected.code
        }
    }

    /// What the row holds (`volume`, `USD`).
    public var found: String {
        switch kind {
        case .dimension(_, let found): found.rawValue
        case .currency(_, let found): found.code
        }
    }
}

/// A row that cannot be ranked, and why.
public struct Rejection: Hashable, Sendable {
    /// Every problem of the row, as sentences joined by "; ".
    public var reason: String
    public var source: SourceLocation
    /// The row's fields as read.
    public var record: RawRecord
}

/// A row that was not ranked: mismatched or rejected.
public enum Finding: Hashable, Sendable {
    case mismatch(Mismatch)
    case rejection(Rejection)

    public var source: SourceLocation {
        switch self {
        case .mismatch(let mismatch): mismatch.source
        case .rejection(let rejection): rejection.source
        }
    }

    /// The row's fields as read.
    public var record: RawRecord {
        switch self {
        case .mismatch(let mismatch): mismatch.record
        case .rejection(let rejection): rejection.record
        }
    }

    /// `mismatch` or `rejected`.
    public var kind: String {
        switch self {
        case .mismatch: "mismatch"
        case .rejection: "rejected"
        }
    }

    /// Why the row was not ranked, as a sentence.
    public var reason: String {
        switch self {
        case .mismatch(let mismatch):
            "the list \"\(mismatch.list)\" holds \(mismatch.expected), this row \(mismatch.found)"
        case .rejection(let rejection):
            rejection.reason
        }
    }
}
