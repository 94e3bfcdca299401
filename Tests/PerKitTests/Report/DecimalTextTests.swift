@testable import PerKit
import Testing

@Suite struct DecimalTextTests {
    /// The digits of `value` padded to one more than the scale, with the point before the last
    /// `scale` of them: the plain definition the writers' fast path must match.
    static func plain(_ value: UInt64, scale: Int) -> String {
        var digits = String(value)
        if scale == 0 { return digits }
        if digits.count <= scale { digits = String(repeating: "0", count: scale + 1 - digits.count) + digits }
        return String(digits.dropLast(scale)) + "." + String(digits.suffix(scale))
    }

    static func written(_ value: UInt64, scale: Int) -> String {
        var bytes = [UInt8](repeating: 0, count: DecimalText.maxFixedBytes)
        let count = bytes.withUnsafeMutableBufferPointer { DecimalText.write(value, scale: scale, at: $0.baseAddress!) - $0.baseAddress! }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }

    /// Every scale with values of every length, around every power of ten, and the extremes.
    @Test func fixedPointNumbersAreWrittenAsDefined() {
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, 101, 4_58, 17_9800, UInt64.max, UInt64.max - 1]
        for power in 0...19 {
            let p = Power10.of(power)
            values += [p - 1, p, p + 1, p &* 7 / 3]
        }
        var random = SplitMix(state: 5)
        values += (0..<300).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random) }
        for scale in 0..<20 {
            for value in values {
                #expect(Self.written(value, scale: scale) == Self.plain(value, scale: scale), "\(value) at scale \(scale)")
            }
        }
    }
}
