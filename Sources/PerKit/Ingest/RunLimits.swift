/// Bounds on what one run holds in memory, so that hostile input fails with a message instead
/// of exhausting memory. Reaching one stops the run at the file and line where it happens.
public struct RunLimits: Hashable, Sendable {
    /// Ranked products (about 100 bytes each with their names).
    public var maxProducts: Int
    /// Product lists.
    public var maxLists: Int
    /// Mismatched and rejected rows, which keep their fields as read.
    public var maxFindings: Int
    /// Bytes of text the run keeps: the names of ranked products, and the fields and reasons
    /// of rows not ranked. Counts alone do not bound memory: names near the field limit, row
    /// after row, grew it one to one with the input.
    public var maxKeptBytes: Int

    /// The most files in one run, and the last line number a product can come from.
    public static let maxFiles = Int(UInt16.max)
    public static let maxLine = Int(UInt32.max)

    public init(maxProducts: Int = 20_000_000, maxLists: Int = 1_000_000, maxFindings: Int = 1_000_000,
                maxKeptBytes: Int = 1 << 30) {
        self.maxProducts = maxProducts
        self.maxLists = maxLists
        self.maxFindings = maxFindings
        self.maxKeptBytes = maxKeptBytes
    }
}
