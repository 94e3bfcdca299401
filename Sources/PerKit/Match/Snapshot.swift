#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BigInt

/// What a report says, as `per diff` compares it: per list, its basis and currency, and its
/// products with their ranks, sizes, keys and unit prices. Made from price sheets (ranked as
/// `per report` ranks them, and read in place: no product is copied) or read back from a JSON
/// report (`ReportJSONReader`, into one compact buffer).
public final class Snapshot: @unchecked Sendable {  // immutable once built
    public struct PricedList: Sendable {
        public var name: String
        /// The basis as printed (`kg`, `100 g`).
        public var per: String
        /// What the basis is worth, when that is known without doubt: `kg` and `1 kg` are one
        /// basis, whatever the label.
        public var basis: BasisValue?
        /// The currency its prices state (`EUR`), when they state one.
        public var currency: String?
        /// Its products' places among the snapshot's items, as its report lists them (a sheet's best first).
        var items: Range<Int>
        /// A sheet's list: its place in the ranked report.
        var ranked: Int = -1
    }

    /// A basis by value: its dimension and its size in the dimension's base unit (g, ml, each).
    public struct BasisValue: Equatable, Sendable {
        public var dimension: Dimension
        public var factor: ExactDecimal

        public init(dimension: Dimension, factor: ExactDecimal) {
            self.dimension = dimension
            self.factor = factor
        }

        /// Equal sizes are equal however written (`1000` and `1000.0`).
        public static func == (a: BasisValue, b: BasisValue) -> Bool {
            a.dimension == b.dimension && a.factor.compareValue(b.factor) == 0
        }

        /// A basis as a report prints it, read with the unit table; nil when its worth depends
        /// on what the report was written with (`fl oz`, `gal`: US or imperial) or it names no
        /// unit of the table (an alias).
        public init?(label: String) {
            guard let us = ReportBasis.parse(label, units: .standard),
                  let imperial = ReportBasis.parse(label, units: Snapshot.imperial) else { return nil }
            let value = BasisValue(dimension: us.dimension, factor: us.basis.factor)
            guard value == BasisValue(dimension: imperial.dimension, factor: imperial.basis.factor) else { return nil }
            self = value
        }
    }

    /// One product as the diff reads it; its bytes are valid while the snapshot lives.
    struct Item {
        var name: UnsafeBufferPointer<UInt8>
        /// Its key (`--key`), nil when it has none.
        var key: UnsafeBufferPointer<UInt8>?
        var unit: UnsafeBufferPointer<UInt8>
        var quantity: ExactDecimal
        /// What one of `unit` is in the dimension's base unit, when known without doubt.
        var factor: ExactDecimal?
        /// What the pack cost, when known.
        var price: ExactDecimal?
        var rank: Int32
        var best: Bool
        /// The exact unit price per base unit (a sheet's), else nil.
        var exact: UnitPrice?
        /// The unit price as reports print it, × 10^4 per the list's basis: a JSON report's
        /// (nil for a sheet's, worked out from `exact` when needed, and for one past 128 bits:
        /// `Snapshot.printed(_:)` has those).
        var printed: UInt128?
        /// Where it is in its snapshot: its item index.
        var index: Int
    }

    /// A product's key on items of a list that do not say the same (`ProductMatching`): a
    /// finding. Those items are matched by name and size instead.
    public struct DuplicateKey: Sendable, CustomStringConvertible {
        public var list: String
        public var key: String
        /// Where the products are: `line 12` for a sheet, `rank 3` for a JSON report.
        public var places: [String]

        /// One line however many products share the key: the first 10 places, then a count
        /// (300k products on 7 keys would otherwise be megabytes of standard error).
        public var description: String {
            let shown = places.count > 10 ? places.prefix(10).joined(separator: ", ") + ", and \(places.count - 10) more"
                : places.joined(separator: ", ")
            return "list \"\(list)\": the key \"\(key)\" is on \(places.count) products that differ (\(shown)); they are matched by name and size"
        }

        /// As `per diff` and `per history` say it, of the snapshot read from `file`.
        public func diagnostic(file: String) -> Diagnostic { Diagnostic(.warning, file: file, description) }
    }

    /// Lists in order of name, byte for byte (Unicode code points); each name once.
    public let lists: [PricedList]
    /// Whether products carry keys: a sheet read with `--key` whose file has the column, or a
    /// JSON report written so.
    public let hasKeys: Bool
    /// The date a JSON report was written for (`--as-of`), when it states one; nil for a sheet.
    public let asOf: String?
    /// Keys on items of a list that do not say the same, in list order.
    public private(set) var duplicateKeys: [DuplicateKey] = []

    private enum Store {
        case sheet(RankedReport)
        case json(ReportProducts)
    }

    private let store: Store
    /// Per sheet list (by `PricedList.ranked`), the entries to read items from.
    private let entries: [RankedEntries]
    /// What one of each unit spelling of a sheet is worth, when known without doubt, read as a
    /// JSON report's unit is (`factor(ofUnit:)`): a sheet and its report give a product one size.
    private let sheetFactors: [ExactDecimal?]

    /// The decimals unit prices are held at (`printed`): what CSV and JSON reports print.
    public static let decimals = ReportPrecision.unitPrice
    /// The decimals this snapshot's unit prices were rounded at: a sheet's and a JSON report
    /// of schema version 2, `decimals`; a report of version 1, 4. Two snapshots are compared
    /// at the fewer (`ListComparison`): a report written before issue 30 against a sheet
    /// shows no change where the sheet's exact figure rounds to the report's.
    public let printedDecimals: Int

    fileprivate static let imperial = try! UnitTable(volumeSystem: .imperial)

    public init(_ report: RankedReport) {
        lists = report.lists.enumerated().map { index, list in
            PricedList(name: list.name, per: list.basis.symbol, basis: BasisValue(dimension: list.dimension, factor: list.basis.factor),
                       currency: list.currency?.code, items: list.entries, ranked: index)
        }
        entries = report.lists.map { report.entries(of: $0) }
        store = .sheet(report)
        hasKeys = report.hasKeys
        let spellings = report.sheet.spellings
        sheetFactors = (0..<spellings.count).map { Self.factor(ofUnit: String(decoding: spellings.buffer(of: $0), as: UTF8.self)) }
        asOf = nil
        printedDecimals = Self.decimals
        findDuplicateKeys()
    }

    /// Whether a file's first bytes are a JSON report's, whatever its name (a FIFO, `<(git show
    /// ...)`, standard input): after a byte-order mark and blanks, an opening brace. No price
    /// sheet starts so; one that did would be refused as no report, saying so.
    public static func looksLikeReport<Bytes: Collection<UInt8>>(_ head: Bytes) -> Bool {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "{")
    }

    /// Reads a JSON report written by `per report --format json` (schema version 1 or 2). Unit
    /// prices come back as the numbers the report prints, read as decimals from the text.
    public init(json bytes: [UInt8], file: String) throws(SnapshotError) {
        let read = try ReportJSONReader.read(bytes, file: file)
        lists = read.lists.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        store = .json(read.products)
        hasKeys = read.products.hasKeys
        asOf = read.asOf
        printedDecimals = read.version == 1 ? 4 : Self.decimals
        entries = []
        sheetFactors = []
        findDuplicateKeys()
    }

    /// A snapshot of no lists: the side of a file that was added or deleted (git's `/dev/null`),
    /// against which every product is new, or gone.
    public static func empty() -> Snapshot {
        try! Snapshot(json: Array(#"{"schema_version": 2, "lists": []}"#.utf8), file: "/dev/null")
    }

    /// The list of that name, byte for byte.
    public func list(_ name: String) -> PricedList? {
        lists.first { $0.name.utf8.elementsEqual(name.utf8) }
    }

    // MARK: Items

    /// The items of a list into `items` (emptied first): a sheet's best first, a JSON
    /// report's as written (matching does not depend on their order).
    func items(of list: PricedList, into items: inout [Item]) {
        items.removeAll(keepingCapacity: true)
        switch store {
        case .sheet(let report):
            let entries = self.entries[list.ranked]
            let keyed = hasKeys
            for position in entries.indices {
                let entry = entries[position]
                let index = list.items.lowerBound + position
                items.append(Item(name: entry.nameBytes, key: keyed ? report.key(of: entry) : nil, unit: entry.unitBuffer,
                                  quantity: entry.quantity, factor: sheetFactors[Int(entry.product.spelling)], price: entry.price,
                                  rank: entry.rankValue, best: entry.isBest, exact: entry.unitPrice, printed: nil, index: index))
            }
        case .json(let products):
            for index in list.items { items.append(products.item(index)) }
        }
    }

    /// An item's unit price as reports print it, × 10^`decimals` per its list's basis.
    func printed(_ item: Item, basis: PricedList) -> WideInteger {
        if let exact = item.exact, let factor = basis.basis?.factor { return exact.rounded(per: factor, decimals: Self.decimals) }
        if let printed = item.printed { return .small(printed) }
        if case .json(let products) = store, let big = products.big[item.index] { return .big(big) }
        return .small(0)
    }

    /// Whether it was read from a price sheet (a JSON report keeps no sale prices).
    public var isSheet: Bool {
        if case .sheet = store { return true }
        return false
    }

    /// A sheet item's details as its row gave them (a sale, the shop's reference prices); nil
    /// for a JSON report's, which keeps none of them.
    func details(of item: Item, in list: PricedList) -> ProductDetails? {
        guard case .sheet(let report) = store else { return nil }
        return report.sheet.facts[entries[list.ranked][item.index - list.items.lowerBound].index]
    }

    /// Where an item is, for a message: `line 12` (a sheet's) or `rank 3` (a report's).
    private func place(_ item: Item) -> String {
        if case .sheet(let report) = store, let list = lists.first(where: { $0.items.contains(item.index) }) {
            let entry = entries[list.ranked][item.index - list.items.lowerBound]
            let files = report.sheet.files
            let line = "line \(entry.source.line)"
            return files.count > 1 ? "\(files[entry.source.file].shownPath):\(entry.source.line)" : line
        }
        return "rank \(item.rank)"
    }

    /// Keys on more than one product of a list: found by sorting each list's keys.
    private func findDuplicateKeys() {
        guard hasKeys else { return }
        var items: [Item] = []
        var found: [DuplicateKey] = []
        for list in lists {
            self.items(of: list, into: &items)
            let keyed = items.indices.filter { items[$0].key != nil }.sorted { a, b in
                let order = ByteOrder.compare(items[a].key!, items[b].key!)
                return order != 0 ? order < 0 : items[a].rank < items[b].rank
            }
            var start = 0
            while start < keyed.count {
                var end = start + 1
                while end < keyed.count && ByteOrder.compare(items[keyed[start]].key!, items[keyed[end]].key!) == 0 { end += 1 }
                if end - start > 1, keyed[start + 1..<end].contains(where: {
                    !ProductMatching.sayTheSame(items[keyed[start]], items[$0], in: self, list: list)
                }) {
                    let group = keyed[start..<end].map { items[$0] }
                    found.append(DuplicateKey(list: list.name, key: String(decoding: group[0].key!, as: UTF8.self),
                                              places: group.map(place)))
                }
                start = end
            }
        }
        duplicateKeys = found
    }

    /// What one of a unit is in its dimension's base unit, as a JSON report names it: nil when
    /// per does not know the unit, or it is worth another amount in US and imperial measure.
    static func factor(ofUnit spelling: String) -> ExactDecimal? {
        guard let us = UnitTable.standard.lookup(spelling), let imperial = Self.imperial.lookup(spelling) else { return nil }
        let a = UnitTable.standard[us]
        let b = Self.imperial[imperial]
        guard a.dimension == b.dimension, a.factor.compareValue(b.factor) == 0 else { return nil }
        return a.factor
    }

    // MARK: For tests and tools

    /// A product as a report shows it.
    public struct PricedProduct: Sendable {
        public var name: String
        public var key: String?
        /// The size as printed (`500 g`).
        public var size: String
        public var rank: Int
        /// Unit price × 10^`Snapshot.decimals` per the list's basis, as reports print it.
        public var unitPrice: WideInteger
        public var best: Bool
    }

    /// A list's products, as its report lists them.
    public func products(of list: PricedList) -> [PricedProduct] {
        var items: [Item] = []
        self.items(of: list, into: &items)
        return items.map { item in
            PricedProduct(name: String(decoding: item.name, as: UTF8.self), key: item.key.map { String(decoding: $0, as: UTF8.self) },
                          size: "\(item.quantity.text) \(String(decoding: item.unit, as: UTF8.self))", rank: Int(item.rank),
                          unitPrice: printed(item, basis: list), best: item.best)
        }
    }
}

/// Byte strings in order of their bytes (UTF-8: Unicode code point order).
enum ByteOrder {
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let x = a.baseAddress, let y = b.baseAddress {
            let order = memcmp(x, y, common)
            if order != 0 { return order < 0 ? -1 : 1 }
        }
        return a.count < b.count ? -1 : (a.count == b.count ? 0 : 1)
    }
}

public struct SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}
