#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Objects and arrays, and the keys of per's schema in each kind of object.
extension ReportJSONReader {
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
}
