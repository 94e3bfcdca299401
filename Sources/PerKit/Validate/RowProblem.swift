/// One thing wrong with a row, said as a sentence a person can act on.
enum RowProblem: Hashable, Error {
    enum Field: String {
        case quantity, price, count
        case packPrice = "pack price"
        case salePrice = "sale price"
        case cardPrice = "card price"
    }

    case fieldCount(found: Int, expected: Int)
    case emptyName
    case nameNotUTF8
    case keyNotUTF8
    case number(Field, text: String, failure: NumberReader.Failure)
    case notPositive(Field, text: String)
    case emptyUnit
    case unknownUnit(text: String)
    case unknownUnitInQuantity(unit: String, quantity: String)
    case noUnit(quantity: String, header: String?)
    case fractionalCount(size: String, unit: String)
    case unknownUnitInCount(unit: String, count: String)
    case countNotWhole(text: String)
    case countTooLarge(text: String, limit: Int)
    case priceDisagrees(price: String, count: String, packPrice: String, expected: String)
    case currenciesDisagree(price: String, packPrice: String)
    case saleCurrencyDisagrees(price: String, sale: String)
    case saleOfOneOrAll(sale: String, count: String)
    case dealUnread(text: String, failure: DealReader.Failure)
    case dealUnknownForm(Field, text: String)
    case cardOfOneOrAll(card: String, count: String)
    case cardCurrencyDisagrees(price: String, card: String)
    case dealBesideCount(deal: String, count: String)
    case dealWithoutSinglePrice(deal: String)
    /// The deal's packs together (`count` of `size`) pass `ExactDecimal.maxDigits`.
    case dealPacksTooLarge(deal: String, count: Int, size: String)
    /// What the deal's packs cost, reckoned from the single price, passes `ExactDecimal.maxDigits`.
    case dealPriceTooLarge(deal: String, single: String)
    case sizeRange(text: String)
    case severalSizes(text: String)
    case besideOtherSize(quantity: String, unitColumn: String)
    case nutrientAmount(text: String, word: String)
    case sizeSplitNumber(text: String)
    /// A size after a basis or bound word (`per 100 g`, `max 500 g`).
    case sizeBasisOrBound(text: String, word: String)
    case discountWithoutProduct(amount: String)
    case discountTooLarge(amount: String, price: String, line: Int)
    case priceOfOneOrAll(price: String, count: String, header: String)
    case discountCurrency(amount: String, currency: String, productCurrency: String, line: Int)
    case discountNotPercent(amount: String, percent: String, price: String, line: Int)
    case noSizeInName
    case unknownUnitInName(unit: String)
    case zeroSizeInName
    case emptyList
    case listNotUTF8
    /// A record whose quoting is broken (`RecordDamage`), its lines as read.
    case brokenQuoting(RecordDamage, text: String)

    /// The quantity column's title, when this problem is a whole number without a unit: a
    /// quantity that may count packs (`Validator` says so once per file).
    var countsPacksPerhaps: String? {
        if case .noUnit(let quantity, let header?) = self, !quantity.isEmpty, quantity.allSatisfy(\.isNumber) { return header }
        return nil
    }

    /// The sentence for a row that starts on `line`.
    func sentence(line: Int) -> String {
        guard case .brokenQuoting(let damage, let text) = self else { return sentence }
        let found = line + damage.problemLine
        let place = "line \(found)" + (damage.column.map { ", column \($0)" } ?? "")
        let lines = damage.extraLines == 0 ? "its line is" : "its lines \(line)-\(line + damage.extraLines) are"
        // One line of text: each line break shows as ↵ (the rejects file has the lines as read).
        let oneLine = String(text.map { $0 == "\r\n" || $0 == "\n" || $0 == "\r" ? "\u{21B5}" : $0 })
        let shown = oneLine.count <= Self.quotedTextLimit ? oneLine
            : "\(oneLine.prefix(Self.quotedTextLimit))... (\(oneLine.count - Self.quotedTextLimit) more characters, in --rejects)"
        let what = if case .fieldTooLarge = damage.problem { "the row cannot be read" } else { "the quoting is broken" }
        return "\(what) (\(place): \(CSVSyntaxError(damage.problem, line: found).message)); \(lines) one "
            + "rejected row, kept as read: \(shown)"
    }

    /// How much of a damaged record's text its reason quotes.
    static let quotedTextLimit = 300

    var sentence: String {
        switch self {
        case .brokenQuoting:
            sentence(line: 0)
        case .fieldCount(let found, let expected):
            "the row has \(found) field\(found == 1 ? "" : "s") but the header has \(expected)"
        case .emptyName:
            "the name is empty"
        case .nameNotUTF8:
            "the name is not valid UTF-8 (if the file is in another encoding, name it with --encoding)"
        case .keyNotUTF8:
            "the key (--key) is not valid UTF-8 (if the file is in another encoding, name it with --encoding)"
        case .number(let field, _, .empty):
            "the \(field.rawValue) is empty"
        case .number(let field, let text, .notANumber):
            "the \(field.rawValue) \(Self.quote(text)) is not a number"
        case .number(let field, let text, .negative):
            "the \(field.rawValue) \(Self.quote(text)) is negative"
        case .number(let field, let text, .tooManyDigits):
            "the \(field.rawValue) \(Self.quote(text)) has more than \(ExactDecimal.maxDigits) digits"
        case .number(let field, let text, .ambiguous):
            "the \(field.rawValue) \(Self.quote(text)) reads two ways (a decimal or a thousands separator); "
                + "say which with --decimal-mark"
        case .notPositive(.quantity, let text):
            "the quantity \(Self.quote(text)) is zero; a unit price needs a positive quantity"
        case .notPositive(.price, let text):
            "the price \(Self.quote(text)) is zero; a free item has no unit price to compare"
        case .notPositive(.salePrice, let text):
            "the sale price \(Self.quote(text)) is zero; a free item has no unit price to compare"
        case .notPositive(.cardPrice, let text):
            "the card price \(Self.quote(text)) is zero; a free item has no unit price to compare"
        case .notPositive(.packPrice, let text):
            "the pack price \(Self.quote(text)) is zero; a free item has no unit price to compare"
        case .notPositive(.count, let text):
            "the count \(Self.quote(text)) is zero; a row that bought nothing has no unit price"
        case .unknownUnitInCount(let unit, let count):
            "the unit \(Self.quote(unit)) of the count \(Self.quote(count)) is unknown (per units lists the known ones)"
        case .countNotWhole(let text):
            "the count \(Self.quote(text)) is not a whole number of packs (a weighed item names its unit: 0.732 kg)"
        case .countTooLarge(let text, let limit):
            "the count \(Self.quote(text)) is more than \(limit) packs"
        case .priceDisagrees(let price, let count, let packPrice, let expected):
            "the price \(price) is not \(count) × the pack price \(packPrice) (\(expected)); which is right?"
        case .sizeRange(let text):
            "the size \(Self.quote(text)) is a range of sizes; a unit price needs one"
        case .sizeBasisOrBound(let text, let word):
            "the quantity \(Self.quote(text)) is no pack size after \(Self.quote(word)): a basis (per 100 g), a limit (max 500 g) or a count without its number (x 500 g)"
        case .sizeSplitNumber(let text):
            "the size in \(Self.quote(text)) has a blank beside a decimal mark (as in 1. 5 l or 1 .5 l): is it 1.5, or 5 or .5 alone? Write the number whole"
        case .severalSizes(let text):
            "\(Self.quote(text)) gives several sizes; a unit price needs one"
        case .nutrientAmount(let text, let word):
            "the size at the end of \(Self.quote(text)) follows \(Self.quote(word)): a nutrient's amount, not the pack's size; "
                + "write the pack's size after it"
        case .besideOtherSize(let quantity, let unitColumn):
            "the quantity \(Self.quote(quantity)) and the unit column's \(Self.quote(unitColumn)) are two sizes that disagree, and "
                + "no stated unit price says which is right; fix the row, or read one column for every row (--column quantity=HEADER)"
        case .discountWithoutProduct(let amount):
            "a discount of \(amount) with no product right above it to take it off (is the item above rejected or mismatched?)"
        case .discountTooLarge(let amount, let price, let line):
            "a discount of \(amount) is not less than the price \(price) of the product on line \(line)"
        case .priceOfOneOrAll(let price, let count, let header):
            "the price \(Self.quote(price)) for \(Self.quote(count)) reads two ways: one pack's price, or what the row cost? "
                + "--column pack-price=\(FormatSniffer.shellWord(header)) or --column price=\(FormatSniffer.shellWord(header)) says which"
        case .discountCurrency(let amount, let currency, let productCurrency, let line):
            "a discount of \(amount) in \(currency) cannot come off the product on line \(line), in \(productCurrency)"
        case .discountNotPercent(let amount, let percent, let price, let line):
            "a discount of \(amount) named \(percent)% is not \(percent)% of the price \(price) of the product on line \(line) "
                + "(a discount on the whole receipt is not taken off one item)"
        case .saleCurrencyDisagrees(let price, let sale):
            "the price is in \(price) and the sale price in \(sale); a unit price needs one currency"
        case .saleOfOneOrAll(let sale, let count):
            "the sale price \(Self.quote(sale)) for \(Self.quote(count)) reads two ways: one pack's price, or what the row cost? "
                + "Write the row's sale price beside a count of 1, or none"
        case .dealUnread(let text, .count):
            "the deal \(Self.quote(text)) takes no packs, or more than \(DealReader.maximumCount): per needs a count it can rank"
        case .dealUnread(let text, .paysMore(let count, let paid)):
            "the deal \(Self.quote(text)) asks the price of \(paid) packs for \(count), more than they cost singly: "
                + "check it (`\(paid) for the price of \(count)`?)"
        case .dealUnread(let text, .twoWays(let count, let whole)):
            "the deal \(Self.quote(text)) reads two ways: \(count) for \(whole).00, or \(count) for the price of \(whole)? "
                + "Write `\(count) for \(whole).00` or `\(count) for the price of \(whole)`"
        case .dealUnknownForm(.cardPrice, let text):
            "the card price \(Self.quote(text)) is a deal or a discount: per reads a card's price for one pack, not its deals"
        case .dealUnknownForm(let field, let text):
            "the \(field.rawValue) \(Self.quote(text)) looks like a deal or a discount per does not read: per reads `2 for 5.00`, "
                + "`2/$7.00`, `2+1 gratis`, `buy 2 get 1 free`, `second half price`; give a discount as the price it comes to"
        case .dealUnread(let text, .price(let failure)):
            "the deal \(Self.quote(text)) has a price that does not read (\(Self.why(failure))): "
                + "per reads `2 for 5.00`, `2/$7.00`, `2+1 gratis`, `second half price`"
        case .cardOfOneOrAll(let card, let count):
            "the card price \(Self.quote(card)) beside \(Self.quote(count)) packs reads two ways: one pack's price, or what they cost? "
                + "Write the row's card price beside a count of 1, or none"
        case .cardCurrencyDisagrees(let price, let card):
            "the card price is in \(card) and the price in \(price): two currencies cannot be compared"
        case .dealBesideCount(let deal, let count):
            "the deal \(Self.quote(deal)) beside a count of \(Self.quote(count)) reads two ways: how many packs did the row buy? "
                + "Write the deal beside a count of 1, or none"
        case .dealPacksTooLarge(let deal, let count, let size):
            "the deal \(Self.quote(deal)) takes \(count) packs of \(size), together more than \(ExactDecimal.maxDigits) digits, "
                + "more than per holds exactly: check the size"
        case .dealPriceTooLarge(let deal, let single):
            "the deal \(Self.quote(deal)) at \(single) a pack costs more than \(ExactDecimal.maxDigits) digits hold, "
                + "more than per holds exactly: check the price"
        case .dealWithoutSinglePrice(let deal):
            "the deal \(Self.quote(deal)) is reckoned from the single price, and the row gives none: per needs the price of one "
                + "pack in the price column"
        case .currenciesDisagree(let price, let packPrice):
            "the price is in \(price) and the pack price in \(packPrice)"
        case .emptyUnit:
            "the unit is empty"
        case .unknownUnit(let text):
            "the unit \(Self.quote(text)) is unknown (per units lists the known ones; --unit-alias adds one)"
        case .unknownUnitInQuantity(let unit, let quantity):
            "the unit \(Self.quote(unit)) in the quantity \(Self.quote(quantity)) is unknown (per units lists the known ones)"
        case .noUnit(let quantity, _):
            "the quantity \(Self.quote(quantity)) has no unit, and the file has no unit column"
        case .fractionalCount(let size, let unit):
            "the size \(size) \(Self.quote(unit)) is not a whole number of items; a count of pieces must be whole"
        case .noSizeInName:
            "the name does not end with a size (such as 500 g or 6x330 ml)"
        case .unknownUnitInName(let unit):
            "the name does not end with a size: \(Self.quote(unit)) is not a unit"
        case .zeroSizeInName:
            "the size at the end of the name is zero"
        case .emptyList:
            "the list name is empty"
        case .listNotUTF8:
            "the list name is not valid UTF-8 (if the file is in another encoding, name it with --encoding)"
        }
    }

    /// Bytes as text for a message: UTF-8, with each byte that is not part of a character shown
    /// as `\xE8`, so that a wrong encoding shows as such instead of as replacement characters.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            if length > 0, index + length <= bytes.count,
               let character = String(validating: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]), as: UTF8.self) {
                text += character
                index += length
            } else {
                text += "\\x" + String(lead, radix: 16, uppercase: true)
                index += 1
            }
        }
        return text
    }

    /// A value as it may be shown inside a sentence: quoted, control characters made visible,
    /// cut after 40 characters.
    /// Why a number does not read, as words for a message (`more than 18 digits`).
    static func why(_ failure: NumberReader.Failure) -> String {
        switch failure {
        case .empty: "it is empty"
        case .notANumber: "not a positive number"
        case .negative: "it is negative"
        case .tooManyDigits: "more than \(ExactDecimal.maxDigits) digits"
        case .ambiguous: "it reads two ways, a decimal or a thousands mark: say which with --decimal-mark"
        }
    }

    static func quote(_ text: String) -> String {
        var shown = ""
        for (count, character) in text.enumerated() {
            if count == 40 {
                shown += "…"
                break
            }
            for scalar in character.unicodeScalars {
                if ControlCharacters.isShown(scalar) {
                    shown += scalar.escaped(asASCII: true)
                } else if scalar == "\"" {
                    shown += "\\\""
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(shown)\""
    }
}
