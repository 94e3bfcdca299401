/// Formats a report's lists on two cores while this thread writes: the lists are cut into
/// blocks of about 8K products, two workers format blocks into memory (`OrderedWork`), and
/// this thread writes each block out in list order as soon as it is ready. The bytes are the
/// same as formatting in one go; memory stays at a few blocks of text.
enum ListBlocks {
    static let productsPerBlock = 1 << 13
    static let blocksInFlight = 4

    /// Calls `body` with consecutive ranges of list indices and a buffer for each; the buffers'
    /// bytes end up in `out` in list order. `body` must not touch shared mutable state.
    static func write(_ report: RankedReport, to out: OutputBuffer,
                      _ body: @escaping @Sendable (Range<Int>, OutputBuffer) throws -> Void) throws {
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
            for block in blocks { try body(block, out) }
            return
        }
        let ranges = blocks
        let pool = ReusePool(make: { OutputBuffer() }) { $0.removeAll() }
        try OrderedWork.run(count: blocks.count, inFlight: blocksInFlight) { index -> (OutputBuffer, Error?) in
            let buffer = pool.take()
            do {
                try body(ranges[index], buffer)
                return (buffer, nil)
            } catch {
                return (buffer, error)
            }
        } consume: { _, formatted in
            defer { pool.give(formatted.0) }
            if let error = formatted.1 { throw error }
            try out.write(contentsOf: formatted.0)
            return true
        }
    }
}
