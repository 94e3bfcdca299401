/// The currency a price states, when it states one (`$3.49`, `3,15 €`, `EUR 2.99`).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    /// An ISO 4217 code (`EUR`), or the symbol itself when it names several currencies (`$`).
    public var code: String

    public init(code: String) {
        self.code = code
    }

    public var description: String { code }

    /// Symbols and codes recognised around a price, longest first so that `US$` wins over `$`.
    static let spellings: [(text: [UInt8], code: String)] = {
        var spellings: [(String, String)] = [
            ("US$", "USD"), ("CA$", "CAD"), ("C$", "CAD"), ("A$", "AUD"), ("€", "EUR"), ("£", "GBP"),
            ("¥", "JPY"), ("kn", "HRK"), ("zł", "PLN"), ("Kč", "CZK"), ("$", "$"),
        ]
        for code in ["EUR", "USD", "CAD", "GBP", "CHF", "AUD", "NZD", "JPY", "CNY", "SEK", "NOK", "DKK", "PLN", "CZK",
                     "HUF", "HRK", "RON", "BGN", "MXN", "BRL", "INR", "ZAR"] {
            spellings.append((code, code))
            spellings.append((code.lowercased(), code))
        }
        return spellings.map { (Array($0.0.utf8), $0.1) }.sorted { $0.0.count > $1.0.count }
    }()
}
