/// A range of sizes (`500g - 650g`) or several sizes (`112g,148g`, `Beans 400 g, 240 g`): no size.
extension SizeReader {
    /// A range (`500g - 650g`, `1.3kg - 1.7kg`, `200-400 g`) or several sizes (`112g,148g`,
    /// `250g, 276g, 300g`) in a cell: the failure that says which, or nil.
    static func rangeOrSeveral(_ field: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Failure? {
        guard start < end, Byte.isDigit(field[start]) || isMark(field[start]) else { return nil }
        var index = start
        while index < end {
            let dash = dashWidth(field, at: index, end: end)
            let byte = field[index]
            if dash > 0 || byte == Byte.comma || byte == Byte.semicolon || byte == UInt8(ascii: "/") {
                // What stands before: a number, perhaps with a unit; after: a number.
                var before = index
                while before > start, NumberReader.blankWidth(field, before: before, start: start) > 0 { before -= 1 }
                var after = index + max(dash, 1)
                while after < end, case let width = NumberReader.blankWidth(field, at: after, end: end), width > 0 { after += width }
                guard before > start, after < end, Byte.isDigit(field[after]) else {
                    index += max(dash, 1)
                    continue
                }
                let unitBefore = isLetter(field[before - 1])
                // A range has one unit: none before the dash, or the one after it (`5 un - 425g`
                // is five pieces that weigh 425 g, no range).
                if dash > 0 && (Byte.isDigit(field[before - 1]) || unitBefore && sameUnit(field, before: before, after: after, end: end)) {
                    return .range
                }
                // A comma between digits is a decimal mark (`1,5 l`), a slash a ratio (`2/$9.00`).
                if byte != UInt8(ascii: "/") && unitBefore { return .several }
            }
            index += max(dash, 1)
        }
        return nil
    }

    /// Whether the unit word ending at `before` is the one after the number at `after`.
    private static func sameUnit(_ field: UnsafeBufferPointer<UInt8>, before: Int, after: Int, end: Int) -> Bool {
        var start = before
        while start > 0, isLetter(field[start - 1]) { start -= 1 }
        var index = after
        while index < end, Byte.isDigit(field[index]) || isMark(field[index]) { index += 1 }
        while index < end, NumberReader.blankWidth(field, at: index, end: end) > 0 { index += 1 }
        var unitEnd = index
        while unitEnd < end, isLetter(field[unitEnd]) { unitEnd += 1 }
        return lowercased(field, start..<before) == lowercased(field, index..<unitEnd)
    }

    /// Whether a number with a unit ends at `end` (`650g` of `500g-650g`).
    static func endsWithNumberAndUnit(_ name: UnsafeBufferPointer<UInt8>, before end: Int) -> Bool {
        var index = end
        while index > 0, isLetter(name[index - 1]) { index -= 1 }
        while index > 0, NumberReader.blankWidth(name, before: index, start: 0) > 0 { index -= 1 }
        return index > 0 && Byte.isDigit(name[index - 1])
    }

    /// Whether another size comes right before the one starting at `index`, joined by `+`, `/`,
    /// `&` or a dash (`200g + 50g`, `112g/148g`, `500g/1kg`, `24 x 0.5L - 6 x 0.5L`), or a number
    /// joined by `+` (`4+2x125g`): the name states several sizes and reads two ways. Digits
    /// alone before a `/` are a case count (`12/1L`), not a size.
    static func followsAnotherSize(_ name: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var joint = index
        while joint > 0, case let width = NumberReader.blankWidth(name, before: joint, start: 0), width > 0 { joint -= width }
        guard joint > 0 else { return false }
        let byte = name[joint - 1]
        var width = 0
        if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "&") {
            width = 1
        } else {
            width = dashWidth(name, before: joint)
        }
        guard width > 0 else { return false }
        var before = joint - width
        while before > 0, case let blank = NumberReader.blankWidth(name, before: before, start: 0), blank > 0 { before -= blank }
        guard before > 0 else { return false }
        if byte == UInt8(ascii: "+") && Byte.isDigit(name[before - 1]) { return true }
        return isLetter(name[before - 1]) && endsWithNumberAndUnit(name, before: before)
    }

    /// The number and unit of a size that ends right before `index`, after blanks or one comma
    /// (`400 g, ` before `240 g`; `1 lb ` before `2 oz`), if one does.
    static func sizeRightBefore(_ name: UnsafeBufferPointer<UInt8>, at index: Int) -> (number: Range<Int>, unit: Range<Int>)? {
        var end = index
        while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        if end > 0, name[end - 1] == Byte.comma {
            end -= 1
            while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        }
        guard end < index else { return nil }
        var unitStart = end
        while unitStart > 0, isLetter(name[unitStart - 1]) { unitStart -= 1 }
        // Only a unit of mass or volume makes a size here: `VAT 69 whisky 0.7 l` has one size.
        guard unitStart < end, sizeUnits.contains(lowercased(name, unitStart..<end)) else { return nil }
        var numberEnd = unitStart
        while numberEnd > 0, case let width = NumberReader.blankWidth(name, before: numberEnd, start: 0), width > 0 { numberEnd -= width }
        var numberStart = numberEnd
        while numberStart > 0, Byte.isDigit(name[numberStart - 1]) || isMark(name[numberStart - 1]) { numberStart -= 1 }
        while numberStart < numberEnd, isMark(name[numberStart]) { numberStart += 1 }
        guard numberStart < numberEnd, Byte.isDigit(name[numberEnd - 1]) else { return nil }
        // The number must start a word (`x2 3 kg` is no size before).
        guard numberStart == 0 || !isLetter(name[numberStart - 1]) else { return nil }
        return (numberStart..<numberEnd, unitStart..<end)
    }

    /// Spellings of units of mass and volume, enough to tell a size before another (`400 g, 240 g`)
    /// from a number and a word (`VAT 69 whisky`).
    private static let sizeUnits: Set<[UInt8]> = Set([
        "g", "gr", "grs", "gram", "grams", "gramm", "kg", "kgs", "kilo", "kilos", "mg", "ml", "mls", "l", "lt", "ltr", "litre",
        "liter", "litres", "liters", "cl", "dl", "oz", "ounce", "ounces", "lb", "lbs", "pound", "pounds", "gal", "qt", "pt", "floz",
    ].map { Array($0.utf8) })

    /// Spellings of the pound and the ounce, for `1 lb 2 oz`.
    static let pounds: Set<[UInt8]> = Set(["lb", "lbs", "pound", "pounds"].map { Array($0.utf8) })
    static let ounces: Set<[UInt8]> = Set(["oz", "ounce", "ounces"].map { Array($0.utf8) })
}
