/// The one escaping of control characters in text per did not write (names, list names, keys,
/// units, what a message quotes) for every text output: Markdown, CSV (reports, diffs,
/// histories, rejects), standard error and `per inspect`. A terminal acts on them (ESC `]0;`
/// retitles it, ESC `[2J` clears it, the C1 control CSI does what ESC `[` does) and a NUL
/// makes git and grep take a file for binary, so each is shown instead: each of its bytes as
/// `\xHH`, as `PathName` shows a path's bytes (`Evil\x1B]0;pwned\x07`).
///
/// Shown: the C0 controls (U+0000 to U+001F) but those a format keeps (`Kept`), DEL (U+007F),
/// the C1 controls (U+0080 to U+009F, bytes C2 80 to C2 9F) and the invisible format
/// characters that reorder, hide or break text (`isInvisibleFormat`: U+202E shows a name
/// backwards, U+200B splits a word unseen). HTML and JSON escape them in their own syntax
/// (`HTMLText`, `JSONText`). Writers apply the rule as they write
/// (`ControlCharacters.append(_:keeping:to:)` in Report); a message takes `shown(_:)`.
public enum ControlCharacters {
    /// The C0 controls a format writes as they are.
    public struct Kept: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let tab = Kept(rawValue: 1)
        public static let lineBreaks = Kept(rawValue: 2)

        /// Markdown: a tab is a blank in a cell; line breaks become spaces (`MarkdownText`).
        public static let markdown: Kept = [.tab, .lineBreaks]
        /// CSV: a field with a tab or line break is quoted as needed and reads back as it was.
        public static let csv: Kept = [.tab, .lineBreaks]
        /// A line of a message: a line break in a name would start a line per did not write.
        public static let line: Kept = [.tab]
    }

    /// How many bytes of `bytes` from `index` are a control character to show: 0, 1, or 2 (a C1).
    @inline(__always)
    static func length(at index: Int, in bytes: UnsafeBufferPointer<UInt8>, keeping kept: Kept) -> Int {
        let byte = bytes[index]
        if byte < 0x20 {
            switch byte {
            case Byte.tab: return kept.contains(.tab) ? 0 : 1
            case Byte.lf, Byte.cr: return kept.contains(.lineBreaks) ? 0 : 1
            default: return 1
            }
        }
        if byte == 0x7F { return 1 }
        // U+0080 to U+009F: C2, then 80 to 9F.
        if byte == 0xC2 { return index + 1 < bytes.count && bytes[index + 1] & 0xE0 == 0x80 ? 2 : 0 }
        guard isFormatLead(byte) else { return 0 }
        let length = byte == 0xD8 ? 2 : 3
        guard index + length <= bytes.count, (1..<length).allSatisfy({ bytes[index + $0] & 0xC0 == 0x80 }) else { return 0 }
        return isInvisibleFormat(value(of: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))) ? length : 0
    }

    /// The code point of one control character, as `length` found it (one to three bytes).
    static func value(of character: UnsafeBufferPointer<UInt8>) -> UInt32 {
        guard character.count > 1 else { return UInt32(character[0]) }
        var value = UInt32(character[0] & (character.count == 2 ? 0x1F : 0x0F))
        for byte in character.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return value
    }

    /// The format characters shown as controls: the bidirectional marks, embeddings, overrides
    /// and isolates (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which reorder
    /// what follows them on a line; the zero-width ones (U+200B to U+200D, U+2060 to U+2064,
    /// U+180E, U+FEFF past a file's start) and the deprecated U+206A to U+206F, which hide;
    /// the line and paragraph separators (U+2028, U+2029), which break a line unseen.
    public static func isInvisibleFormat(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF: true
        default: false
        }
    }

    /// The first bytes of the characters `isInvisibleFormat` names (U+061C; U+180E; U+2000 to
    /// U+2FFF; U+F000 to U+FFFF), looked at more closely.
    @inline(__always)
    static func isFormatLead(_ byte: UInt8) -> Bool {
        byte == 0xE2 || byte == 0xEF || byte == 0xD8 || byte == 0xE1
    }

    /// Whether a character is shown by this rule when no format keeps it: what a message's
    /// quoting of a value (`RowProblem.quote`) escapes, so that it agrees with the writers.
    public static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleFormat(scalar.value)
    }

    /// Nonzero when one of the eight bytes of `word` may begin a control character (below
    /// 0x20, DEL, C2 or a format character's lead): for a fast path, which looks byte by byte
    /// only then.
    @inline(__always)
    static func mayOccur(inWord word: UInt64) -> UInt64 {
        // Bytes below 0x20: the classic "has less than" test, exact as to whether there is one.
        ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
            | zeroBytes(word ^ 0x7F7F_7F7F_7F7F_7F7F) | zeroBytes(word ^ 0xC2C2_C2C2_C2C2_C2C2)
            | zeroBytes(word ^ 0xE2E2_E2E2_E2E2_E2E2) | zeroBytes(word ^ 0xEFEF_EFEF_EFEF_EFEF)
            | zeroBytes(word ^ 0xD8D8_D8D8_D8D8_D8D8) | zeroBytes(word ^ 0xE1E1_E1E1_E1E1_E1E1)
    }

    /// Whether a byte may begin a control character: `mayOccur`'s test for one byte.
    @inline(__always)
    static func mayBegin(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || isFormatLead(byte)
    }

    /// Nonzero exactly when some byte of `x` is zero.
    @inline(__always)
    private static func zeroBytes(_ x: UInt64) -> UInt64 {
        (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// Whether `bytes` hold a control character to show.
    static func occur(in bytes: UnsafeBufferPointer<UInt8>, keeping kept: Kept) -> Bool {
        var index = 0
        var candidates: UInt64 = 0
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index + 8 <= bytes.count {
                candidates |= mayOccur(inWord: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
        }
        if candidates == 0 && !bytes[index...].contains(where: mayBegin) { return false }
        for index in bytes.indices where length(at: index, in: bytes, keeping: kept) > 0 { return true }
        return false
    }

    /// Each byte of a control character as `\xHH`, to `write`.
    @inline(__always)
    static func show(_ bytes: UnsafeBufferPointer<UInt8>, _ write: (UInt8) -> Void) {
        for byte in bytes {
            write(UInt8(ascii: "\\"))
            write(UInt8(ascii: "x"))
            write(hexDigit(byte >> 4))
            write(hexDigit(byte & 0xF))
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? Byte.zero + value : UInt8(ascii: "A") + value - 10
    }

    /// Walks `bytes`: `plain` for each run without a control character to show, `control` for
    /// each control character.
    @inline(__always)
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, keeping kept: Kept, plain: (UnsafeBufferPointer<UInt8>) -> Void,
                      control: (UnsafeBufferPointer<UInt8>) -> Void) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            let length = length(at: index, in: bytes, keeping: kept)
            guard length > 0 else {
                index += 1
                continue
            }
            plain(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            control(UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
            index += length
            runStart = index
        }
        plain(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// `text` with each control character shown: a line of a message, a cell of `per inspect`.
    public static func shown(_ text: String, keeping kept: Kept = .line) -> String {
        var text = text
        let shown: [UInt8]? = text.withUTF8 { bytes in
            guard occur(in: bytes, keeping: kept) else { return nil }
            var shown: [UInt8] = []
            shown.reserveCapacity(bytes.count + 16)
            split(bytes, keeping: kept, plain: { shown.append(contentsOf: $0) }, control: { show($0) { shown.append($0) } })
            return shown
        }
        return shown.map { String(decoding: $0, as: UTF8.self) } ?? text
    }
}
