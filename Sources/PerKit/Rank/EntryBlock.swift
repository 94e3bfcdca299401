/// The entries of a run of list pieces, copied side by side in rank order so that a writer
/// formats them from memory close together.
///
/// A report's products stay where the sheet put them, in input order, so a list's entries
/// lie scattered across the whole sheet: read one by one while formatting, nearly every
/// product and every name is a wait on main memory. Copying a block first turns those waits
/// into two tight loops (products, then names) whose reads overlap. A block is refilled for
/// each run of pieces, keeping its memory; `ListBlocks` keeps the runs to a few thousand
/// products by cutting large lists into pieces.
final class EntryBlock {
    private(set) var pieces: [ListPiece] = []
    private unowned(unsafe) var report: RankedReport?
    /// Products of the block's pieces, piece after piece, each in rank order; `nameStart`
    /// counts from the start of `names`.
    private var products = GrowableBuffer<Product>()
    private var ranks = GrowableBuffer<Int32>()
    private var names = GrowableBytes()
    /// Where each piece's products start in `products`, and the end.
    private var starts: [Int] = []

    init() {}

    deinit {
        products.deallocate()
        ranks.deallocate()
        names.deallocate()
    }

    /// Copies the entries of `pieces`; the block reads from `report`, which must outlive its use.
    func fill(_ report: RankedReport, pieces: [ListPiece]) {
        self.report = report
        self.pieces = pieces
        products.removeAll()
        ranks.removeAll()
        names.removeAll()
        starts.removeAll(keepingCapacity: true)
        let total = pieces.reduce(0) { $0 + $1.entries.count }
        products.reserve(total)
        ranks.reserve(total)
        for piece in pieces {
            starts.append(products.count)
            let first = report.lists[piece.list].entries.lowerBound
            let positions = (first + piece.entries.lowerBound)..<(first + piece.entries.upperBound)
            for position in positions {
                products.append(report.products[Int(report.order[position])])
            }
            ranks.append(contentsOf: UnsafeBufferPointer(rebasing: report.ranks[positions]))
        }
        starts.append(products.count)
        guard let base = report.nameBase, let gathered = products.base else { return }
        for index in 0..<products.count {
            let length = Int(gathered[index].nameLength)
            let start = names.count
            names.append(contentsOf: UnsafeBufferPointer(start: base + gathered[index].nameStart, count: length))
            gathered[index].nameStart = start
        }
    }

    /// The entries of the piece at `index` in `pieces`, in rank order; valid until the block
    /// is refilled.
    func entries(at index: Int) -> RankedEntries {
        let report = report!
        let range = starts[index]..<starts[index + 1]
        return RankedEntries(report: report, list: report.lists[pieces[index].list],
                             products: UnsafeBufferPointer(rebasing: products.buffer[range]), order: nil,
                             ranks: UnsafeBufferPointer(rebasing: ranks.buffer[range]), names: names.base.map { UnsafePointer($0) })
    }
}

/// Entries of one list, from its best: a whole list, or a piece of a large one.
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
