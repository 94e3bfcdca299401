/// Amounts that are no pack's size: a basis or a bound (`per 100 g`, `max 500 g`), a nutrient's
/// amount (`Pro 20g`).
extension SizeReader {
    /// The word right before a cell's size (which starts at `sizeStart`) when it makes the size a
    /// basis or a bound (`per 100 g`, `je 100 g`, `max 500 g`, `up to 500 g`, `x 500g`): what a
    /// price is per, a limit, or a count without its number; nil otherwise.
    func basisOrBoundWord(_ field: UnsafeBufferPointer<UInt8>, from start: Int, before sizeStart: Int) -> String? {
        var wordEnd = sizeStart
        while wordEnd > start, case let width = NumberReader.blankWidth(field, before: wordEnd, start: start), width > 0 { wordEnd -= width }
        var wordStart = wordEnd
        while wordStart > start, Self.isLetter(field[wordStart - 1]) || field[wordStart - 1] == Byte.dot { wordStart -= 1 }
        let word = String(decoding: UnsafeBufferPointer(rebasing: field[wordStart..<wordEnd]), as: UTF8.self)
        return Self.basisOrBoundWords.contains(word.lowercased()) ? word : nil
    }

    /// Words before a size in a quantity cell that make it no pack size: a basis (`per`, `je`,
    /// `pro`, `za`, `à`), a bound (`max`, `min`, `up to`, `do`, `bis`, `ab`, `from`, `od`), or a
    /// multiplication sign with no count (`x 500g`).
    static let basisOrBoundWords: Set<String> = [
        "per", "je", "pro", "za", "à", "a", "max", "max.", "maximum", "min", "min.", "minimum", "to", "do", "bis", "ab", "from",
        "od", "until", "x", "×", "upto", "jusqu'à", "hasta", "até", "fino",
    ]

    /// The word right before a mass that makes it a nutrient's amount (`Pro 20g`, `Protein: 30 g`,
    /// `Eiweiß: 25g`), if it is one.
    static func nutrientBefore(_ name: UnsafeBufferPointer<UInt8>, at index: Int, unit: [UInt8]) -> String? {
        guard nutrientUnits.contains(unit) else { return nil }
        var end = index
        while end > 0, case let width = NumberReader.blankWidth(name, before: end, start: 0), width > 0 { end -= width }
        var colon = false
        while end > 0, name[end - 1] == UInt8(ascii: ":") {
            end -= 1
            colon = true
        }
        var start = end
        while start > 0, isLetter(name[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        let word = String(decoding: UnsafeBufferPointer(rebasing: name[start..<end]), as: UTF8.self)
        // `Pro 20g` says protein; another nutrient's word only with a colon (`Protein: 30 g`):
        // `Whey Protein 30 g` is a 30 g pack of it.
        return (word.lowercased() == "pro" || colon && nutrientWords.contains(word.lowercased())) ? word : nil
    }

    /// Units of nutrient amounts, and the words that name nutrients.
    private static let nutrientUnits: Set<[UInt8]> = Set(["g", "gr", "mg", "gram", "grams", "mcg", "µg"].map { Array($0.utf8) })
    private static let nutrientWords: Set<String> = [
        "pro", "protein", "proteins", "proteina", "proteine", "proteinas", "eiweiß", "eiweiss", "bjelančevine", "bjelancevine",
        "białko", "bialko", "fat", "fett", "sugar", "sugars", "zucker", "fibre", "fiber", "ballaststoffe", "carbs", "carb",
        "kohlenhydrate", "salt", "salz", "caffeine", "koffein", "omega", "collagen", "kollagen", "creatine", "kreatin",
    ]
}
