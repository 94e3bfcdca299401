/// Strings and keys: read where they are, decoded only when they have escapes, checked to be UTF-8.
extension ReportJSONReader {
    /// A key: its bytes where they are, decoded only when it has escapes.
    mutating func key() throws -> Key {
        let quote = position
        let first = try plainRun()
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return Key(range: first..<(position - 1), decoded: -1)
        }
        position = quote
        let text = try string()
        decodedKeys.append(Array(text.utf8))
        return Key(range: first..<(position - 1), decoded: decodedKeys.count - 1)
    }

    /// From a string's opening quote, past the bytes that need no decoding (up to its closing
    /// quote, a backslash or a control byte): where they start. A string past the field limit
    /// is refused. Both `key` and `appendString` read a string so.
    @inline(__always)
    private mutating func plainRun() throws -> Int {
        let quote = position
        position += 1
        let first = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20 {
            position += 1
        }
        // As a sheet's field: a string past 1 MiB is no name, list or key per wrote.
        if position - first > Self.longestString {
            position = quote
            throw failure("a string is longer than \(Self.longestString) bytes, the limit of a field")
        }
        return first
    }

    /// The longest string a report may hold: a sheet's field limit (`CSVLimits.maxFieldBytes`).
    static var longestString: Int { CSVLimits().maxFieldBytes }

    /// A string's bytes appended to the products' text, checked to be UTF-8: where they start
    /// and how many.
    mutating func appendString() throws -> (start: Int, length: Int) {
        guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a string, found \(found())") }
        let quote = position
        let first = try plainRun()
        let start = products.text.count
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            _ = products.text.append(UnsafeBufferPointer(rebasing: bytes[first..<position]))
        } else {
            var decoded = Array(bytes[first..<position])
            try escapedRest(into: &decoded)
            decoded.withUnsafeBufferPointer { _ = products.text.append($0) }
        }
        position += 1
        let length = products.text.count - start
        guard products.text.bytes(start, length).isValidUTF8 else {
            position = quote
            throw failure("the string is not UTF-8")
        }
        return (start, length)
    }

    /// A string, decoded and checked to be UTF-8 (read as `appendString` reads one, then
    /// taken back out of the products' text).
    mutating func string() throws -> String {
        let (start, length) = try appendString()
        defer { products.text.truncate(to: start) }
        return String(decoding: products.text.bytes(start, length), as: UTF8.self)
    }

    /// The rest of a string with escapes, up to its closing quote (left at it).
    mutating func escapedRest(into decoded: inout [UInt8]) throws {
        while true {
            guard position < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return }
            guard byte >= 0x20 else { throw failure("a string holds a control character (byte \(byte)); JSON writes it escaped") }
            if decoded.count > Self.longestString { throw failure("a string is longer than \(Self.longestString) bytes, the limit of a field") }
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { throw failure("a string is not closed") }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                        throw failure("\\u\(String(scalar, radix: 16)) is half of a surrogate pair without its other half")
                    }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw failure("\\u\(String(scalar, radix: 16)) is not followed by a low surrogate") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw failure("\\u\(String(scalar, radix: 16)) is a lone low surrogate") }
                decoded.append(contentsOf: String(unicode).utf8)
            default:
                position -= 2
                throw failure("\\\(String(decoding: [escaped], as: UTF8.self)) is no JSON escape")
            }
        }
    }

    mutating func hex4() throws -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("a \\u escape is cut short") }
        var value: UInt32 = 0
        for byte in bytes[position..<(position + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }
}
