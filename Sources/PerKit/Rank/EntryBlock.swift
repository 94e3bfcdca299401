/// The entries of a run of lists, copied side by side in rank order so that a writer formats
/// them from memory close together.
///
/// A report's products stay where the sheet put them, in input order, so a list's entries
/// lie scattered across the whole sheet: read one by one while formatting, nearly every
/// product and every name is a wait on main memory. Copying a block first turns those waits
/// into two tight loops (products, then names) whose reads overlap. A block is refilled for
/// each run of lists, keeping its memory. A list of more than `largestCopied` products (a
/// file without a list column is one list) is read where it lies instead, so that a block's
/// memory stays small whatever the lists.
final class EntryBlock {
    static let largestCopied = 1 << 16

    private(set) var lists: Range<Int> = 0..<0
    private unowned(unsafe) var report: RankedReport?
    /// Products of the block's lists, list after list, each in rank order; `nameStart` counts
    /// from the start of `names`.
    private var products = GrowableBuffer<Product>()
    private var ranks = GrowableBuffer<Int32>()
    private var names = GrowableBytes()
    /// Where each list's products start in `products`, by position in `lists`, and the end.
    private var starts: [Int] = []
    /// Lists of more products are not copied.
    private var largestCopied = EntryBlock.largestCopied

    init() {}

    deinit {
        products.deallocate()
        ranks.deallocate()
        names.deallocate()
    }

    /// Copies the entries of `lists` (indices into `report.lists`) that have at most
    /// `largestCopied`; the block reads from `report`, which must outlive its use.
    func fill(_ report: RankedReport, lists: Range<Int>, largestCopied: Int = EntryBlock.largestCopied) {
        self.report = report
        self.lists = lists
        self.largestCopied = largestCopied
        products.removeAll()
        ranks.removeAll()
        names.removeAll()
        starts.removeAll(keepingCapacity: true)
        let total = report.lists[lists].reduce(0) { $0 + ($1.count <= largestCopied ? $1.count : 0) }
        products.reserve(total)
        ranks.reserve(total)
        for list in report.lists[lists] {
            starts.append(products.count)
            guard list.count <= largestCopied else { continue }
            for position in list.entries {
                products.append(report.products[Int(report.order[position])])
            }
            ranks.append(contentsOf: UnsafeBufferPointer(rebasing: report.ranks[list.entries]))
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

    /// The entries of the list at `index` (one of `lists`), best first; valid until the block
    /// is refilled.
    func entries(of index: Int) -> RankedEntries {
        let report = report!
        let list = report.lists[index]
        guard list.count <= largestCopied else { return report.entries(of: list) }
        let position = index - lists.lowerBound
        let range = starts[position]..<starts[position + 1]
        return RankedEntries(report: report, list: list,
                             products: UnsafeBufferPointer(rebasing: products.buffer[range]), order: nil,
                             ranks: UnsafeBufferPointer(rebasing: ranks.buffer[range]), names: names.base.map { UnsafePointer($0) })
    }
}
