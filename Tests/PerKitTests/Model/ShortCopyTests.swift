@testable import PerKit
import Testing

@Suite struct ShortCopyTests {
    /// Every count up to 70, into a separate buffer and overlapping by one to five bytes either
    /// way: the same bytes as an element-by-element move, and nothing outside the target touched.
    @Test func copiesLikeAMoveAndTouchesNothingElse() {
        for count in 0...70 {
            for shift in [-5, -3, -1, 1, 2, 5, 200] {
                var memory = (0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
                var expected = memory
                let from = 50
                let to = from + shift
                let source = Array(expected[from..<(from + count)])
                expected.replaceSubrange(to..<(to + count), with: source)
                memory.withUnsafeMutableBytes { bytes in
                    copyBytes(from: bytes.baseAddress! + from, to: bytes.baseAddress! + to, count: count)
                }
                #expect(memory == expected, "count \(count), shift \(shift)")
            }
        }
    }
}
