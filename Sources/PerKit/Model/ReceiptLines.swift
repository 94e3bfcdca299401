/// Lines of a receipt that are no product, known by their names when they carry no size:
/// deposits, bags, and subtotal, total and tax lines, in the languages of the receipts per
/// reads (English, German, Croatian and its neighbours, Spanish, Italian, French, Dutch,
/// Polish, Czech, Slovak, Lithuanian). Words are compared in lower case, whole, with the
/// name cut at every character that is not a letter or digit; a deposit or bag word may stand
/// anywhere in the name (`Pop.pirk.maišelis`, `Einweg Pfand`) but after a number (`Tea 20
/// bags` counts tea bags), a total or tax word must come first.
public enum ReceiptLines {
    /// What a line that is no product is.
    public enum Kind: String, Hashable, Sendable {
        case deposit, bag, total, tax, discount
        /// The header line again (files joined one after the other), in any file.
        case header
    }

    static func kind(ofName name: UnsafeBufferPointer<UInt8>) -> Kind? {
        let words = String(decoding: name, as: UTF8.self).lowercased()
            .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        guard let first = words.first else { return nil }
        // A word after a number counts things a product holds (`Tea 20 bags`), not the line's.
        func named(_ index: Int, _ set: Set<String>, stems: [String]) -> Bool {
            let word = words[index]
            let found = set.contains(word) || stems.contains { word == $0 || word.hasPrefix($0) && word.count > $0.count + 2 || word.hasSuffix($0) }
            return found && (index == 0 || !words[index - 1].allSatisfy(\.isNumber))
        }
        // Besides its own word, a receipt's line says only amounts, short marks (a tax class,
        // `kn`, `pop.`) and words of its kind (`Einweg`, `Papier`): a product's name says more
        // (`Total Cereal`, `VAT 69 whisky`, `Milk in a bag`, `Pfandl cheese`).
        func onlyFillers(besides index: Int, _ kind: Set<String>) -> Bool {
            words.indices.allSatisfy { other in
                let word = words[other]
                return other == index || word.allSatisfy(\.isNumber) || word.count <= 3 || kind.contains(word) || Self.amountWords.contains(word)
                    || Self.deposits.contains(word) || Self.bags.contains(word) || Self.totals.contains(word) || Self.taxes.contains(word)
            }
        }
        if let index = words.indices.first(where: { named($0, deposits, stems: depositStems) }), onlyFillers(besides: index, depositWords) {
            return .deposit
        }
        if containsPhrase(words, depositPhrases) && words.count <= 4 { return .deposit }
        if let index = words.indices.first(where: { named($0, bags, stems: bagStems) }), onlyFillers(besides: index, bagWords) { return .bag }
        if totals.contains(first) || containsPhrase(Array(words.prefix(2)), totalPhrases) {
            if onlyFillers(besides: 0, totalWords) { return .total }
        }
        if taxes.contains(first), onlyFillers(besides: 0, taxWords) { return .tax }
        return nil
    }

    /// Words a receipt's lines write beside their own: currencies and amounts.
    static let amountWords: Set<String> = ["eur", "euro", "usd", "gbp", "chf", "hrk", "pln", "czk", "huf", "sum", "betrag", "bar", "cash"]
    /// Words of deposit lines (`Einweg Pfand`, `Pfand Flasche`, `bottle return`).
    static let depositWords: Set<String> = [
        "einweg", "mehrweg", "flasche", "flaschen", "dose", "dosen", "glas", "kasten", "kiste", "bottle", "bottles", "can", "cans",
        "return", "rückgabe", "ruckgabe", "rueckgabe", "retour", "povratna", "naknada", "ambalaža", "ambalaza", "bon", "gebinde",
        "zwrot", "vrátenie", "vratenie", "pirk", "taros",
    ]
    /// Words of bag lines (`Papiertüte`, `Pop.pirk.maišelis`, `plastic bag`).
    static let bagWords: Set<String> = [
        "plastic", "paper", "papier", "carrier", "shopping", "pirk", "pirkinių", "pirkiniu", "mala", "mała", "duza", "duża", "velika",
        "large", "small", "reusable", "jute", "stoff", "plastik", "plast", "papirnata", "plastična", "plasticna", "biorazgradiva",
        "vienkart", "vienkartinis", "daugkartinis", "single", "use", "einweg", "mehrweg", "jednokratna", "višekratna", "visekratna",
    ]
    /// Words of total lines (`Summe EUR`, `Total a pagar`, `zu zahlen`).
    static let totalWords: Set<String> = ["zahlen", "pagar", "pagare", "platiti", "brutto", "netto", "karte", "card", "suma", "moketi", "mokėti"]
    /// Words of tax lines (`MwSt 19% netto`, `VAT 20% included`).
    static let taxWords: Set<String> = ["netto", "brutto", "satz", "included", "incl", "inkl", "enthalten", "osnovica", "iznos", "rate"]

    /// The percentage a name states (`Mitarbeiterrabatt5%`, `Rabatt 10 %`, `-2,5%`): the last
    /// number right before a `%`, or nil.
    static func percent(inName name: UnsafeBufferPointer<UInt8>) -> ExactDecimal? {
        guard let sign = name.lastIndex(of: UInt8(ascii: "%")) else { return nil }
        var end = sign
        while end > 0 && name[end - 1] == Byte.space { end -= 1 }
        var start = end
        var marks = 0
        while start > 0, case let byte = name[start - 1],
              Byte.isDigit(byte) || ((byte == Byte.dot || byte == Byte.comma) && marks == 0 && start < end) {
            if !Byte.isDigit(byte) { marks += 1 }
            start -= 1
        }
        while start < end && !Byte.isDigit(name[start]) { start += 1 }  // a mark before the digits
        guard start < end, end - start <= 18 else { return nil }
        var significand: UInt64 = 0
        var scale = 0
        var afterMark = false
        for byte in name[start..<end] {
            if Byte.isDigit(byte) {
                significand = significand * 10 + UInt64(byte - Byte.zero)
                if afterMark { scale += 1 }
            } else {
                afterMark = true
            }
        }
        return significand == 0 ? nil : ExactDecimal(significand: significand, scale: scale)
    }

    private static func containsPhrase(_ words: [String], _ phrases: [[String]]) -> Bool {
        phrases.contains { phrase in
            words.count >= phrase.count && (0...(words.count - phrase.count)).contains { Array(words[$0..<($0 + phrase.count)]) == phrase }
        }
    }

    static let deposits: Set<String> = [
        "pfand", "leergut", "leerg", "deposit", "depozit", "depozyt", "kaucja", "statiegeld", "consigne", "vasilhame", "záloha", "zaloha",
        "zálohovaný", "užstatas", "uzstatas", "povratnica",
    ]
    /// German compounds begin or end with these (`Pfandrückgabe`, `Einwegpfand`, `Leergutbon`).
    static let depositStems = ["pfand", "leergut"]
    static let depositPhrases: [[String]] = [["povratna", "naknada"], ["vuoto", "a", "rendere"], ["bottle", "return"]]
    static let bags: Set<String> = [
        "bag", "bags", "tragetasche", "tragtasche", "tüte", "tuete", "papiertüte", "vrećica", "vrecica", "bolsa", "sacchetto",
        "shopper", "sacola", "torba", "reklamówka", "taška", "tašky", "maišelis", "maiselis", "sac", "tas", "draagtas",
    ]
    /// German compounds end with these (`Allzwecktragetasche`, `Papiertüte`), or begin
    /// (`Tragetasch`, a till's cut name).
    static let bagStems = ["tragetasch", "tragtasch", "tüte"]
    static let totals: Set<String> = [
        "total", "subtotal", "summe", "zwischensumme", "gesamt", "gesamtsumme", "ukupno", "međuzbroj", "medjuzbroj", "suma",
        "totale", "totaal", "subtotaal", "mokėti", "moketi", "razem", "celkem", "spolu", "sous",
    ]
    static let totalPhrases: [[String]] = [["sub", "total"], ["tarpinė", "suma"], ["importe", "total"], ["sous", "total"],
                                           ["zu", "zahlen"], ["za", "platiti"], ["a", "pagar"], ["da", "pagare"]]
    static let taxes: Set<String> = ["mwst", "ust", "pdv", "vat", "iva", "tax", "steuer", "tva", "btw", "pvm", "dph", "ddv", "vat"]
}
