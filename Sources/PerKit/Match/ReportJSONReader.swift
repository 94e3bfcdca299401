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
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Where the reader is in the report, for messages: each level's key or index.
    var path: [PathStep] = []
    /// The products read so far.
    var products = ReportProducts()
    /// Per kind of object (`SchemaKey.kind`), the keys of the one read last (see `member`).
    var layouts: [[LayoutKey]] = [[], [], []]

    /// Escaped keys decoded, by `Key.decoded`.
    var decodedKeys: [[UInt8]] = []

    /// A member's key as it was in the last object of its kind: the bytes from the end of what
    /// came before it (`{` or `,`) to its `:` (blanks, the key without escapes, `:`), where
    /// the key is among them, and which known key it is (-1 for another).
    struct LayoutKey {
        var span: Range<Int>
        var keyOffset: Int
        var keyLength: Int
        var known: Int
    }

    enum PathStep {
        case key(Key)
        case index(Int)
    }

    /// A member's key: where its bytes are, and when it has escapes, its bytes decoded (in
    /// `decodedKeys`; else -1).
    struct Key {
        var range: Range<Int>
        var decoded: Int
    }

    func text(of key: Key) -> String {
        key.decoded >= 0 ? String(decoding: decodedKeys[key.decoded], as: UTF8.self) : String(decoding: bytes[key.range], as: UTF8.self)
    }

    /// Whether `key` is `word`.
    func key(_ key: Key, is word: [UInt8]) -> Bool {
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
    var ahead: ListsAhead?

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The report's lists in the order written and their products, or why they cannot be read.
    /// A report past `splitAbove` bytes is read in two halves at once (`ListsAhead`).
    static func read(_ bytes: [UInt8], file: String, splitAbove: Int = 16 << 20) throws(SnapshotError)
        -> (lists: [Snapshot.PricedList], products: ReportProducts, asOf: String?, version: Int) {
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
            guard Self.versions.contains(version) else { throw Self.versionError(version, file: file) }
            return (read.lists, read.products, read.asOf, version)
        case .failure(let failure):
            // A report of another version fails on what that version changed: say the version.
            if let version = Self.statedVersion(bytes), !Self.versions.contains(version) { throw Self.versionError(version, file: file) }
            let (line, column) = Self.lineAndColumn(of: failure.offset, in: bytes)
            let place = failure.path.isEmpty ? "" : "\(failure.path): "
            throw SnapshotError(file: "\(file):\(line):\(column)", problem: place + failure.reason)
        }
    }

    /// The schema versions this per reads: 1 wrote unit prices to 4 decimals, 2 to 12.
    static let versions = 1...2

    static func versionError(_ version: Int, file: String) -> SnapshotError {
        SnapshotError(file: file, problem: "is a JSON report of schema version \(version); this per reads versions 1 and 2")
    }

    /// The top-level `schema_version`, when the report states one as an integer.
    static func statedVersion(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = ReportJSONReader(buffer)
            var version: Int?
            try? reader.object(ReportKey.self) { key, reader in
                if key == .schemaVersion { version = try reader.integer() } else { try reader.skipValue(depth: 1) }
            }
            return version
        }
    }

    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
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

    mutating func report() throws -> (lists: [Snapshot.PricedList], version: Int?, asOf: String?) {
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
    mutating func adoptListsAhead(next: Int, into lists: inout [Snapshot.PricedList], names: inout [ExactText: Int]) -> Bool {
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
    mutating func restOfLists() throws -> (lists: [Snapshot.PricedList], end: Int) {
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

    mutating func list() throws -> Snapshot.PricedList {
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

    mutating func product() throws {
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
    mutating func quantity() throws -> ExactDecimal {
        let start = position
        let number = try decimal()
        guard !number.negative, let value = number.exact else {
            position = start
            throw failure(number.negative ? "a quantity or price is never negative"
                          : "the number has more than \(ExactDecimal.maxDigits) digits, which per never writes")
        }
        return value
    }

    /// A unit price as printed, × 10^`Snapshot.decimals`, however large.
    mutating func unitPrice() throws -> WideInteger {
        let start = position
        let number = try decimal()
        guard !number.negative else { throw Failure(offset: start, path: pathText, reason: "a unit price is never negative") }
        let decimals = Snapshot.decimals
        // Nearly always: at most 18 digits and 12 decimals.
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
}

/// The keys of one kind of object in per's schema, with their spellings as bytes.
protocol SchemaKey: RawRepresentable, CaseIterable where RawValue == String {
    static var spellings: [[UInt8]] { get }
    /// The cases in order, as an array: indexed without the generic collection's steps.
    static var ordered: [Self] { get }
    /// Which of the reader's `layouts` objects of this kind use.
    static var kind: Int { get }
}

extension SchemaKey {
    static func spelled() -> [[UInt8]] { allCases.map { Array($0.rawValue.utf8) } }
}
