@testable import PerKit
import Testing

@Suite struct UTF8CheckTests {
    /// The check agrees with the standard library on the edges of each sequence length, on
    /// truncated and overlong sequences, on surrogates, and on every short mix of such bytes.
    @Test func agreesWithTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            [0x41], [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xC3, 0xA9], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xC2, 0x41],
            [0xE0, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0x80], [0xBF], [0xFF], [0xE2, 0x82],
        ]
        var checked = 0
        for a in pieces {
            for b in pieces {
                for c in [[], [0x41], [0xC4, 0x8D]] + pieces.prefix(4) {
                    // Long enough, sometimes, for the eight-byte ASCII pass to come first.
                    for padding in [0, 9] {
                        let bytes = [UInt8](repeating: 0x61, count: padding) + a + b + c
                        let expected = String(validating: bytes, as: UTF8.self) != nil
                        bytes.withUnsafeBufferPointer { #expect($0.isValidUTF8 == expected, "\(bytes)") }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 3_000)
    }
}
