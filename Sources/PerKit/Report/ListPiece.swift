/// Entries of one list, from its best: a whole list, or a piece of a large one (`ListBlocks`).
struct ListPiece: Hashable, Sendable {
    /// Index in `RankedReport.lists`.
    let list: Int
    /// Positions in the list, counted from its best entry.
    let entries: Range<Int>
    /// Whether the piece holds the list's last entry.
    let endsList: Bool

    /// Whether the piece holds the list's first entry.
    var startsList: Bool { entries.lowerBound == 0 }
}
