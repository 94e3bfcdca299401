/// Bounds that keep memory in check on hostile input; passing one stops the file.
public struct CSVLimits: Hashable, Sendable {
    /// The largest field, in bytes, after unquoting.
    public var maxFieldBytes: Int
    /// The largest record: its fields' bytes plus one per field, so that a line of a million
    /// delimiters counts too.
    public var maxRecordBytes: Int

    public init(maxFieldBytes: Int = 1 << 20, maxRecordBytes: Int = 4 << 20) {
        self.maxFieldBytes = maxFieldBytes
        self.maxRecordBytes = maxRecordBytes
    }
}
