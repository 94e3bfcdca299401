/// Formats a report's lists on two cores while this thread writes: the lists are cut into
/// blocks of about 8K products, two workers copy each block's entries together
/// (`EntryBlock`) and format them into memory (`OrderedWork`), and
/// this thread writes each block out in list order as soon as it is ready. The bytes are the
/// same as formatting in one go; memory stays at a few blocks of text.
enum ListBlocks {
    static let productsPerBlock = 1 << 13
    static let blocksInFlight = 4

    /// Calls `body` with consecutive runs of lists, their entries gathered, and a buffer for
    /// each; the buffers' bytes end up in `out` in list order. `body` must not touch shared
    /// mutable state.
    static func write(_ report: RankedReport, to out: OutputBuffer,
                      _ body: @escaping @Sendable (EntryBlock, OutputBuffer) throws -> Void) throws {
        var blocks: [Range<Int>] = []
        var start = 0
        var products = 0
        for (index, list) in report.lists.enumerated() {
            products += list.count
            if products >= productsPerBlock {
                blocks.append(start..<(index + 1))
                start = index + 1
                products = 0
            }
        }
        if start < report.lists.count { blocks.append(start..<report.lists.count) }
        guard blocks.count > 1 else {
            let entries = EntryBlock()
            for block in blocks {
                entries.fill(report, lists: block)
                try body(entries, out)
            }
            return
        }
        let ranges = blocks
        let pool = ReusePool(make: { Work() }) { $0.text.removeAll() }
        try OrderedWork.run(count: blocks.count, inFlight: blocksInFlight) { index -> (Work, Error?) in
            let work = pool.take()
            do {
                work.entries.fill(report, lists: ranges[index])
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

    /// What one block is formatted with, kept for the next.
    private final class Work {
        let entries = EntryBlock()
        let text = OutputBuffer()
    }
}
