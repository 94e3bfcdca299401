import BigInt

/// Products followed through dated snapshots, one snapshot at a time: `per history`.
///
/// A product is followed within its list by its key when it has one (`--key`), else by its
/// name and size (sizes by value: `1000 g` is `1 kg`). As in `per diff`, when a name's one
/// size of the previous snapshot is gone and exactly one new size of that name appears, it is
/// the same product resized. Products of one key (or one name and size) more than once in a
/// snapshot are one product that date when their unit prices are the same, and `ambiguous`
/// that date when not: per does not guess which is which.
///
/// Unit prices are kept as reports print them (four decimals per the list's basis), so sheets
/// and JSON reports can be mixed. Only what changed is stored: a product's points are the dates
/// it was first seen, changed price or size, came back, went unseen or was ambiguous; a year
/// of weekly snapshots of a million products is a few points per product.
public final class PriceHistory: @unchecked Sendable {  // built by one thread, then read
    /// A snapshot as read: its date, the file it came from, and how many products it had.
    public struct Source: Sendable {
        public var date: String
        public var file: String
        public var products: Int
    }

    /// What a product's point says from its date on.
    enum PointState: UInt8 {
        case priced, ambiguous, gone
    }

    struct Point {
        var date: Int32
        var next: Int32 = -1
        var state: PointState
        var unit: Int32
        /// Products of the identity that date (priced: the same unit price each).
        var count: Int32
        /// × 10^`Snapshot.decimals` per the list's basis, as printed; past 128 bits in `big`.
        var unitPrice: UInt128
        var quantity: ExactDecimal
        var price: ExactDecimal?
    }

    struct Track {
        var list: Int32
        var nameStart: Int
        var nameLength: Int32
        /// -1 when followed by name and size.
        var keyLength: Int32
        var keyStart: Int
        var head: Int32
        var tail: Int32
        var lastSeen: Int32
        /// Products of this identity in the snapshot of `lastSeen`.
        var seenCount: Int32 = 0
        /// The identity it was last placed under (-1 none yet).
        var identity: Int32 = -1
    }

    struct ListInfo {
        var name: String
        var per: String
        var basis: Snapshot.BasisValue?
        var currency: String?
        var firstDate: Int
        var lastDate: Int
        var tracks: [Int32] = []
        /// The identities of its products in the last snapshot that had it, in their order
        /// there: most weeks list most products in the same order, so the identity at the same
        /// place is tried before the hash table (whose lookups miss the cache).
        var order: [Int32] = []
    }

    public private(set) var sources: [Source] = []
    var lists: [ListInfo] = []
    private var listIDs: [ExactText: Int] = [:]
    var tracks: [Track] = []
    var points: [Point] = []
    /// Unit prices past 128 bits, by point index.
    var big: [Int32: BigUInt] = [:]
    /// Names and keys.
    let text = ByteStorage()
    var units = ByteInterner()
    var unitFactors: [ExactDecimal?] = []
    /// Identity bytes (list, then key, or name and size by value) to a track.
    private var identities = ByteInterner()
    /// By identity: its product (-1: an identity a product left when it was resized).
    private var identityTrack: [Int32] = []
    /// By identity: its place in its list's `order`, when it was in the last snapshot of it.
    private var positionOf: [Int32] = []
    private var scratch: [UInt8] = []
    private var items: [Snapshot.Item] = []

    /// Products read, and of those, ones that were a second (or further) product of their
    /// identity in a snapshot: the same unit price, or ambiguous.
    public private(set) var productsRead = 0
    public private(set) var repeatedSamePrice = 0
    public private(set) var ambiguousProducts = 0

    public init() {}

    /// Adds the next snapshot; its date must be later than the last one's.
    public func add(_ snapshot: Snapshot, date: String, file: String) throws(HistoryError) {
        if let last = sources.last, !(last.date < date) {
            throw .datesOutOfOrder(file: file, date: date, previous: last)
        }
        let day = Int32(sources.count)
        var count = 0
        for list in snapshot.lists {
            let id = try listID(list, date: date, file: file)
            snapshot.items(of: list, into: &items)
            count += items.count
            var waiting: [Int] = []
            // Each item is tried first as the one after the last item's match in the list's
            // previous order: a price change moves a few products in rank order and leaves
            // the runs between them as they were.
            let previous = lists[id].order
            var order = [Int32](repeating: -1, count: items.count)
            var cursor = 0
            for index in items.indices {
                let unit = unitID(items[index])
                identity(items[index], unit: unit, list: id)
                var found: Int?
                scratch.withUnsafeBufferPointer { key in
                    if cursor < previous.count, identities.holds(Int(previous[cursor]), key) {
                        found = Int(previous[cursor])
                        cursor += 1
                    } else if let id = identities.lookup(key) {
                        found = id
                        let position = Int(positionOf[id])
                        if position >= 0 && position < previous.count && previous[position] == Int32(id) { cursor = position + 1 }
                    }
                }
                if let found, identityTrack[found] >= 0 {
                    order[index] = Int32(found)
                    observe(Int(identityTrack[found]), items[index], unit: unit, day: day, snapshot: snapshot, list: list)
                } else {
                    waiting.append(index)
                }
            }
            if !waiting.isEmpty {
                for (index, identity) in zip(waiting, place(waiting, list: id, day: day, snapshot: snapshot, priced: list)) {
                    order[index] = identity
                }
            }
            if positionOf.count < identities.count { positionOf += repeatElement(-1, count: identities.count - positionOf.count) }
            for (position, identity) in order.enumerated() { positionOf[Int(identity)] = Int32(position) }
            lists[id].order = order
        }
        // Products seen at the previous snapshot and not at this one went unseen.
        if day > 0 {
            for index in tracks.indices where tracks[index].lastSeen == day - 1 {
                append(Point(date: day, state: .gone, unit: -1, count: 0, unitPrice: 0, quantity: ExactDecimal(significand: 0, scale: 0)),
                       to: index)
            }
        }
        productsRead += count
        sources.append(Source(date: date, file: file, products: count))
    }

    // MARK: Lists

    private func listID(_ list: Snapshot.PricedList, date: String, file: String) throws(HistoryError) -> Int {
        if let id = listIDs[ExactText(list.name)] {
            let known = lists[id]
            let sameBasis = known.basis != nil && list.basis != nil ? known.basis == list.basis : known.per == list.per
            if !sameBasis {
                throw .basisChanged(list: list.name, before: known.per, since: sources[known.firstDate].date, now: list.per, date: date, file: file)
            }
            if let before = known.currency, let now = list.currency, before != now {
                throw .currencyChanged(list: list.name, before: before, since: sources[known.firstDate].date, now: now, date: date, file: file)
            }
            if known.currency == nil, let now = list.currency { lists[id].currency = now }
            lists[id].lastDate = sources.count
            return id
        }
        listIDs[ExactText(list.name)] = lists.count
        lists.append(ListInfo(name: list.name, per: list.per, basis: list.basis, currency: list.currency, firstDate: sources.count,
                              lastDate: sources.count))
        return lists.count - 1
    }

    /// A list's name and the dates of the first and last snapshot it is in.
    public struct ListSpan: Sendable {
        public var name: String
        public var first: String
        public var last: String
    }

    /// Every list's span, by name.
    public var listSpans: [ListSpan] {
        lists.map { ListSpan(name: $0.name, first: sources[$0.firstDate].date, last: sources[$0.lastDate].date) }
            .sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }

    /// Lists that are one list under two names (`Coffee` and `Coffee (mass)`, read without and
    /// with `--split-dimensions`) in snapshots one after the other: the earlier one first.
    /// Only lists of one base name can pair, and a base name has at most one list per
    /// dimension besides itself, so the lists are grouped by it first: comparing every pair
    /// took 46 s for 10,000 lists.
    public func listsUnderTwoNames() -> [(ListSpan, ListSpan)] {
        let spans = listSpans
        let bases = spans.map { Dimension.baseName(of: $0.name) }
        var byBase: [String: [Int]] = [:]
        for (index, base) in bases.enumerated() { byBase[base, default: []].append(index) }
        var pairs: [(ListSpan, ListSpan)] = []
        for (a, base) in zip(spans, bases) {
            guard let group = byBase[base], group.count > 1 else { continue }
            for b in group.map({ spans[$0] }) where a.name != b.name && a.last < b.first {
                pairs.append((a, b))
            }
        }
        return pairs
    }

    // MARK: Identity

    /// The item's identity into `scratch`: its list, then `K` and its key, or `N` and its name
    /// and size (`nameAndSize`).
    private func identity(_ item: Snapshot.Item, unit: Int32, list: Int) {
        scratch.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: UInt32(list).littleEndian) { scratch.append(contentsOf: $0) }
        if let key = item.key {
            scratch.append(UInt8(ascii: "K"))
            scratch.append(contentsOf: key)
            return
        }
        scratch.append(UInt8(ascii: "N"))
        nameAndSize(item.name, quantity: item.quantity, unit: unit, into: &scratch)
    }

    /// A name, 0xFF (never in UTF-8) and a size by value: the amount in base units without
    /// trailing zeros when the unit's worth is certain (1000 g and 1 kg alike), else the
    /// quantity without trailing zeros and the unit's spelling.
    private func nameAndSize(_ name: UnsafeBufferPointer<UInt8>, quantity: ExactDecimal, unit: Int32, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: name)
        bytes.append(0xFF)
        if let factor = unitFactors[Int(unit)] {
            var amount = UInt128(quantity.significand) * UInt128(factor.significand)
            var scale = quantity.scale + factor.scale
            while scale > 0 && amount % 10 == 0 {
                amount /= 10
                scale -= 1
            }
            bytes.append(UInt8(ascii: "="))
            withUnsafeBytes(of: amount.littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(scale))
        } else {
            var quantity = quantity
            while quantity.scale > 0 && quantity.significand % 10 == 0 {
                quantity.significand /= 10
                quantity.scale -= 1
            }
            bytes.append(UInt8(ascii: "~"))
            withUnsafeBytes(of: quantity.significand.littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(UInt8(quantity.scale))
            bytes.append(contentsOf: units.buffer(of: Int(unit)))
        }
    }

    /// The id of an item's unit spelling. What one of it is worth comes from the spelling
    /// alone (`Snapshot.factor(ofUnit:)`), whether the snapshot is a sheet or a JSON report, so
    /// both give a product one identity.
    private func unitID(_ item: Snapshot.Item) -> Int32 {
        let (id, isNew) = units.intern(item.unit)
        if isNew { unitFactors.append(Snapshot.factor(ofUnit: String(decoding: item.unit, as: UTF8.self))) }
        return Int32(id)
    }

    /// A product's name and latest size as `nameAndSize` writes them, nil before it has a price.
    private func nameAndSize(of track: Int) -> [UInt8]? {
        guard let point = lastPriced(track) else { return nil }
        var bytes: [UInt8] = []
        nameAndSize(text.bytes(tracks[track].nameStart, Int(tracks[track].nameLength)), quantity: point.quantity, unit: point.unit,
                    into: &bytes)
        return bytes
    }

    func lastPriced(_ track: Int) -> Point? {
        var found: Point?
        var index = tracks[track].head
        while index >= 0 {
            if points[Int(index)].state == .priced { found = points[Int(index)] }
            index = points[Int(index)].next
        }
        return found
    }

    /// Items whose identity is new (or was left by a product resized since). Among the
    /// products of the list seen at the previous snapshot and not at this one, as `per diff`
    /// matches: a product with a key and one without (a snapshot read without `--key`, an
    /// older report) are one product when their name and size are, one to one; then a name's
    /// one new size continues the name's one product without a key (resized). The rest are
    /// new products. Returns each item's identity.
    private func place(_ waiting: [Int], list: Int, day: Int32, snapshot: Snapshot, priced: Snapshot.PricedList) -> [Int32] {
        var continued: [Int: Int] = [:]  // item index to track
        let gone = day > 0 ? lists[list].tracks.map(Int.init).filter { tracks[$0].lastSeen == day - 1 } : []
        if !gone.isEmpty {
            var byNameAndSize: [[UInt8]: (items: [Int], tracks: [Int])] = [:]
            for index in waiting {
                var bytes: [UInt8] = []
                nameAndSize(items[index].name, quantity: items[index].quantity, unit: unitID(items[index]), into: &bytes)
                byNameAndSize[bytes, default: ([], [])].items.append(index)
            }
            for track in gone {
                if let bytes = nameAndSize(of: track), byNameAndSize[bytes] != nil { byNameAndSize[bytes]!.tracks.append(track) }
            }
            for group in byNameAndSize.values where group.items.count == 1 && group.tracks.count == 1 {
                let (index, track) = (group.items[0], group.tracks[0])
                if (items[index].key != nil) != (tracks[track].keyLength >= 0) { continued[index] = track }
            }
            var newByName: [[UInt8]: [Int]] = [:]
            for index in waiting where items[index].key == nil && continued[index] == nil {
                newByName[Array(items[index].name), default: []].append(index)
            }
            var goneByName: [[UInt8]: [Int]] = [:]
            let taken = Set(continued.values)
            for track in gone where tracks[track].keyLength < 0 && !taken.contains(track) {
                let name = Array(text.bytes(tracks[track].nameStart, Int(tracks[track].nameLength)))
                if newByName[name] != nil { goneByName[name, default: []].append(track) }
            }
            for (name, new) in newByName where new.count == 1 {
                if let tracks = goneByName[name], tracks.count == 1 { continued[new[0]] = tracks[0] }
            }
        }
        var placed: [Int32] = []
        for index in waiting {
            let item = items[index]
            let unit = unitID(item)
            identity(item, unit: unit, list: list)
            let (id, isNew) = identities.intern(scratch.withUnsafeBufferPointer { $0 })
            if isNew { identityTrack.append(-1) }
            placed.append(Int32(id))
            if identityTrack[id] >= 0 {  // a second product of an identity placed in this snapshot
                observe(Int(identityTrack[id]), item, unit: unit, day: day, snapshot: snapshot, list: priced)
                continue
            }
            let track: Int
            if let same = continued[index] {
                track = same
                if item.key == nil && tracks[track].keyLength < 0 && tracks[track].identity >= 0 {
                    // Resized: its old name and size is no longer this product's.
                    identityTrack[Int(tracks[track].identity)] = -1
                }
                if let key = item.key, tracks[track].keyLength < 0 {
                    tracks[track].keyStart = text.append(key)
                    tracks[track].keyLength = Int32(key.count)
                }
            } else {
                track = tracks.count
                let nameStart = text.append(item.name)
                let keyStart = item.key.map { text.append($0) } ?? 0
                tracks.append(Track(list: Int32(list), nameStart: nameStart, nameLength: Int32(item.name.count),
                                    keyLength: item.key.map { Int32($0.count) } ?? -1, keyStart: keyStart, head: -1, tail: -1, lastSeen: -1))
                lists[list].tracks.append(Int32(track))
            }
            tracks[track].identity = Int32(id)
            identityTrack[id] = Int32(track)
            observe(track, item, unit: unit, day: day, snapshot: snapshot, list: priced)
        }
        return placed
    }

    // MARK: Points

    /// One product of a track in the snapshot of `day`.
    private func observe(_ track: Int, _ item: Snapshot.Item, unit: Int32, day: Int32, snapshot: Snapshot, list: Snapshot.PricedList) {
        let printed = snapshot.printed(item, basis: list)
        var point = Point(date: day, state: .priced, unit: unit, count: 1, unitPrice: 0, quantity: item.quantity, price: item.price)
        var bigPrice: BigUInt?
        switch printed {
        case .small(let value): point.unitPrice = value
        case .big(let value): bigPrice = value
        }
        let tail = tracks[track].tail
        if tracks[track].lastSeen == day {
            // Another product of this identity in this snapshot: the same unit price, or ambiguous.
            tracks[track].seenCount += 1
            let seen = tracks[track].seenCount
            let current = points[Int(tail)]
            if current.state == .priced && same(current, tail, point, bigPrice) {
                repeatedSamePrice += 1
                if current.date == day { points[Int(tail)].count = seen }
            } else if current.state == .ambiguous {
                ambiguousProducts += 1
                points[Int(tail)].count = seen
            } else {
                // The ones before were counted as repeats of one product: all are ambiguous now.
                repeatedSamePrice -= Int(seen) - 2
                ambiguousProducts += Int(seen)
                if current.date == day {
                    points[Int(tail)].state = .ambiguous
                    points[Int(tail)].count = seen
                    big[tail] = nil
                } else {
                    append(Point(date: day, state: .ambiguous, unit: -1, count: seen, unitPrice: 0, quantity: item.quantity), to: track)
                }
            }
            return
        }
        if item.key != nil && tracks[track].keyLength >= 0,
           ByteOrder.compare(item.name, text.bytes(tracks[track].nameStart, Int(tracks[track].nameLength))) != 0 {
            // A product followed by key keeps its latest name.
            tracks[track].nameStart = text.append(item.name)
            tracks[track].nameLength = Int32(item.name.count)
        }
        tracks[track].lastSeen = day
        tracks[track].seenCount = 1
        if tail >= 0, points[Int(tail)].state == .priced, same(points[Int(tail)], tail, point, bigPrice) {
            // The same price and size, printed to more digits (a report of schema version 1, then
            // sheets): the exact figure is the one later changes are reckoned from.
            if bigPrice == nil, big.isEmpty || big[tail] == nil,
               Self.trailingZeros(point.unitPrice) < Self.trailingZeros(points[Int(tail)].unitPrice) {
                points[Int(tail)].unitPrice = point.unitPrice
            }
            return
        }
        append(point, to: track)
        if let bigPrice { big[Int32(points.count - 1)] = bigPrice }
    }

    /// Whether a point says the same as a new one: unit price, pack price and size. The same
    /// pack price for the same size is the same unit price however it was rounded (a report of
    /// schema version 1 wrote 4 decimals, one of version 2 twelve).
    private func same(_ a: Point, _ index: Int32, _ b: Point, _ bigB: BigUInt?) -> Bool {
        let bigA = big.isEmpty ? nil : big[index]  // nearly always empty: no lookup per product
        if let x = a.price, let y = b.price, x.compareValue(y) == 0, a.unit == b.unit, a.quantity.compareValue(b.quantity) == 0 {
            return true
        }
        guard bigA == bigB, bigA != nil || a.unitPrice == b.unitPrice else { return false }
        switch (a.price, b.price) {
        case (nil, nil): break
        case (let x?, let y?): if x.compareValue(y) != 0 { return false }
        default: return false
        }
        return sameSize(a, b)
    }

    /// How many zeros end a printed unit price: the fewer, the more digits it was printed to.
    private static func trailingZeros(_ value: UInt128) -> Int {
        guard value > 0 else { return 0 }
        var value = value
        var zeros = 0
        while value % 10 == 0 {
            value /= 10
            zeros += 1
        }
        return zeros
    }

    /// A point's size as written: `500 g`.
    func sizeText(_ point: Point) -> String {
        "\(point.quantity.text) \(units.string(of: Int(point.unit)))"
    }

    /// Whether two points' sizes are the same amount (`Snapshot.sameSize`).
    func sameSize(_ a: Point, _ b: Point) -> Bool {
        if a.unit == b.unit { return a.quantity.compareValue(b.quantity) == 0 }
        return Snapshot.sameSize((a.quantity, units.buffer(of: Int(a.unit)), unitFactors[Int(a.unit)]),
                                 (b.quantity, units.buffer(of: Int(b.unit)), unitFactors[Int(b.unit)]))
    }

    private func append(_ point: Point, to track: Int) {
        let index = Int32(points.count)
        points.append(point)
        if tracks[track].tail >= 0 { points[Int(tracks[track].tail)].next = index } else { tracks[track].head = index }
        tracks[track].tail = index
    }
}

/// Why snapshots cannot make one history.
public enum HistoryError: Error, Sendable, CustomStringConvertible {
    case datesOutOfOrder(file: String, date: String, previous: PriceHistory.Source)
    case basisChanged(list: String, before: String, since: String, now: String, date: String, file: String)
    case currencyChanged(list: String, before: String, since: String, now: String, date: String, file: String)

    public var description: String {
        switch self {
        case .datesOutOfOrder(let file, let date, let previous):
            date == previous.date
                ? "\(file) and \(previous.file) are both dated \(date): each snapshot needs a date of its own (--dates gives them)"
                : "\(file) is dated \(date), before \(previous.file) (\(previous.date)), which came first: give the snapshots oldest first"
        case .basisChanged(let list, let before, let since, let now, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is priced per \(now), and per \(before) since \(since): "
                + "rank every snapshot with the same --per to follow its prices"
        case .currencyChanged(let list, let before, let since, let now, let date, let file):
            "\(file) (\(date)): list \"\(list)\" is in \(now), and in \(before) since \(since): unit prices in two currencies are not compared"
        }
    }
}
