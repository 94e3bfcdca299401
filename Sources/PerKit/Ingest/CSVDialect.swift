/// How a file's fields are separated and quoted.
public struct CSVDialect: Hashable, Sendable {
    public var delimiter: UInt8
    public var quote: UInt8
    /// How a quote is written inside a quoted field: doubled (`""`, RFC 4180), or after a
    /// backslash (`\"`, MySQL's and PHP's exports: `BackslashEscapes`).
    public var escape: Escape

    public enum Escape: String, CaseIterable, Sendable {
        case doubled = "double"
        case backslash
    }

    public init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\""), escape: Escape = .doubled) {
        self.delimiter = delimiter
        self.quote = quote
        self.escape = escape
    }
}
