/// A column's header as per reads it to learn what the column holds: its words, in lower case
/// without diacritics (`neto`, `kolicina` of `neto količina(KG)`), split at blanks,
/// punctuation, changes between letters and digits and lower-to-upper case (`priceDate`,
/// `net_weight_g`), and what it says about its values: a unit (`(KG)`, `_g`, `Inhalt (g)`), a
/// currency (`(EUR)`, `in €`), or what a figure is per (`per kg`, `€/kg`, `pro 100 g`).
struct HeaderWords: Equatable, Sendable {
    /// The words, folded, in order; units and currencies that annotate the header are not among them.
    let words: [String]
    /// A unit of mass or volume the header names for its values, as written (`KG`, `g`).
    let unit: String?
    /// A currency the header names (`EUR`, `€`, `dollars`).
    let currency: String?
    /// What a figure in the column is per, when the header says (`per kg`, `/100g`): the amount
    /// (1 when none is written) and the unit as written; the first of `bases`.
    var per: (amount: String, unit: String)? { bases.first }
    /// Every basis the header names, one per dimension at most (`Grundpreis je 100 g/100 ml`,
    /// `Cena za kg/l`).
    let bases: [(amount: String, unit: String)]
    /// Whether the header names a share (`Vol.%`, `Fett %`): its values are no amounts of a pack.
    let isShare: Bool
    /// Whether the header explains marks (`akc.cijena, A=akcija`: `A` means a sale runs): a
    /// column of marks, not of figures.
    let isLegend: Bool
    /// How many units the header names (`jed.mj. (1 KOM/L/KG)` names three: a column that says
    /// which of them a figure is per).
    let unitCount: Int

    static func == (a: HeaderWords, b: HeaderWords) -> Bool {
        a.words == b.words && a.unit == b.unit && a.currency == b.currency && a.unitCount == b.unitCount && a.isLegend == b.isLegend
            && a.isShare == b.isShare && a.bases.map(\.amount) == b.bases.map(\.amount) && a.bases.map(\.unit) == b.bases.map(\.unit)
    }

    init(_ title: String, units: UnitTable) {
        let tokens = Self.tokens(title)
        var words: [String] = []
        var unit: String?
        var currency: String?
        var bases: [(amount: String, unit: String)] = []
        let unitCount = tokens.filter {
            !Self.words(containing: $0.folded) && Self.unitSpelling($0.text, units: units, anyDimension: true) != nil
        }.count
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let folded = token.folded
            // `per kg`, `pro 100 g`, `/kg`, `€/100g`: what a figure is per.
            let introducesBasis = Self.perWords.contains(folded) || (token.separator == "/" && !words.isEmpty)
            if introducesBasis || token.separator == "/" {
                var next = Self.perWords.contains(folded) ? index + 1 : index
                var amount = "1"
                if next < tokens.count, tokens[next].text.allSatisfy(\.isNumber) {
                    amount = tokens[next].text
                    next += 1
                }
                // `l'unité`: a letter before an apostrophe is an article, not a litre.
                let elided = next + 1 < tokens.count && tokens[next + 1].separator == "'"
                if next < tokens.count, !elided, !Self.words(containing: tokens[next].folded),
                   let spelled = Self.unitSpelling(tokens[next].text, units: units, anyDimension: true) {
                    bases.append((amount, spelled))
                    if Self.perWords.contains(folded) && !words.contains("per") { words.append("per") }
                    index = next + 1
                    continue
                }
            }
            if Self.currencies.contains(folded) {
                currency = currency ?? token.text
            } else if let spelled = Self.unitSpelling(token.text, units: units, anyDimension: false),
                      tokens.count > 1, !Self.words(containing: folded) {
                unit = unit ?? spelled
            } else {
                words.append(folded)
            }
            index += 1
        }
        self.words = words
        self.unit = unit
        self.currency = currency
        self.bases = bases
        self.unitCount = unitCount
        isLegend = tokens.contains { $0.separator == "=" }
        isShare = title.contains("%")
    }

    /// A token that names a unit: of mass or volume, or of any dimension after a word that
    /// introduces a basis (`per each`).
    private static func unitSpelling(_ text: String, units: UnitTable, anyDimension: Bool) -> String? {
        guard let found = units.lookup(text), text.contains(where: \.isLetter) else { return nil }
        return anyDimension || units[found].dimension != .count ? text : nil
    }

    /// Whether a folded token is a header word too, not only a unit (`pack`, `count`, `each`
    /// are words; `kg` is not).
    private static func words(containing folded: String) -> Bool {
        HeaderVocabulary.concepts(of: folded) != []
    }

    /// Words that introduce what a figure is per.
    static let perWords: Set<String> = ["per", "pro", "por", "par", "au", "al", "je", "za", "po", "за", "ανα"]

    /// Currencies a header names for its prices.
    static let currencies: Set<String> = [
        "eur", "euro", "euros", "€", "usd", "$", "us$", "dollar", "dollars", "cad", "aud", "nzd", "gbp", "£", "chf", "kn", "hrk",
        "pln", "zl", "czk", "kc", "huf", "ft", "ron", "lei", "sek", "dkk", "nok", "kr", "bam", "km", "rsd", "din", "bgn", "lv",
    ]

    /// A piece of a header: its text as written, and the character before it, if one separated it.
    struct Token {
        let text: String
        let separator: Character?
        var folded: String { HeaderWords.fold(text) }
    }

    /// Splits a header at everything but letters and digits, between letters and digits, and
    /// before an upper-case letter that follows a lower-case one; currency symbols are tokens
    /// of their own.
    static func tokens(_ title: String) -> [Token] {
        var tokens: [Token] = []
        var current = ""
        var separator: Character?
        var previous: Character?
        func flush() {
            if !current.isEmpty { tokens.append(Token(text: current, separator: separator)) }
            current = ""
            separator = nil
        }
        for character in title {
            if character == "€" || character == "$" || character == "£" {
                flush()
                tokens.append(Token(text: String(character), separator: nil))
            } else if character.isLetter || character.isNumber {
                if let previous, !current.isEmpty,
                   (previous.isNumber != character.isNumber) || (previous.isLowercase && character.isUppercase) {
                    flush()
                } else if let previous, previous.isUppercase, character.isLowercase, current.count >= 2,
                          current.allSatisfy(\.isUppercase) {
                    // `JMjere`, `HTMLName`: the last capital of a run starts the next word.
                    let last = current.removeLast()
                    flush()
                    current.append(last)
                }
                current.append(character)
            } else {
                flush()
                if !character.isWhitespace && character != "_" { separator = character }
            }
            previous = character
        }
        flush()
        return tokens
    }

    /// Lower case without diacritics (`količina` is `kolicina`, `Größe` `grosse`): the letter
    /// a Unicode name gives before `WITH` (`LATIN SMALL LETTER C WITH CARON`), and the letters
    /// of a ligature or a sharp s.
    static func fold(_ text: String) -> String {
        var folded = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII || !scalar.properties.isAlphabetic {
                if scalar.properties.generalCategory != .nonspacingMark { folded.unicodeScalars.append(scalar) }
                continue
            }
            folded += foldedLetter(scalar)
        }
        return folded
    }

    private static func foldedLetter(_ scalar: Unicode.Scalar) -> String {
        if let plain = greekAccents[scalar] { return String(plain) }
        guard let name = scalar.properties.name, name.hasPrefix("LATIN SMALL ") else { return String(scalar) }
        if name == "LATIN SMALL LETTER SHARP S" { return "ss" }
        var letters = name.dropFirst("LATIN SMALL ".count)
        for prefix in ["LETTER ", "LIGATURE "] where letters.hasPrefix(prefix) { letters = letters.dropFirst(prefix.count) }
        if let with = letters.range(of: " WITH ") { letters = letters[..<with.lowerBound] }
        for word in ["DOTLESS ", "SMALL CAPITAL "] where letters.hasPrefix(word) { letters = letters.dropFirst(word.count) }
        guard letters.count <= 2, letters.allSatisfy({ ("A"..."Z").contains($0) }) else { return String(scalar) }
        return letters.lowercased()
    }
}

extension HeaderWords {
    /// Greek letters with an accent or a diaeresis, and the final sigma, as their plain letter
    /// (`τιμή` is `τιμη`, `προσφοράς` is `προσφορασ` → `προσφορας`).
    fileprivate static let greekAccents: [Unicode.Scalar: Unicode.Scalar] = [
        "ά": "α", "έ": "ε", "ή": "η", "ί": "ι", "ό": "ο", "ύ": "υ", "ώ": "ω", "ϊ": "ι", "ϋ": "υ", "ΐ": "ι", "ΰ": "υ",
    ]
}

extension StringProtocol {
    fileprivate func range(of other: String) -> Range<Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(other) { return start..<index(start, offsetBy: other.count) }
            start = index(after: start)
        }
        return nil
    }
}
