#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BigInt
import Dispatch

/// Reads a JSON report that `per report --format json` wrote (schema version 1) into what
/// `per diff` compares, straight from its bytes: no Foundation objects, numbers kept as the
/// decimals they are written as, and every problem named with its line and column, the key's
/// place in the report (`lists[2].products[5].unit_price`) and the reason.
///
/// It reads any JSON (RFC 8259), keys in any order, skipping keys it does not use; it refuses
/// what would make a report read two ways: a key twice in one object, a list twice.
struct ReportJSONReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    fileprivate var position = 0
    /// Where the reader is in the report, for messages: each level's key or index.
    private var path: [PathStep] = []
    /// The products read so far.
    private(set) var products = ReportProducts()
    /// Per kind of object (`SchemaKey.kind`), the keys of the one read last (see `member`).
    private var layouts: [[LayoutKey]] = [[], [], []]

    /// Escaped keys decoded, by `Key.decoded`.
    private var decodedKeys: [[UInt8]] = []

    /// A member's key as it was in the last object of its kind: the bytes from the end of what
    /// came before it (`{` or `,`) to its `:` (blanks, the key without escapes, `:`), where
    /// the key is among them, and which known key it is (-1 for another).
    private struct LayoutKey {
        var span: Range<Int>
        var keyOffset: Int
        var keyLength: Int
        var known: Int
    }

    private enum PathStep {
        case key(Key)
        case index(Int)
    }

    /// A member's key: where its bytes are, and when it has escapes, its bytes decoded (in
    /// `decodedKeys`; else -1).
    struct Key {
        var range: Range<Int>
        var decoded: Int
    }

    private func text(of key: Key) -> String {
        key.decoded >= 0 ? String(decoding: decodedKeys[key.decoded], as: UTF8.self) : String(decoding: bytes[key.range], as: UTF8.self)
    }

    /// Whether `key` is `word`.
    private func key(_ key: Key, is word: [UInt8]) -> Bool {
        if key.decoded >= 0 { return decodedKeys[key.decoded] == word }
        guard key.range.count == word.count, word.first == bytes[key.range.lowerBound] else { return false }
        return memcmp(bytes.baseAddress! + key.range.lowerBound, word, word.count) == 0
    }

    /// A problem at a place in the report.
    struct Failure: Error {
        var offset: Int
        var path: String
        var reason: String
    }

    /// The deepest nesting read; deeper is refused rather than recursed into.
    static let maxDepth = 512

    /// The second half of the lists, read on another thread (see `ListsAhead`), when the
    /// report is large enough.
    private var ahead: ListsAhead?

    fileprivate init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The report's lists in the order written and their products, or why they cannot be read.
    /// A report past `splitAbove` bytes is read in two halves at once (`ListsAhead`).
    static func read(_ bytes: [UInt8], file: String, splitAbove: Int = 16 << 20) throws(SnapshotError)
        -> (lists: [Snapshot.PricedList], products: ReportProducts, asOf: String?) {
        let result: Result<(lists: [Snapshot.PricedList], version: Int?, asOf: String?, products: ReportProducts), Failure> = bytes.withUnsafeBufferPointer { buffer in
            var reader = ReportJSONReader(buffer)
            let ahead = buffer.count > splitAbove ? ListsAhead.start(buffer) : nil
            defer { ahead?.wait() }
            reader.ahead = ahead
            do {
                let read = try reader.report()
                return .success((read.lists, read.version, read.asOf, reader.products))
            } catch let failure as Failure {
                return .failure(failure)
            } catch {
                return .failure(Failure(offset: reader.position, path: "", reason: "\(error)"))
            }
        }
        switch result {
        case .success(let read):
            guard let version = read.version else {
                throw SnapshotError(file: file, problem: "has no \"schema_version\": it is no JSON report of per")
            }
            guard version == 1 else { throw Self.versionError(version, file: file) }
            return (read.lists, read.products, read.asOf)
        case .failure(let failure):
            // A report of another version fails on what that version changed: say the version.
            if let version = Self.statedVersion(bytes), version != 1 { throw Self.versionError(version, file: file) }
            let (line, column) = Self.lineAndColumn(of: failure.offset, in: bytes)
            let place = failure.path.isEmpty ? "" : "\(failure.path): "
            throw SnapshotError(file: "\(file):\(line):\(column)", problem: place + failure.reason)
        }
    }

    private static func versionError(_ version: Int, file: String) -> SnapshotError {
        SnapshotError(file: file, problem: "is a JSON report of schema version \(version); this per reads version 1")
    }

    /// The top-level `schema_version`, when the report states one as an integer.
    private static func statedVersion(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ReportJSONReader(buffer)
            var version: Int?
            try? reader.object(ReportKey.self) { key, reader in
                if key == .schemaVersion { version = try reader.integer() } else { try reader.skipValue(depth: 1) }
            }
            return version
        }
    }

    private static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, as the CSV reader's do: UTF-8 lead bytes.
        let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return (line, column)
    }

    // MARK: per's schema

    private mutating func report() throws -> (lists: [Snapshot.PricedList], version: Int?, asOf: String?) {
        var lists: [Snapshot.PricedList] = []
        var version: Int?
        var asOf: String?
        var listNames: [ExactText: Int] = [:]
        try object(ReportKey.self) { key, reader in
            switch key {
            case .schemaVersion:
                version = try reader.integer()
            case .asOf:
                asOf = try reader.peek() == UInt8(ascii: "n") && reader.literal("null") ? nil : try reader.string()
            case .lists:
                try reader.array(adopting: { reader, next in reader.adoptListsAhead(next: next, into: &lists, names: &listNames) }) { index, reader in
                    reader.skipSpace()
                    let start = reader.position
                    let list = try reader.list()
                    if let first = listNames[ExactText(list.name)] {
                        throw Failure(offset: start, path: reader.pathText,
                                      reason: "the list \"\(list.name)\" is in the report twice (lists[\(first)] and lists[\(index)]); a report has each list once")
                    }
                    listNames[ExactText(list.name)] = index
                    lists.append(list)
                }
            case nil:
                try reader.skipValue(depth: 1)
            }
        }
        skipSpace()
        if position < bytes.count { throw failure("there is more after the report's closing }") }
        return (lists, version, asOf)
    }

    /// At the `,` where `ahead` began, the lists it read from there to the end of the array,
    /// as reading on would give them: false (nothing taken) when it failed or a list it read
    /// is one read already, so that reading on finds what is wrong and says it as ever.
    private mutating func adoptListsAhead(next: Int, into lists: inout [Snapshot.PricedList], names: inout [ExactText: Int]) -> Bool {
        guard let ahead, position == ahead.comma else { return false }
        ahead.wait()
        guard let read = ahead.read else { return false }
        var adopted = names
        for (offset, list) in read.lists.enumerated() {
            guard adopted.updateValue(next + offset, forKey: ExactText(list.name)) == nil else { return false }
        }
        names = adopted
        let base = products.append(read.products)
        lists += read.lists.map { list in
            var list = list
            list.items = (list.items.lowerBound + base)..<(list.items.upperBound + base)
            return list
        }
        position = read.end
        return true
    }

    /// The lists from `position` (after a `,` of the report's lists) to the end of the array,
    /// read as the array's loop reads them, and where the array ends.
    fileprivate mutating func restOfLists() throws -> (lists: [Snapshot.PricedList], end: Int) {
        var lists: [Snapshot.PricedList] = []
        while true {
            skipSpace()
            lists.append(try list())
            switch try peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): return (lists, position + 1)
            default: throw failure("expected , or ] after an element, found \(found())")
            }
        }
    }

    private mutating func list() throws -> Snapshot.PricedList {
        var name: String?
        var per: String?
        var currency: String?
        var read = false
        skipSpace()
        let start = position
        let first = products.records.count
        try object(ListKey.self) { key, reader in
            switch key {
            case .name: name = try reader.string()
            case .per: per = try reader.string()
            case .currency: currency = try reader.peek() == UInt8(ascii: "n") && reader.literal("null") ? nil : try reader.string()
            case .products:
                try reader.array { _, reader in try reader.product() }
                read = true
            case nil: try reader.skipValue(depth: 3)
            }
        }
        guard let name, let per, read else {
            throw Failure(offset: start, path: pathText,
                          reason: "the list has no \"\(name == nil ? "name" : per == nil ? "per" : "products")\"")
        }
        let range = first..<products.records.count
        return Snapshot.PricedList(name: name, per: per, basis: Snapshot.BasisValue(label: per), currency: currency, items: range)
    }

    private mutating func product() throws {
        var name: (start: Int, length: Int)?
        var key: (start: Int, length: Int)?
        var rank: Int?
        var quantity: ExactDecimal?
        var unit: Int?
        var price: ExactDecimal?
        var unitPrice: WideInteger?
        var best: Bool?
        skipSpace()
        let start = position
        // The loop of `object(_:_:)`, written out: a million products, no closure per member.
        if try openObject() {
            var seen: UInt64 = 0
            var number = 0
            while true {
                let (member, field) = try self.member(ProductKey.self, number: number, seen: &seen)
                number += 1
                switch field {
                case .name: name = try appendString()
                case .key:
                    if try peek() == UInt8(ascii: "n") && literal("null") { break }
                    key = try appendString()
                case .rank: rank = try integer()
                case .quantity: quantity = try self.quantity()
                case .unit:
                    let spelling = try appendString()
                    unit = products.unit(at: spelling.start, length: spelling.length)
                case .price: price = try self.quantity()
                case .unitPrice: unitPrice = try self.unitPrice()
                case .best: best = try bool()
                case nil: try skipValue(depth: 5)
                }
                guard try nextMember(after: member) else { break }
            }
        }
        let missing = name == nil ? "name" : rank == nil ? "rank" : quantity == nil ? "quantity" : unit == nil ? "unit"
            : unitPrice == nil ? "unit_price" : best == nil ? "best" : nil
        if let missing {
            throw Failure(offset: start, path: pathText, reason: "the product has no \"\(missing)\"")
        }
        guard let rank = Int32(exactly: rank!), rank > 0 else {
            throw Failure(offset: start, path: pathText, reason: "the rank \(rank!) is not one a report writes (1 or more)")
        }
        let index = products.records.count
        var printed: UInt128 = 0
        switch unitPrice! {
        case .small(let value): printed = value
        case .big(let value): products.big[index] = value
        }
        if key != nil { products.hasKeys = true }
        products.records.append(ReportProducts.Record(
            printed: printed, nameStart: name!.start, keyStart: key?.start ?? 0, quantity: quantity!, price: price,
            nameLength: UInt32(name!.length), keyLength: UInt32(key?.length ?? 0), rank: rank, unit: UInt16(unit!), best: best!))
    }

    /// A quantity or price as written (`1.50` keeps its scale), within what per writes.
    private mutating func quantity() throws -> ExactDecimal {
        let start = position
        let number = try decimal()
        guard !number.negative, let value = number.exact else {
            position = start
            throw failure(number.negative ? "a quantity or price is never negative"
                          : "the number has more than \(ExactDecimal.maxDigits) digits, which per never writes")
        }
        return value
    }

    /// A unit price as printed, in ten-thousandths, however large.
    private mutating func unitPrice() throws -> WideInteger {
        let start = position
        let number = try decimal()
        guard !number.negative else { throw Failure(offset: start, path: pathText, reason: "a unit price is never negative") }
        let decimals = Snapshot.decimals
        // Nearly always: at most 18 digits and 4 decimals.
        if let exact = number.exact, exact.scale <= decimals {
            return .small(UInt128(exact.significand) * Power10.uint128(decimals - exact.scale))
        }
        let digits = number.digits.drop { $0 == UInt8(ascii: "0") }
        // value = digits × 10^-scale; wanted: value × 10^decimals, a whole number.
        let shift = decimals - number.scale
        if shift < 0 {
            guard digits.suffix(-shift).allSatisfy({ $0 == UInt8(ascii: "0") }) || digits.count == 0 else {
                throw Failure(offset: start, path: pathText, reason: "the unit price has more than \(decimals) decimals, which per never writes")
            }
        }
        let kept = shift < 0 ? digits.dropLast(min(-shift, digits.count)) : digits[...]
        let all = kept + Array(repeating: UInt8(ascii: "0"), count: max(shift, 0))
        if all.count <= 38 {
            var value: UInt128 = 0
            for digit in all { value = value * 10 + UInt128(digit &- UInt8(ascii: "0")) }
            return .small(value)
        }
        guard all.count <= 10_000 else { throw Failure(offset: start, path: pathText, reason: "the unit price has more digits than any report holds") }
        return .big(BigUInt(String(decoding: all, as: UTF8.self))!)
    }

    // MARK: JSON

    private var pathText: String {
        var text = ""
        for step in path {
            switch step {
            case .key(let key): text += text.isEmpty ? self.text(of: key) : ".\(self.text(of: key))"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }

    private func failure(_ reason: String) -> Failure {
        Failure(offset: position, path: pathText, reason: reason)
    }

    @inline(__always)
    private mutating func skipSpace() {
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
    private mutating func peek() throws -> UInt8 {
        skipSpace()
        guard position < bytes.count else { throw failure("the report ends in the middle") }
        return bytes[position]
    }

    private func found() -> String {
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
    private enum ReportKey: String, SchemaKey {
        case schemaVersion = "schema_version", asOf = "as_of", lists
        static let kind = 0
        static let spellings = spelled()
        static let ordered = Array(allCases)
    }
    private enum ListKey: String, SchemaKey {
        case name, per, currency, products
        static let kind = 1
        static let spellings = spelled()
        static let ordered = Array(allCases)
    }
    private enum ProductKey: String, SchemaKey {
        case name, key, rank, quantity, unit, price, unitPrice = "unit_price", best
        static let kind = 2
        static let spellings = spelled()
        static let ordered = Array(allCases)
    }

    /// Calls `body` with each member's key among `known` (nil for another, whose value `body`
    /// skips), the reader at its value. A known key twice is refused: its value would be a guess.
    @inline(__always)
    private mutating func object<Known: SchemaKey>(_ known: Known.Type, _ body: (Known?, inout ReportJSONReader) throws -> Void) throws {
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
    private mutating func object(_ body: (Key, inout ReportJSONReader) throws -> Void) throws {
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
    private mutating func openObject() throws -> Bool {
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
    private mutating func colon(after key: Key) throws {
        guard try peek() == UInt8(ascii: ":") else { throw failure("expected : after the key \"\(text(of: key))\"") }
        position += 1
        path.append(.key(key))
    }

    /// After a member's value: true at a `,` (another member follows), false at the object's `}`.
    @inline(__always)
    private mutating func nextMember(after key: Key) throws -> Bool {
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
    private mutating func member<Known: SchemaKey>(_ known: Known.Type, number: Int, seen: inout UInt64) throws -> (Key, Known?) {
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
    private mutating func array(adopting: ((inout ReportJSONReader, Int) -> Bool)? = nil,
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
    private mutating func key() throws -> Key {
        let quote = position
        position += 1
        let first = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20 {
            position += 1
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

    /// A string's bytes appended to the products' text, checked to be UTF-8: where they start
    /// and how many.
    private mutating func appendString() throws -> (start: Int, length: Int) {
        guard try peek() == UInt8(ascii: "\"") else { throw failure("expected a string, found \(found())") }
        let quote = position
        position += 1
        let first = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20 {
            position += 1
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
    private mutating func string() throws -> String {
        let (start, length) = try appendString()
        defer { products.text.truncate(to: start) }
        return String(decoding: products.text.bytes(start, length), as: UTF8.self)
    }

    /// The rest of a string with escapes, up to its closing quote (left at it).
    private mutating func escapedRest(into decoded: inout [UInt8]) throws {
        while true {
            guard position < bytes.count else { throw failure("a string is not closed") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { return }
            guard byte >= 0x20 else { throw failure("a string holds a control character (byte \(byte)); JSON writes it escaped") }
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

    private mutating func hex4() throws -> UInt32 {
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

    private mutating func decimal() throws -> Decimal {
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
    private mutating func integer() throws -> Int {
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

    private mutating func bool() throws -> Bool {
        if try peek() == UInt8(ascii: "t"), literal("true") { return true }
        if try peek() == UInt8(ascii: "f"), literal("false") { return false }
        throw failure("expected true or false, found \(found())")
    }

    /// Whether `word` is next (then read).
    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              memcmp(word.utf8Start, bytes.baseAddress! + position, count) == 0 else { return false }
        position += count
        return true
    }

    /// Reads past one value of any kind, checking that it is JSON.
    private mutating func skipValue(depth: Int) throws {
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

/// The keys of one kind of object in per's schema, with their spellings as bytes.
private protocol SchemaKey: RawRepresentable, CaseIterable where RawValue == String {
    static var spellings: [[UInt8]] { get }
    /// The cases in order, as an array: indexed without the generic collection's steps.
    static var ordered: [Self] { get }
    /// Which of the reader's `layouts` objects of this kind use.
    static var kind: Int { get }
}

extension SchemaKey {
    static func spelled() -> [[UInt8]] { allCases.map { Array($0.rawValue.utf8) } }
}

/// The second half of a large report's lists, read on another thread while the reader reads
/// the first. It starts at a `,` followed by the blanks and key with which per begins a list
/// (`{` and `"name"` indented by 4 and 6 spaces), found from the middle of the report: a string
/// holds no line break, so that is no string's text. The reader takes what it read only on
/// reaching that `,` as the separator of the report's lists, and only if it read to the end of
/// the array without a problem and no list twice; else the reader reads on itself. So the
/// lists are what one reader gives, and every problem is found and named by the one reader.
private final class ListsAhead: @unchecked Sendable {  // `read` is written by the worker, read after `wait`
    let comma: Int
    var read: (lists: [Snapshot.PricedList], products: ReportProducts, end: Int)?
    private let group = DispatchGroup()

    private init(comma: Int) {
        self.comma = comma
    }

    static let start = Array(",\n    {\n      \"name\": ".utf8)

    static func start(_ bytes: UnsafeBufferPointer<UInt8>) -> ListsAhead? {
        guard let base = bytes.baseAddress else { return nil }
        var at = bytes.count / 2
        while true {
            guard at + start.count <= bytes.count,
                  let comma = memchr(base + at, Int32(UInt8(ascii: ",")), bytes.count - at - start.count + 1) else { return nil }
            at = UnsafeRawPointer(comma) - UnsafeRawPointer(base)
            if memcmp(base + at, start, start.count) == 0 { break }
            at += 1
        }
        let ahead = ListsAhead(comma: at)
        nonisolated(unsafe) let bytes = bytes  // read only, and outlives the work: `read` waits for it
        DispatchQueue.global(qos: .userInitiated).async(group: ahead.group) {
            var reader = ReportJSONReader(bytes)
            reader.position = ahead.comma + 1
            if let rest = try? reader.restOfLists() { ahead.read = (rest.lists, reader.products, rest.end) }
        }
        return ahead
    }

    func wait() {
        group.wait()
    }
}
