/// The unit a size is in when words follow it (`1.89L Almond Milk`, `4 L bag`).
extension RowRules {
    /// The unit a size is in: its spelling as written, or, when per does not know that, its first
    /// words when they are a unit and only words follow, no digits (`1.89L Almond Milk`, `4 L
    /// bag`, `240g / Boxed Cookies`: the rest says what the pack is, not how much it holds).
    @inline(__always)
    func unit(of text: UnsafeBufferPointer<UInt8>, spellings: inout UnitSpellings) -> (spelling: Int, unit: Int) {
        let spelling = spellings.id(text)
        let unit = spellings.unit(of: spelling)
        if unit >= 0 || text.count < 3 { return (spelling, unit) }
        return leadingUnit(of: text, spellings: &spellings) ?? (spelling, unit)
    }

    @inline(never)
    private func leadingUnit(of text: UnsafeBufferPointer<UInt8>, spellings: inout UnitSpellings) -> (spelling: Int, unit: Int)? {
        func separates(_ byte: UInt8) -> Bool {
            byte == Byte.space || byte == Byte.tab || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(")
                || byte == Byte.comma || byte == UInt8(ascii: "-")
        }
        guard !text.contains(where: Byte.isDigit) else { return nil }
        // The longest run of words before a separator that is a unit.
        for end in stride(from: text.count - 1, to: 0, by: -1) where separates(text[end]) && !separates(text[end - 1]) {
            let spelling = spellings.id(UnsafeBufferPointer(rebasing: text[..<end]))
            let unit = spellings.unit(of: spelling)
            guard unit >= 0 else { continue }
            // Words that say which unit it is (`pint UK`, `OZ FLUID`, `gal US`), or another unit of
            // mass or volume, are no description: the text reads two ways, and is refused.
            let rest = String(decoding: UnsafeBufferPointer(rebasing: text[end...]), as: UTF8.self).lowercased()
            let words = rest.split(whereSeparator: { !$0.isLetter })
            for word in words {
                if Self.unitQualifiers.contains(String(word)) { return nil }
                // A unit of mass or volume too (`kg lb`); a count word says what the size is of
                // (`35g each`, `16 oz pack`).
                if let other = spellings.unit(named: String(word)), facts.itemsPerUnit[other] == nil { return nil }
            }
            return (spelling, unit)
        }
        return nil
    }

    /// Words that, after a unit, change which unit it is.
    private static let unitQualifiers: Set<String> = ["us", "uk", "imp", "imperial", "fl", "fluid", "liquid", "dry", "avoirdupois",
                                                      "troy", "metric", "british", "american"]
}
