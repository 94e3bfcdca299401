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
