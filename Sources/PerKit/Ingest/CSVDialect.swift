/// How a file's fields are separated and quoted.
public struct CSVDialect: Hashable, Sendable {
    public var delimiter: UInt8
    public var quote: UInt8

    public init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\"")) {
        self.delimiter = delimiter
        self.quote = quote
    }
}
