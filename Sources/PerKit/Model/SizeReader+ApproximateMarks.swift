/// Marks of an approximate size, before it (`ca. 500g`, `~1 kg`) or after it (`500 g aprox.`).
extension SizeReader {
    /// Whether the unit text between `start` and `end` ends with an approximate mark, after a
    /// blank (`500 g aprox.`).
    static func endsApproximate(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var start = start
        var end = end
        NumberReader.trim(field, &start, &end)
        var wordStart = end
        while wordStart > start, isLetter(field[wordStart - 1]) || field[wordStart - 1] == Byte.dot { wordStart -= 1 }
        return wordStart > start && NumberReader.blankWidth(field, before: wordStart, start: start) > 0
            && approximateWords.contains(lowercased(field, wordStart..<end))
    }

    /// Marks of an approximate size, one list before it (`etwa 500 g`) and after it (`500 g etwa`).
    static let approximateWords: Set<[UInt8]> = Set(["approx", "approx.", "appr.", "ca", "ca.", "cca", "cca.", "circa",
                                                             "oko", "env.", "env", "etwa", "pribl.", "pribl", "aprox.", "aprox",
                                                             "približno", "ungefähr", "~", "≈"].map { Array($0.utf8) })

    /// Where the size starts after an approximate mark at `start` (`ca. 500g`, `~1 kg`), or nil.
    static func approximateMark(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var wordEnd = start
        while wordEnd < end, !Byte.isDigit(field[wordEnd]), NumberReader.blankWidth(field, at: wordEnd, end: end) == 0 { wordEnd += 1 }
        guard wordEnd > start, approximateWords.contains(lowercased(field, start..<wordEnd)) else { return nil }
        var after = wordEnd
        while after < end, case let width = NumberReader.blankWidth(field, at: after, end: end), width > 0 { after += width }
        return after < end && Byte.isDigit(field[after]) || after < end && isMark(field[after]) ? after : nil
    }

    /// Whether the word before `start` (blanks between) marks the size approximate.
    static func approximateMarkBefore(_ name: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var end = start
        while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        var wordStart = end
        while wordStart > 0, NumberReader.blankWidth(name, before: wordStart, start: 0) == 0, !Byte.isDigit(name[wordStart - 1]) { wordStart -= 1 }
        return wordStart < end && approximateWords.contains(lowercased(name, wordStart..<end))
    }
}
