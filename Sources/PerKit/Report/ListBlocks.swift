/// Formats a report's lists on two cores while this thread writes: the lists are cut into
/// blocks of about 8K products (runs of whole lists, or pieces of a larger list), two workers
/// copy each block's entries together (`EntryBlock`) and format them into memory
/// (`OrderedWork`), and this thread writes each block out in list order as soon as it is
/// ready. The bytes are the same as formatting in one go; memory stays at a few blocks.
enum ListBlocks {
    static let productsPerBlock = 1 << 13
    static let blocksInFlight = 4

    /// Calls `body` with consecutive runs of list pieces, their entries gathered, and a buffer
    /// for each; the buffers' bytes end up in `out` in list order. `body` must not touch
    /// shared mutable state. `productsPerBlock` is for tests.
    static func write(_ report: RankedReport, to out: OutputBuffer, productsPerBlock: Int = ListBlocks.productsPerBlock,
                      _ body: @escaping @Sendable (EntryBlock, OutputBuffer) throws -> Void) throws {
        let blocks = cut(report.lists, productsPerBlock: max(productsPerBlock, 1))
        guard blocks.count > 1 else {
            let entries = EntryBlock()
            for block in blocks {
                entries.fill(report, block: block)
                try body(entries, out)
            }
            return
        }
        let pool = ReusePool(make: { FormattedBlock() }) { $0.text.removeAll() }
        try OrderedWork.run(count: blocks.count, inFlight: blocksInFlight) { index -> (FormattedBlock, Error?) in
            let work = pool.take()
            do {
                work.entries.fill(report, block: blocks[index])
                try body(work.entries, work.text)
                return (work, nil)
            } catch {
                return (work, error)
            }
        } consume: { _, formatted in
            defer { pool.give(formatted.0) }
            if let error = formatted.1 { throw error }
            try out.write(contentsOf: formatted.0.text)
            return true
        }
    }

    /// Runs of whole lists of about `productsPerBlock` products together, and each list of
    /// more than that in pieces of its own, in list order.
    static func cut(_ lists: [RankedList], productsPerBlock: Int) -> [ListBlock] {
        var blocks: [ListBlock] = []
        var runStart = 0
        var products = 0
        for (index, list) in lists.enumerated() {
            guard list.count > productsPerBlock else {
                products += list.count
                if products >= productsPerBlock {
                    blocks.append(ListBlock(lists: runStart..<(index + 1), firstStart: 0, lastEnd: list.count))
                    runStart = index + 1
                    products = 0
                }
                continue
            }
            if runStart < index {
                blocks.append(ListBlock(lists: runStart..<index, firstStart: 0, lastEnd: lists[index - 1].count))
            }
            for start in stride(from: 0, to: list.count, by: productsPerBlock) {
                blocks.append(ListBlock(lists: index..<(index + 1), firstStart: start, lastEnd: min(start + productsPerBlock, list.count)))
            }
            runStart = index + 1
            products = 0
        }
        if runStart < lists.count {
            blocks.append(ListBlock(lists: runStart..<lists.count, firstStart: 0, lastEnd: lists[lists.count - 1].count))
        }
        return blocks
    }

    /// What one block is formatted with, kept for the next.
    private final class FormattedBlock {
        let entries = EntryBlock()
        let text = OutputBuffer()
    }
}

/// A run of lists formatted together: whole lists, except that the first may start and the
/// last may end part way (a large list is cut into pieces). A few words per block, whatever
/// the number of lists.
struct ListBlock: Hashable, Sendable {
    /// Indices in `RankedReport.lists`.
    let lists: Range<Int>
    /// Where the first list's piece starts, counted from its best entry.
    let firstStart: Int
    /// Where the last list's piece ends.
    let lastEnd: Int
}
