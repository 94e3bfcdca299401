/// One column as per reads it: its header, its role, and why.
public struct ColumnReading: Hashable, Sendable {
    public let index: Int
    public let header: String
    public var role: ColumnRole
    /// Why per took it so: the user's option, the header's words, or its values.
    public var why: String
}
