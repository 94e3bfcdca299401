/// Pack counts written with a word (`6pk 330ml`, `330ml (6pk)`, `6er Pack 0,5l`) or after the
/// unit (`95g x 6 pack`).
extension SizeReader {
    /// Words that say the number before them counts packs (`6pk`, `6 pack`).
    private static let packWords: [[UInt8]] = ["pk", "pack", "packs", "pcs", "er"].map { Array($0.utf8) }

    /// After a pack word at `index` (`pk`, `pack`), where it ends; nil when there is none.
    static func packWord(_ field: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int? {
        var wordEnd = index
        while wordEnd < end, isLetter(field[wordEnd]) { wordEnd += 1 }
        guard wordEnd > index, Self.isOne(of: packWords, field, index..<wordEnd) else { return nil }
        if wordEnd < end, field[wordEnd] == Byte.dot { wordEnd += 1 }
        return wordEnd
    }

    /// A pack count at the end of a name, after a size (`(6pk)`, `(4 pack)`, `, 6-pack`,
    /// `- 12 pcs`): the count, and where the text before it ends. Nil for anything else.
    static func packCountAfter(_ name: UnsafeBufferPointer<UInt8>) -> (count: UInt64, end: Int)? {
        func isBlank(_ byte: UInt8) -> Bool { byte == Byte.space || byte == Byte.tab }
        var end = name.count
        while end > 0, isBlank(name[end - 1]) || name[end - 1] == Byte.dot { end -= 1 }
        let bracketed = end > 0 && name[end - 1] == UInt8(ascii: ")")
        if bracketed { end -= 1 }
        var wordStart = end
        while wordStart > 0, isLetter(name[wordStart - 1]) { wordStart -= 1 }
        guard wordStart < end, isOne(of: packWords, name, wordStart..<end) else { return nil }
        var countEnd = wordStart
        if countEnd > 0, name[countEnd - 1] == Byte.space || name[countEnd - 1] == UInt8(ascii: "-") { countEnd -= 1 }
        var countStart = countEnd
        while countStart > 0, Byte.isDigit(name[countStart - 1]) { countStart -= 1 }
        guard countStart < countEnd, countEnd - countStart <= 4, let count = UInt64(String(decoding: UnsafeBufferPointer(rebasing: name[countStart..<countEnd]), as: UTF8.self)),
              count > 1 else { return nil }
        var before = countStart
        if bracketed {
            guard before > 0, name[before - 1] == UInt8(ascii: "(") else { return nil }
            before -= 1
        } else {
            // Unbracketed, after a comma or a dash between blanks (`330ml, 6-pack`), or a blank
            // (`Milk 1l 6pk`).
            guard before > 0, isBlank(name[before - 1]) || name[before - 1] == Byte.comma || name[before - 1] == UInt8(ascii: "-") else { return nil }
            while before > 0, isBlank(name[before - 1]) { before -= 1 }
            if before > 0, name[before - 1] == Byte.comma || name[before - 1] == UInt8(ascii: "-") { before -= 1 }
        }
        while before > 0, isBlank(name[before - 1]) || name[before - 1] == Byte.comma { before -= 1 }
        guard before > 0, isLetter(name[before - 1]) else { return nil }  // a size's unit ends there
        // `95g x 6 pack`: a multiplication sign, one way (`countAfterUnit`).
        if name[before - 1] | 0x20 == UInt8(ascii: "x"), before == 1 || isBlank(name[before - 2]) { return nil }
        return (count, before)
    }

    /// After a pack word, the words that only say so again (`6er Pack 0,5l`, `6er-Pack`, `24er
    /// Kiste`) and a multiplication sign (`6pk x 330ml`): where the amount may start.
    static func afterPackFiller(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        func blanks() { while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width } }
        blanks()
        if index < end, field[index] == UInt8(ascii: "-") { index += 1 }
        var wordEnd = index
        while wordEnd < end, isLetter(field[wordEnd]) { wordEnd += 1 }
        if wordEnd > index, isOne(of: packFillers, field, index..<wordEnd) {
            index = wordEnd
            blanks()
        } else if index > start, field[index - 1] == UInt8(ascii: "-") {
            index -= 1
        }
        if case let width = timesWidth(field, at: index, end: end), width > 0, index + width < end,
           NumberReader.blankWidth(field, at: index + width, end: end) > 0 || Byte.isDigit(field[index + width]) {
            index += width
        }
        return index
    }

    /// Words after a pack word that say it again.
    private static let packFillers: [[UInt8]] = ["pack", "packs", "packung", "pk", "kiste", "karton", "tray", "box", "case"].map { Array($0.utf8) }

    /// `count` packs of `size` (`330ml (6pk)`), marked as reading two ways; nil when `size` has
    /// no unit or the total does not fit. A count the size already multiplies by (`6 x 330ml
    /// (6pk)`) only repeats it: the size as it is, one way.
    static func packs(of size: Size, count: UInt64) -> Size? {
        guard size.unit != nil, !size.bare else { return nil }
        if size.packCount == count { return size }
        guard let total = size.quantity.times(Int(count)) else { return nil }
        var packs = size
        packs.quantity = total
        packs.packCount = size.packCount.multipliedReportingOverflow(by: count).overflow ? 1 : size.packCount * count
        packs.readsTwoWays = true
        return packs
    }

    /// Where a pack word ending at `end` starts, when digits come right before it (`6pk`).
    static func packWordBefore(_ name: UnsafeBufferPointer<UInt8>, at end: Int) -> Int? {
        var wordEnd = end
        if wordEnd > 0, name[wordEnd - 1] == Byte.dot { wordEnd -= 1 }
        var wordStart = wordEnd
        while wordStart > 0, isLetter(name[wordStart - 1]) { wordStart -= 1 }
        guard wordStart < wordEnd, wordStart > 0, isOne(of: packWords, name, wordStart..<wordEnd) else { return nil }
        // Right after the count, or after one blank or dash (`4 pack`, `6-pack`).
        if Byte.isDigit(name[wordStart - 1]) { return wordStart }
        return wordStart >= 2 && (name[wordStart - 1] == Byte.space || name[wordStart - 1] == UInt8(ascii: "-")) && Byte.isDigit(name[wordStart - 2])
            ? wordStart - 1 : nil
    }

    /// `g x 6 pack`, `g x 6`: where the unit ends and the count after it, when the text from
    /// `start` is a unit, a multiplication sign, a whole number and perhaps a pack word.
    static func countAfterUnit(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (Int, Range<Int>)? {
        var index = start
        while index < end, NumberReader.blankWidth(field, at: index, end: end) > 0 { index += 1 }
        let unitStart = index
        while index < end, isLetter(field[index]) || field[index] == Byte.dot { index += 1 }
        let unitEnd = index
        guard unitEnd > unitStart else { return nil }
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        let times = timesWidth(field, at: index, end: end)
        guard times > 0 else { return nil }
        index += times
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        let countStart = index
        while index < end, Byte.isDigit(field[index]) { index += 1 }
        guard index > countStart else { return nil }
        let count = countStart..<index
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        if index < end, let afterWord = packWord(field, at: index, end: end) { index = afterWord }
        while index < end, case let width = NumberReader.blankWidth(field, at: index, end: end), width > 0 { index += width }
        return index == end ? (unitEnd, count) : nil
    }

    /// Words between a count of containers and their size: `2 briks de 1 l` (Spanish,
    /// Portuguese, French), `6 cans of 330 ml`, `4 vasetti da 125 g` (Italian).
    static let containerOfWords: Set<String> = ["de", "of", "da", "di", "à"]

    /// `2 briks de 1 l`: when the text ending at `end` is a whole number, one word (the
    /// containers: `briks`, `unidades`, `ud.`, `cans`) and `de`, `of`, `da` or `di`, the number's
    /// range; nil for anything else (`Queso de 250 g`: no count).
    static func countOfContainers(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Range<Int>? {
        func blanksBefore(_ index: Int) -> Int {
            var index = index
            while index > 0, case let width = NumberReader.blankWidth(name, before: index, start: 0), width > 0 { index -= width }
            return index
        }
        func wordBefore(_ index: Int) -> Int {
            var start = index
            while start > 0, isLetter(name[start - 1]) || (name[start - 1] == Byte.dot && start < index) { start -= 1 }
            return start
        }
        let ofStart = wordBefore(end)
        // Every word of `containerOfWords` is two bytes: most names have a longer word before
        // their size, passed over with no text made.
        guard ofStart > 0, end - ofStart == 2,
              containerOfWords.contains(String(decoding: UnsafeBufferPointer(rebasing: name[ofStart..<end]), as: UTF8.self).lowercased())
        else { return nil }
        let containerEnd = blanksBefore(ofStart)
        guard containerEnd < ofStart else { return nil }
        var containerStart = containerEnd
        while containerStart > 0, isLetter(name[containerStart - 1]) || name[containerStart - 1] == Byte.dot { containerStart -= 1 }
        guard containerStart < containerEnd, containerEnd - containerStart <= 16, isLetter(name[containerStart]) else { return nil }
        let countEnd = blanksBefore(containerStart)
        guard countEnd < containerStart else { return nil }
        var countStart = countEnd
        while countStart > 0, Byte.isDigit(name[countStart - 1]) { countStart -= 1 }
        guard countStart < countEnd, countEnd - countStart <= 3,
              countStart == 0 || NumberReader.blankWidth(name, before: countStart, start: 0) > 0 else { return nil }
        return countStart..<countEnd
    }
}
