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
                entries.fill(report, pieces: block)
                try body(entries, out)
            }
            return
        }
        let pool = ReusePool(make: { Work() }) { $0.text.removeAll() }
        try OrderedWork.run(count: blocks.count, inFlight: blocksInFlight) { index -> (Work, Error?) in
            let work = pool.take()
            do {
                work.entries.fill(report, pieces: blocks[index])
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
    static func cut(_ lists: [RankedList], productsPerBlock: Int) -> [[ListPiece]] {
        var blocks: [[ListPiece]] = []
        var run: [ListPiece] = []
        var products = 0
        for (index, list) in lists.enumerated() {
            guard list.count > productsPerBlock else {
                run.append(ListPiece(list: index, entries: 0..<list.count, endsList: true))
                products += list.count
                if products >= productsPerBlock {
                    blocks.append(run)
                    run = []
                    products = 0
                }
                continue
            }
            if !run.isEmpty {
                blocks.append(run)
                run = []
                products = 0
            }
            for start in stride(from: 0, to: list.count, by: productsPerBlock) {
                let end = min(start + productsPerBlock, list.count)
                blocks.append([ListPiece(list: index, entries: start..<end, endsList: end == list.count)])
            }
        }
        if !run.isEmpty { blocks.append(run) }
        return blocks
    }

    /// What one block is formatted with, kept for the next.
    private final class Work {
        let entries = EntryBlock()
        let text = OutputBuffer()
    }
}
