#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BigInt

/// The JSON syntax under `ReportJSONReader` (RFC 8259): objects, arrays, strings, numbers and
/// literals read from the bytes where they are, with the path to each value kept for messages.
extension ReportJSONReader {
    var pathText: String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? self.text(of: key) : ".\(self.text(of: key))"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    func failure(_ reason: String) -> Failure {
        Failure(offset: position, path: pathText, reason: reason)
    }

    @inline(__always)
    mutating func skipSpace() {
        var at = position
        defer { position = at }
        while at < bytes.count {
            // per indents with runs of spaces: eight at a time.
            if at + 8 <= bytes.count, UnsafeRawPointer(bytes.baseAddress! + at).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 {
                at += 8
                continue
            }
            switch bytes[at] {
            case 0x20, 0x0A, 0x0D, 0x09: at += 1
            default: return
            }
        }
    }

    /// The next value's first byte, after blanks.
    @inline(__always)
    mutating func peek() throws -> UInt8 {
        skipSpace()
        guard position < bytes.count else { throw failure("the report ends in the middle") }
        return bytes[position]
    }

    func found() -> String {
        guard position < bytes.count else { return "the end of the report" }
        switch bytes[position] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let word = bytes[position...].prefix { Byte.isDigit($0) || Byte.isASCIILetter($0) }.prefix(20)
            let text = String(decoding: word, as: UTF8.self)
            return ["true", "false", "null"].contains(text) ? (text == "null" ? "null" : "true or false") : "\"\(text)\", which is no JSON"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return "\"\(String(decoding: [bytes[position]], as: UTF8.self))\", which is no JSON"
        }
    }

    /// The keys of per's schema the reader uses, in each kind of object.
    enum ReportKey: String, SchemaKey {
        case schemaVersion = "schema_version", asOf = "as_of", lists
        static let kind = 0
        static let spellings = spelled()
        static let ordered = Array(allCases)
    }
    enum ListKey: String, SchemaKey {
        case name, per, currency, products
        static let kind = 1
        static let spellings = spelled()
        static let ordered = Array(allCases)
    }
    enum ProductKey: String, SchemaKey {
        case name, key, rank, quantity, unit, price, unitPrice = "unit_price", best
        static let kind = 2
        static let spellings = spelled()
        static let ordered = Array(allCases)
    }

    /// Calls `body` with each member's key among `known` (nil for another, whose value `body`
    /// skips), the reader at its value. A known key twice is refused: its value would be a guess.
    @inline(__always)
    mutating func object<Known: SchemaKey>(_ known: Known.Type, _ body: (Known?, inout ReportJSONReader) throws -> Void) throws {
        guard try openObject() else { return }
        var seen: UInt64 = 0
        var number = 0
        while true {
            let (key, field) = try member(Known.self, number: number, seen: &seen)
            number += 1
            try body(field, &self)
            guard try nextMember(after: key) else { return }
        }
    }

    /// Calls `body` with each member's key, the reader at its value.
    mutating func object(_ body: (Key, inout ReportJSONReader) throws -> Void) throws {
        guard try openObject() else { return }
        while true {
            guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes, found \(found())") }
            let key = try self.key()
            try colon(after: key)
            try body(key, &self)
            guard try nextMember(after: key) else { return }
        }
    }

    /// Reads the `{` of an object; false when the object is empty (then read whole).
    @inline(__always)
    mutating func openObject() throws -> Bool {
        guard try peek() == UInt8(ascii: "{") else { throw failure("expected an object, found \(found())") }
        position += 1
        if try peek() == UInt8(ascii: "}") {
            position += 1
            return false
        }
        return true
    }

    /// Reads the `:` after a member's key, the key then on the path.
    @inline(__always)
    mutating func colon(after key: Key) throws {
        guard try peek() == UInt8(ascii: ":") else { throw failure("expected : after the key \"\(text(of: key))\"") }
        position += 1
        path.append(.key(key))
    }

    /// After a member's value: true at a `,` (another member follows), false at the object's `}`.
    @inline(__always)
    mutating func nextMember(after key: Key) throws -> Bool {
        path.removeLast()
        switch try peek() {
        case UInt8(ascii: ","):
            position += 1
            return true
        case UInt8(ascii: "}"):
            position += 1
            return false
        default: throw failure("expected , or } after the value of \"\(text(of: key))\", found \(found())")
        }
    }

    /// The key of the `number`th member of an object of per's schema and which of `known` it
    /// is (nil for another), the reader then at its value.
    ///
    /// Objects of a kind nearly always have the same keys in the same order, indented alike
    /// (per writes them so): when the bytes from here to the `:` are those up to the `:` at the
    /// same place in the object read before, they are the same blanks, key and `:`,
    /// told by one comparison rather than read and looked up. Anything else is read and looked
    /// up, and kept for the next object.
    @inline(__always)
    mutating func member<Known: SchemaKey>(_ known: Known.Type, number: Int, seen: inout UInt64) throws -> (Key, Known?) {
        let start = position
        let key: Key
        let index: Int?
        if number < layouts[Known.kind].count, case let predicted = layouts[Known.kind][number],
           start + predicted.span.count <= bytes.count,
           memcmp(bytes.baseAddress! + start, bytes.baseAddress! + predicted.span.lowerBound, predicted.span.count) == 0 {
            key = Key(range: (start + predicted.keyOffset)..<(start + predicted.keyOffset + predicted.keyLength), decoded: -1)
            position = start + predicted.span.count
            path.append(.key(key))
            index = predicted.known >= 0 ? predicted.known : nil
        } else {
            guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a key in quotes, found \(found())") }
            key = try self.key()
            index = Known.spellings.firstIndex { self.key(key, is: $0) }
            try colon(after: key)
            if key.decoded < 0 {
                let kept = LayoutKey(span: start..<position, keyOffset: key.range.lowerBound - start, keyLength: key.range.count, known: index ?? -1)
                if number < layouts[Known.kind].count { layouts[Known.kind][number] = kept } else { layouts[Known.kind].append(kept) }
            }
        }
        guard let index else { return (key, nil) }
        guard seen & (1 << index) == 0 else {
            position = key.range.lowerBound - 1
            throw failure("the key \"\(text(of: key))\" is in this object twice; which one is meant cannot be told")
        }
        seen |= 1 << index
        return (key, Known.ordered[index])
    }

    /// Calls `body` with each element's index, the reader at it. At each `,`, `adopting` may
    /// take the rest of the array as read already: it returns true with the reader past the `]`.
    mutating func array(adopting: ((inout ReportJSONReader, Int) -> Bool)? = nil,
                                _ body: (Int, inout ReportJSONReader) throws -> Void) throws {
        guard try peek() == UInt8(ascii: "[") else { throw failure("expected an array, found \(found())") }
        position += 1
        if try peek() == UInt8(ascii: "]") {
            position += 1
            return
        }
        var index = 0
        while true {
            path.append(.index(index))
            try body(index, &self)
            path.removeLast()
            index += 1
            switch try peek() {
            case UInt8(ascii: ","):
                if let adopting, adopting(&self, index) { return }
                position += 1
            case UInt8(ascii: "]"):
                position += 1
                return
            default: throw failure("expected , or ] after an element, found \(found())")
            }
        }
    }

    /// A key: its bytes where they are, decoded only when it has escapes.
    mutating func key() throws -> Key {
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
        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return Key(range: first..<(position - 1), decoded: -1)
        }
        position = quote
        let text = try string()
        decodedKeys.append(Array(text.utf8))
        return Key(range: first..<(position - 1), decoded: decodedKeys.count - 1)
    }

    /// The longest string a report may hold: a sheet's field limit (`CSVLimits.maxFieldBytes`).
    static var longestString: Int { CSVLimits().maxFieldBytes }

    /// A string's bytes appended to the products' text, checked to be UTF-8: where they start
    /// and how many.
    mutating func appendString() throws -> (start: Int, length: Int) {
        guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a string, found \(found())") }
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

    /// A JSON number where it is written: its whole and fraction digits and its exponent.
    /// Exact whatever its length.
    struct Decimal {
        var negative: Bool
        var bytes: UnsafeBufferPointer<UInt8>
        var whole: Range<Int>
        var fraction: Range<Int>
        var exponent: Int
        /// The digits' value, read as they were scanned: meaningful when there are at most 18.
        var value: UInt64

        /// Whether `value` holds the digits' value.
        var isShort: Bool { whole.count + fraction.count <= ExactDecimal.maxDigits }

        /// How many of the digits are decimals (negative for a positive exponent): `1.50` has
        /// 2, `2e3` has -3.
        var scale: Int { fraction.count - exponent }

        /// The digits, whole then fraction, with no sign and no point.
        var digits: [UInt8] { Array(bytes[whole]) + Array(bytes[fraction]) }

        /// The value as per keeps decimals (`1.50` stays 1.50, `5e2` is 500), nil past
        /// `ExactDecimal.maxDigits` digits.
        var exact: ExactDecimal? {
            // Nearly always: a few digits and no exponent, read already.
            if exponent == 0 && isShort { return ExactDecimal(significand: value, scale: fraction.count) }
            var value: UInt64 = 0
            var significant = 0
            for index in whole.lowerBound..<fraction.upperBound where index < whole.upperBound || index >= fraction.lowerBound {
                let digit = UInt64(bytes[index] &- UInt8(ascii: "0"))
                if significant == 0 && digit == 0 { continue }
                significant += 1
                guard significant <= ExactDecimal.maxDigits else { return nil }
                value = value * 10 + digit
            }
            var scale = self.scale
            while scale < 0 {
                guard value == 0 || significant < ExactDecimal.maxDigits else { return nil }
                value *= 10
                if value != 0 { significant += 1 }
                scale += 1
            }
            while scale > ExactDecimal.maxDigits {
                guard value % 10 == 0 else { return nil }
                value /= 10
                scale -= 1
            }
            return ExactDecimal(significand: value, scale: scale)
        }

        /// The shortest text of the same value (`1.50` → `1.5`, `2e3` → `2000`), for messages.
        var text: String {
            var digits = Array(self.digits.drop { $0 == UInt8(ascii: "0") })
            var scale = self.scale
            while scale > 0, digits.last == UInt8(ascii: "0") {
                digits.removeLast()
                scale -= 1
            }
            if digits.isEmpty { return "0" }
            if scale <= 0 { return (negative ? "-" : "") + String(decoding: digits + Array(repeating: UInt8(ascii: "0"), count: -scale), as: UTF8.self) }
            if digits.count <= scale { digits.insert(contentsOf: Array(repeating: UInt8(ascii: "0"), count: scale - digits.count + 1), at: 0) }
            let whole = digits[..<(digits.count - scale)]
            let fraction = digits[(digits.count - scale)...]
            return (negative ? "-" : "") + String(decoding: whole, as: UTF8.self) + "." + String(decoding: fraction, as: UTF8.self)
        }
    }

    mutating func decimal() throws -> Decimal {
        let first = try peek()
        guard first == UInt8(ascii: "-") || Byte.isDigit(first) else { throw failure("expected a number, found \(found())") }
        let start = position
        var negative = false
        if bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let wholeStart = position
        var value: UInt64 = 0
        while position < bytes.count, Byte.isDigit(bytes[position]) {
            value = value &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
            position += 1
        }
        let whole = wholeStart..<position
        guard whole.count > 0, !(whole.count > 1 && bytes[wholeStart] == UInt8(ascii: "0")) else {
            position = start
            throw failure("the number is not written as JSON writes numbers")
        }
        var fraction = position..<position
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            let fractionStart = position
            while position < bytes.count, Byte.isDigit(bytes[position]) {
                value = value &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            fraction = fractionStart..<position
            guard fraction.count > 0 else { throw failure("a number has no digits after its decimal point") }
        }
        var exponent = 0
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, Byte.isDigit(bytes[position]) {
                exponent = min(exponent * 10 + Int(bytes[position] - UInt8(ascii: "0")), 1_000_000)
                position += 1
            }
            guard position > exponentStart else { throw failure("a number's exponent has no digits") }
            guard exponent < 1_000 else { throw failure("a number's exponent is beyond what a report holds") }
            if exponentNegative { exponent = -exponent }
        }
        return Decimal(negative: negative, bytes: bytes, whole: whole, fraction: fraction, exponent: exponent, value: value)
    }

    /// A whole number that fits an `Int` (a rank, the schema version).
    mutating func integer() throws -> Int {
        let start = position
        let number = try decimal()
        if !number.negative, number.fraction.isEmpty, number.exponent == 0, number.isShort {
            return Int(number.value)
        }
        let text = number.text
        guard !text.contains("."), let value = Int(text) else {
            position = start
            throw failure("expected a whole number, found \(text)")
        }
        return value
    }

    mutating func bool() throws -> Bool {
        if try peek() == UInt8(ascii: "t"), literal("true") { return true }
        if try peek() == UInt8(ascii: "f"), literal("false") { return false }
        throw failure("expected true or false, found \(found())")
    }

    /// Whether `word` is next (then read).
    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              memcmp(word.utf8Start, bytes.baseAddress! + position, count) == 0 else { return false }
        position += count
        return true
    }

    /// Reads past one value of any kind, checking that it is JSON.
    mutating func skipValue(depth: Int) throws {
        guard depth < Self.maxDepth else { throw failure("the report nests deeper than \(Self.maxDepth) levels") }
        switch try peek() {
        case UInt8(ascii: "{"): try object { _, reader in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try array { _, reader in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"):
            guard literal("null") else { throw failure("expected a value, found \(found())") }
        default: _ = try decimal()
        }
    }
}
