/// The bytes a size is written with: numbers, letters, decimal marks, dashes, minus and
/// multiplication signs.
extension SizeReader {
    /// Whether the bytes in `range`, ASCII case folded, are one of `words` (lower case): with
    /// nothing allocated, as it runs on sizes in cells and names.
    static func isOne(of words: [[UInt8]], _ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        words.contains { word in
            word.count == range.count && word.indices.allSatisfy { Byte.asciiLowercased(field[range.lowerBound + $0]) == word[$0] }
        }
    }

    /// The bytes as lower-case ASCII (other bytes as they are).
    static func lowercased(_ field: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        field[range].map(Byte.asciiLowercased)
    }

    /// Width of a dash at `index` (`-`, `–` or `—`), or 0.
    static func dashWidth(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        if field[index] == UInt8(ascii: "-") { return 1 }
        if index + 2 < end + 0, index + 2 <= end - 1 || index + 3 <= end, field[index] == 0xE2, index + 2 < end,
           field[index + 1] == 0x80, field[index + 2] == 0x93 || field[index + 2] == 0x94 { return 3 }
        return 0
    }

    /// Width of a dash ending just before `end`, or 0.
    static func dashWidth(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        if name[end - 1] == UInt8(ascii: "-") { return 1 }
        if end >= 3, name[end - 3] == 0xE2, name[end - 2] == 0x80, name[end - 1] == 0x93 || name[end - 1] == 0x94 { return 3 }
        return 0
    }

    /// Width of a multiplication sign at `index`: `x`, `X`, or `×` (U+00D7); 0 otherwise.
    static func timesWidth(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        guard index < end else { return 0 }
        if field[index] == UInt8(ascii: "x") || field[index] == UInt8(ascii: "X") || field[index] == UInt8(ascii: "*") { return 1 }
        return index + 1 < end && isTwoByteTimes(field[index], field[index + 1]) ? 2 : 0
    }

    /// `×`, and the letters that stand for it in Greek and Cyrillic lists (`4Χ28G`, `6х0,5л`):
    /// Greek Χ χ, Cyrillic Х х.
    private static func isTwoByteTimes(_ first: UInt8, _ second: UInt8) -> Bool {
        (first == 0xC3 && second == 0x97) || (first == 0xCE && second == 0xA7) || (first == 0xCF && second == 0x87)
            || (first == 0xD0 && second == 0xA5) || (first == 0xD1 && second == 0x85)
    }

    /// Whether blanks, after a digit and a decimal mark, stand right before `index` (`1. 5L`).
    static func followsDecimalMarkAndBlank(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var before = index
        while before > 0, case let width = NumberReader.blankWidth(text, before: before, start: 0), width > 0 { before -= width }
        return before < index && before >= 2 && isMark(text[before - 1]) && Byte.isDigit(text[before - 2])
    }

    /// Whether digits and a blank come right before `index`.
    static func followsDigitAndBlank(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var before = index
        while before > 0, case let width = NumberReader.blankWidth(text, before: before, start: 0), width > 0 { before -= width }
        return before < index && before > 0 && Byte.isDigit(text[before - 1])
    }

    /// Width of a multiplication sign ending just before `end`, or 0.
    static func timesWidth(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        guard end > 0 else { return 0 }
        if name[end - 1] == UInt8(ascii: "x") || name[end - 1] == UInt8(ascii: "X") || name[end - 1] == UInt8(ascii: "*") { return 1 }
        return end >= 2 && isTwoByteTimes(name[end - 2], name[end - 1]) ? 2 : 0
    }

    static func isLetter(_ byte: UInt8) -> Bool { Byte.isLetterByte(byte) }
    /// A byte of a word: a letter (any non-ASCII byte counts) or a dot inside an abbreviation.
    static func isWordByte(_ byte: UInt8) -> Bool { isLetter(byte) || byte == Byte.dot || byte == Byte.space }

    /// Digits and decimal marks from `start`, starting with a digit or a mark followed by one.
    static func numberToken(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Range<Int>? {
        var index = start
        while index < end, Byte.isDigit(field[index]) || isMark(field[index]) { index += 1 }
        while index > start, isMark(field[index - 1]) { index -= 1 }  // `5.` at the end of a token
        guard (start..<index).contains(where: { Byte.isDigit(field[$0]) }) else { return nil }
        return start..<index
    }

    /// Whether the text from `start` is minus signs (`-`, or U+2212 `−`) before a number
    /// (`-1 kg`, `- 0,5 kg`, `--5 kg`); `-` or `--` alone are no number at all.
    static func startsWithMinus(_ field: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        func minusWidth(_ index: Int) -> Int {
            if index < end && field[index] == UInt8(ascii: "-") { return 1 }
            return index + 2 < end && field[index] == 0xE2 && field[index + 1] == 0x88 && field[index + 2] == 0x92 ? 3 : 0
        }
        guard minusWidth(start) > 0 else { return false }
        var next = start
        while next < end {
            let width = max(minusWidth(next), NumberReader.blankWidth(field, at: next, end: end))
            guard width > 0 else { break }
            next += width
        }
        return numberToken(field, from: next, to: end)?.lowerBound == next
    }

    static func isMark(_ byte: UInt8) -> Bool { byte == Byte.dot || byte == Byte.comma }
}
