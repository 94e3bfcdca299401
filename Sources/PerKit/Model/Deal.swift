/// A multi-buy deal written where a price goes: `2/$7.00`, `2 for 5.00`, `3 for 9,00 €`,
/// `2 za 5,00` (N for a price); `2+1 gratis`, `1+1` (pay for some, get more); `second half
/// price` (the second at half the single price). A shopper who takes the deal pays `paid` for
/// `count` packs: per ranks that, as a receipt's line of `count` packs.
public struct Deal: Hashable, Sendable, BitwiseCopyable {
    public enum Kind: Hashable, Sendable, BitwiseCopyable {
        /// `count` for a price.
        case forPrice(ExactDecimal)
        /// Pay for `paid` packs, get `count`.
        case payFor(paid: Int)
        /// The second pack at half the single price.
        case secondHalfPrice
    }

    public var kind: Kind
    /// How many packs the deal takes.
    public var count: Int
    /// The currency its price names, when it names one.
    public var currency: Currency?

    /// What `count` packs cost on the deal, given the single price when the deal needs one.
    func paid(single: ExactDecimal?) -> ExactDecimal? {
        switch kind {
        case .forPrice(let price): return price
        case .payFor(let paid): return single?.times(paid)
        case .secondHalfPrice: return single?.timesExactly(ExactDecimal(significand: 15, scale: 1))
        }
    }

    /// Whether the deal names its own price (`2 for 5.00`), or is reckoned from a single price.
    var namesPrice: Bool {
        if case .forPrice = kind { return true }
        return false
    }

    /// As reports show it: `2 for 5.00`, `2+1 free`, `second half price`.
    public var text: String {
        switch kind {
        case .forPrice(let price): "\(count) for \(price.text)"
        case .payFor(let paid): "\(paid)+\(count - paid) free"
        case .secondHalfPrice: "second half price"
        }
    }
}

/// Reads a deal from a price or promotion cell (`Deal`). A cell that is no deal at all reads
/// as nil, so that a price that does not read keeps its own message; one that starts as a deal
/// but does not read exactly (`3 for 9,00,0`, `0+1`) is a failure naming why.
struct DealReader {
    var numbers: NumberReader

    enum Failure: Error, Hashable, Sendable {
        /// The price after `N for` does not read.
        case price(NumberReader.Failure)
        /// A count of no packs, or more than `maximumCount`.
        case count
        /// `3 for 2`: three for 2.00, or three for the price of two.
        case twoWays(count: Int, whole: Int)
        /// `3 for the price of 4`: more than the packs cost singly (a slip for `4 for the price of 3`?).
        case paysMore(count: Int, paid: Int)
    }

    /// Whether a cell that is no number and no deal per reads still speaks of one: a percent
    /// sign, or a word of deals (`for`, `free`, `off`, `half`, `save`, `x` between numbers, ...).
    /// Only for the message of a cell already refused.
    static func looksLikeDeal(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: field, as: UTF8.self).lowercased()
        guard text.contains(where: \.isNumber) || text.contains("half") || text.contains("bogo") else { return false }
        if text.contains("%") { return true }
        let words = text.split { !$0.isLetter }.map(String.init)
        return words.contains { dealWords.contains($0) || forWords.contains($0) || freeWords.contains($0) }
    }

    /// Words of deals and discounts beside `forWords` and `freeWords`.
    static let dealWords: Set<String> = [
        "free", "off", "half", "save", "saving", "get", "buy", "bogo", "bogof", "any", "x", "each", "rd", "nd", "th", "price",
        "gratis", "besplatno", "pola", "popust", "rabatt", "gratuit", "offert", "regalo", "omaggio", "prezzo", "preis", "cijena",
    ]

    /// Whole cells that mean buy one, get one free.
    static let oneFreePhrases: Set<String> = ["bogof", "bogo", "buy one get one free", "buy 1 get 1 free", "buy one, get one free",
                                              "two for one", "2 for the price of 1"]

    /// `buy 2 get 1 free`: pay for 2, take 3.
    private static func buyGetFree(_ words: String) -> Result<Deal, Failure>? {
        let parts = words.split(separator: " ")
        guard parts.count == 5, parts[0] == "buy", parts[2] == "get", parts[4] == "free" || parts[4] == "free!",
              let paid = Int(parts[1]), let free = Int(parts[3]) else { return nil }
        guard paid >= 1, free >= 1, paid + free <= maximumCount else { return .failure(.count) }
        return .success(Deal(kind: .payFor(paid: paid), count: paid + free))
    }

    /// The most packs a deal may take: a shelf's `10 for $1.00` limes, not `1000 for 1.00`.
    static let maximumCount = 100

    /// The words between a count and its price: English, Croatian and the other Slavic lists,
    /// German, French, Spanish and Portuguese, Italian, Dutch, Swedish.
    static let forWords: Set<String> = ["for", "za", "für", "fur", "pour", "por", "per", "voor", "för", "na"]
    /// Words that may stand between the count and `for`: `2 pcs for`, `3 kom za`.
    static let countWords: Set<String> = ["pcs", "pc", "kom", "komada", "items", "x", "st", "stk", "stück", "pieces", "packs", "for"]
    /// Words after `N+M` that say the extra packs are free.
    static let freeWords: Set<String> = ["gratis", "free", "besplatno", "gratuit", "gratuito", "grátis", "kostenlos", "zdarma", "gratuiti"]
    /// Whole cells that mean the second pack at half price.
    static let halfPricePhrases: Set<String> = [
        "second half price", "2nd half price", "second at half price", "2nd at half price", "second 50% off", "2nd 50% off",
        "50% off the second", "drugi za pola cijene", "drugi proizvod za pola cijene", "drugi upola cijene",
        "zweiter zum halben preis", "2. zum halben preis", "le deuxième à moitié prix", "2e à moitié prix",
        "segunda unidad a mitad de precio", "2ª unidad a mitad de precio", "seconda a metà prezzo",
    ]

    /// How the cells that may be deals begin, lower-cased: a digit does too. Anything else is
    /// passed over before any text is made of it (names, in a file's first records).
    static let starts: [[UInt8]] = ["any ", "buy ", "bogo", "second", "2nd", "50%", "drugi", "zweiter", "le deux", "2e ", "segunda", "2ª",
                                    "seconda", "two "].map { Array($0.utf8) }

    func read(_ field: UnsafeBufferPointer<UInt8>) -> Result<Deal, Failure>? {
        guard let first = field.firstIndex(where: { $0 != Byte.space && $0 != Byte.tab }) else { return nil }
        if !(field[first] >= UInt8(ascii: "0") && field[first] <= UInt8(ascii: "9")) {
            let head = field[first...].prefix(8).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
            guard Self.starts.contains(where: { head.starts(with: $0) }) else { return nil }
        }
        let words = String(decoding: field, as: UTF8.self).lowercased()
            .split(whereSeparator: { $0 == " " || $0 == "\u{A0}" || $0 == "\t" }).joined(separator: " ")
        guard let first = words.unicodeScalars.first else { return nil }
        if Self.halfPricePhrases.contains(words) { return .success(Deal(kind: .secondHalfPrice, count: 2)) }
        if Self.oneFreePhrases.contains(words) { return .success(Deal(kind: .payFor(paid: 1), count: 2)) }
        if let free = Self.buyGetFree(words) { return free }
        guard first.properties.numericType != nil || words.hasPrefix("any ") || words.hasPrefix("buy ") else { return nil }
        var rest = Substring(words)
        for prefix in ["any ", "buy "] where rest.hasPrefix(prefix) { rest = rest.dropFirst(prefix.count) }
        let digits = rest.prefix(while: \.isASCIIDigit)
        guard !digits.isEmpty, let count = Int(digits) else { return nil }
        rest = rest.dropFirst(digits.count).drop { $0 == " " }
        // `2+1 gratis`, `1+1`
        if rest.first == "+" {
            rest = rest.dropFirst().drop { $0 == " " }
            let more = rest.prefix(while: \.isASCIIDigit)
            guard !more.isEmpty, let extra = Int(more) else { return nil }
            let tail = rest.dropFirst(more.count).drop { $0 == " " }
            guard tail.isEmpty || Self.freeWords.contains(String(tail)) else { return nil }
            guard count >= 1, extra >= 1, count + extra <= Self.maximumCount else { return .failure(.count) }
            return .success(Deal(kind: .payFor(paid: count), count: count + extra))
        }
        // `2/$7.00`, `2 for 5.00`, `3 kom za 9,00 €`
        var priceText: Substring
        if rest.first == "/" {
            priceText = rest.dropFirst()
        } else {
            var tokens = rest.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            if tokens.count == 3, Self.countWords.contains(String(tokens[0])), Self.forWords.contains(String(tokens[1])) {
                tokens = [tokens[1], tokens[2]]
            } else if tokens.count == 3, Self.forWords.contains(String(tokens[0])) {
                tokens = [tokens[0], rest[tokens[1].startIndex...]]
            }
            guard tokens.count == 2, Self.forWords.contains(String(tokens[0])) else { return nil }
            priceText = tokens[1]
        }
        // `1/2` is a fraction or a half, `1 for 2.00` a price: a deal takes two packs or more.
        guard count >= 2 else { return nil }
        guard count <= Self.maximumCount else { return .failure(.count) }
        // `3 for the price of 2`; `3 for the price of 3` saves nothing, and is then no deal
        // (`RowPrices`), as a sale at the regular price is no sale.
        if priceText.hasPrefix("the price of ") {
            guard let paid = Int(priceText.dropFirst("the price of ".count)) else { return nil }
            guard paid >= 1 else { return .failure(.count) }
            guard paid <= count else { return .failure(.paysMore(count: count, paid: paid)) }
            return .success(Deal(kind: .payFor(paid: paid), count: count))
        }
        // `3 for 2`: three for 2.00, or three for the price of two? A whole number below the
        // count with no currency reads both ways.
        if let whole = Int(priceText), whole >= 1, whole < count {
            return .failure(.twoWays(count: count, whole: whole))
        }
        let bytes = Array(priceText.utf8)
        let reading = bytes.withUnsafeBufferPointer { numbers.read($0) }
        switch reading {
        case .success(let price) where !price.value.isZero:
            return .success(Deal(kind: .forPrice(price.value), count: count, currency: price.currency))
        case .success: return .failure(.price(.notANumber))
        case .failure(let failure): return .failure(.price(failure))
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
