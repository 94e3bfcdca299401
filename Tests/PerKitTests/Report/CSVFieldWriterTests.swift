@testable import PerKit
import Testing

@Suite struct CSVFieldWriterTests {
    /// Every length up to three words and every position: a field needs quotes exactly when
    /// it holds a comma, quote, LF or CR, or starts or ends with a blank.
    @Test func needsQuotesExactlyWhenAByteSaysSo() {
        for length in 1...24 {
            for position in 0..<length {
                for special in [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D, UInt8(ascii: "a"), 0xC3] {
                    var field = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    field[position] = special
                    let expected = [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D].contains(special)
                    field.withUnsafeBufferPointer { field in
                        #expect(CSVFieldWriter.needsQuotes(field) == expected, "length \(length), byte \(special) at \(position)")
                    }
                }
            }
            var blanks = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            blanks[length - 1] = UInt8(ascii: " ")
            blanks.withUnsafeBufferPointer { #expect(CSVFieldWriter.needsQuotes($0)) }
        }
    }
}
