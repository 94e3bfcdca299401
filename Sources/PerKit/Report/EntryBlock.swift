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
    /// Each product's index in the sheet, beside `products`.
    private var indices = GrowableBuffer<Int32>()
    private var names = GrowableBytes()
    /// Where each piece's products start in `products`, and the end.
    private var starts: [Int] = []

    init() {}

    /// Copies the entries of a block's pieces; the block reads from `report`, which must
    /// outlive its use.
    func fill(_ report: RankedReport, block: ListBlock) {
        self.report = report
        pieces.removeAll(keepingCapacity: true)
        for list in block.lists {
            let end = list == block.lists.upperBound - 1 ? block.lastEnd : report.lists[list].count
            pieces.append(ListPiece(list: list, entries: (list == block.lists.lowerBound ? block.firstStart : 0)..<end,
                                    endsList: end == report.lists[list].count))
        }
        products.removeAll()
        ranks.removeAll()
        indices.removeAll()
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
            if report.needsProductIndices { indices.append(contentsOf: UnsafeBufferPointer(rebasing: report.order[positions])) }
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
                             ranks: UnsafeBufferPointer(rebasing: ranks.buffer[range]), names: names.base.map { UnsafePointer($0) },
                             indices: !report.needsProductIndices ? nil : UnsafeBufferPointer(rebasing: indices.buffer[range]))
    }
}
