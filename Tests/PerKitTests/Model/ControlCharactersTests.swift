@testable import PerKit
import Testing

@Suite struct ControlCharactersTests {
    @Test func c0DelAndC1ControlsAreShownByteByByte() {
        #expect(ControlCharacters.shown("Evil\u{1B}]0;pwned\u{07}\u{1B}[2J") == "Evil\\x1B]0;pwned\\x07\\x1B[2J")
        #expect(ControlCharacters.shown("a\u{0}b\u{7F}c") == "a\\x00b\\x7Fc")
        #expect(ControlCharacters.shown("\u{80}\u{9B}\u{9F}") == "\\xC2\\x80\\xC2\\x9B\\xC2\\x9F")
    }

    /// The bidirectional and zero-width format characters are shown as the C1 controls are,
    /// each byte; the characters around them in the same blocks (`–`, `€`, `…`, U+FFFD) are text.
    @Test func invisibleFormatCharactersAreShownByteByByte() {
        #expect(ControlCharacters.shown("abc\u{202E}gnp.exe") == "abc\\xE2\\x80\\xAEgnp.exe")
        #expect(ControlCharacters.shown("\u{200B}\u{200F}\u{2028}\u{2066}\u{2069}\u{FEFF}\u{61C}\u{180E}")
                == "\\xE2\\x80\\x8B\\xE2\\x80\\x8F\\xE2\\x80\\xA8\\xE2\\x81\\xA6\\xE2\\x81\\xA9\\xEF\\xBB\\xBF\\xD8\\x9C\\xE1\\xA0\\x8E")
        for text in ["a–b — c", "3,00 €", "…", "\u{FFFD}", "\u{2030}", "\u{2065}", "\u{2070}", "ؠ", "\u{200A}"] {
            #expect(ControlCharacters.shown(text) == text)
        }
    }

    /// The characters beside the controls are text: NBSP (C2 A0), `½` (C2 BD), `é`, emoji.
    @Test func textBesideTheControlsIsLeftAsItIs() {
        for text in ["0\u{A0}99", "½ l", "café", "🥛 milk", "~!@#$%^&*()", ""] {
            #expect(ControlCharacters.shown(text) == text)
        }
    }

    @Test func eachFormatKeepsItsOwnWhitespace() {
        #expect(ControlCharacters.shown("a\tb\nc\rd") == "a\tb\\x0Ac\\x0Dd")
        #expect(ControlCharacters.shown("a\tb\nc\rd\u{1B}", keeping: .csv) == "a\tb\nc\rd\\x1B")
        #expect(ControlCharacters.shown("a\tb", keeping: []) == "a\\x09b")
    }

    /// Every length up to three words and every position: the word test finds every byte that
    /// may begin a control character, so a fast path that trusts it shows them all.
    @Test func theWordTestMissesNoControlCharacter() {
        for length in 2...24 {
            for position in 0..<(length - 1) {
                for control: [UInt8] in [[0x00], [0x1B], [0x1F], [0x7F], [0xC2, 0x9B], [0xE2, 0x80, 0xAE], [0xEF, 0xBB, 0xBF],
                                         [0xD8, 0x9C], [0xE1, 0xA0, 0x8E]] where position + control.count <= length {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    bytes.replaceSubrange(position..<(position + control.count), with: control)
                    bytes = Array(bytes.prefix(length))
                    bytes.withUnsafeBufferPointer { field in
                        #expect(ControlCharacters.occur(in: field, keeping: .csv), "length \(length), \(control) at \(position)")
                        #expect(!CSVFieldWriter.isPlain(field), "length \(length), \(control) at \(position)")
                    }
                }
            }
        }
    }
}
