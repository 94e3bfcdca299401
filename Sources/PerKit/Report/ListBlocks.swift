import Dispatch

/// Formats a report's lists on two cores: the lists are cut into blocks of about 8K products,
/// two blocks at a time are formatted into memory side by side, and the results are appended
/// to the output in order. The bytes are the same as formatting in one go; memory stays at two
/// blocks of text.
enum ListBlocks {
    static let productsPerBlock = 1 << 13

    /// Calls `body` with consecutive ranges of list indices and a buffer for each; the buffers'
    /// bytes end up in `out` in list order. `body` must not touch shared mutable state.
    static func write(_ report: RankedReport, to out: OutputBuffer,
                      _ body: @Sendable (Range<Int>, OutputBuffer) throws -> Void) throws {
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
        // Each lane touches only its own buffer and failure slot.
        nonisolated(unsafe) let buffers = [OutputBuffer(), OutputBuffer()]
        var failures: [Error?] = [nil, nil]
        let ranges = blocks
        for pair in stride(from: 0, to: blocks.count, by: 2) {
            let count = min(2, blocks.count - pair)
            failures.withUnsafeMutableBufferPointer { failures in
                nonisolated(unsafe) let failures = failures
                DispatchQueue.concurrentPerform(iterations: count) { lane in
                    do {
                        try body(ranges[pair + lane], buffers[lane])
                    } catch {
                        failures[lane] = error
                    }
                }
            }
            for lane in 0..<count {
                if let failure = failures[lane] { throw failure }
                out.append(contentsOf: buffers[lane])
                buffers[lane].removeAll()
                try out.flushIfNeeded()
            }
        }
    }
}
