/// The currency a price states, when it states one (`$3.49`, `3,15 €`, `EUR 2.99`).
///
/// Held as a small index into `codes`, so that reading a price (which may carry one) copies
/// no reference-counted text.
public struct Currency: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    private let index: UInt8

    /// A currency by its code; nil for one per does not recognise.
    public init?(code: String) {
        guard let index = Self.codes.firstIndex(of: code) else { return nil }
        self.index = UInt8(index)
    }

    /// An ISO 4217 code (`EUR`), or the symbol itself when it names several currencies (`$`).
    public var code: String { Self.codes[Int(index)] }

    public var description: String { code }

    static let codes: [String] = {
        var codes: [String] = []
        for (_, code) in spellingTable where !codes.contains(code) { codes.append(code) }
        return codes
    }()

    /// Whether two currencies may be one: equal, or `$` beside any dollar. A report or a check
    /// that cannot tell them apart compares them (a `$` list that was `USD` last week still
    /// shows its rises).
    public static func mayBeSame(_ a: Currency, _ b: Currency) -> Bool {
        if a == b { return true }
        // `$` is the sign of dollars and pesos alike (CLDR).
        let dollars: Set<String> = ["$", "USD", "CAD", "AUD", "NZD", "MXN", "SGD", "HKD", "TWD", "ARS", "CLP", "COP", "UYU"]
        return (a.code == "$" && dollars.contains(b.code)) || (b.code == "$" && dollars.contains(a.code))
    }

    /// `mayBeSame` for currencies as their codes are written in reports.
    public static func mayBeSame(code a: String, code b: String) -> Bool {
        guard let first = Currency(code: a), let second = Currency(code: b) else { return a == b }
        return mayBeSame(first, second)
    }

    /// Symbols and codes recognised around a price, longest first so that `US$` wins over `$`.
    static let spellings: [(text: [UInt8], currency: Currency)] = spellingTable.map { ($0.text, Currency(code: $0.code)!) }

    /// `spellings` by their first byte, longest first: a cell's byte is looked up, never every
    /// spelling tried at every byte (a price or stated figure of digits tries none).
    static let spellingsByFirstByte: [[(text: [UInt8], currency: Currency)]] = {
        var table = [[(text: [UInt8], currency: Currency)]](repeating: [], count: 256)
        for spelling in spellings { table[Int(spelling.text[0])].append(spelling) }
        return table
    }()

    private static let spellingTable: [(text: [UInt8], code: String)] = {
        var spellings: [(String, String)] = [
            ("US$", "USD"), ("CA$", "CAD"), ("C$", "CAD"), ("A$", "AUD"), ("€", "EUR"), ("£", "GBP"),
            ("¥", "JPY"), ("kn", "HRK"), ("zł", "PLN"), ("Kč", "CZK"), ("$", "$"),
        ]
        // Symbols that name one currency in the Unicode CLDR's locale data (as Foundation's
        // `Locale.currencySymbol` gives them, over every locale): those of two characters or more,
        // or a sign of their own. One letter (`R`, `K`, `L`) is a word too; `kr` and `Rs` name several.
        spellings += [
            ("S/", "PEN"), ("R$", "BRL"), ("HK$", "HKD"), ("NT$", "TWD"), ("RD$", "DOP"), ("B/.", "PAB"), ("Gs.", "PYG"),
            ("Ft", "HUF"), ("Rp", "IDR"), ("RM", "MYR"), ("лв.", "BGN"), ("KM", "BAM"), ("Ksh", "KES"), ("TSh", "TZS"),
            ("USh", "UGX"), ("GH₵", "GHS"), ("Bs", "BOB"), ("₺", "TRY"), ("₽", "RUB"), ("₹", "INR"), ("₴", "UAH"), ("₱", "PHP"),
            ("₩", "KRW"), ("₫", "VND"), ("₪", "ILS"), ("₦", "NGN"), ("₸", "KZT"), ("₲", "PYG"), ("₡", "CRC"), ("฿", "THB"),
        ]
        for code in ["EUR", "USD", "CAD", "GBP", "CHF", "AUD", "NZD", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK",
                     "HUF", "HRK", "RON", "BGN", "MXN", "BRL", "INR", "ZAR", "ISK", "RSD", "BAM", "MKD", "TRY", "RUB", "UAH",
                     "PEN", "CLP", "COP", "ARS", "UYU", "PYG", "BOB", "DOP", "PAB", "CRC", "HKD", "TWD", "SGD", "MYR", "IDR",
                     "PHP", "THB", "VND", "KRW", "ILS", "KES", "TZS", "UGX", "GHS", "NGN", "KZT"] {
            spellings.append((code, code))
            spellings.append((code.lowercased(), code))
        }
        return spellings.map { (Array($0.0.utf8), $0.1) }.sorted { $0.0.count > $1.0.count }
    }()
}
