import BigInt

/// Products followed through dated snapshots, one snapshot at a time: `per history`.
///
/// Each snapshot's lists are matched against the previous snapshot's by `ProductMatching`, the
/// rule `per diff` follows: by key, else by name and size by value, a name's one size gone and
/// one new is the product resized, repeats that say the same are one product, and products per
/// cannot tell apart are `ambiguous` that date. A product new to the previous snapshot that
/// was seen before it (by its key, else its name and size) has come back and keeps its history.
///
/// Unit prices are kept as reports print them (per the list's basis), so sheets and JSON
/// reports can be mixed. Only what changed is stored: a product's points are the dates it was
/// first seen, changed price or size, came back, went unseen or was ambiguous; a year of
/// weekly snapshots of a million products is a few points per product.
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

    /// A product's point as kept (`HistoryReport.Point` is how a report shows it).
    struct StoredPoint {
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
        /// The list in the last snapshot that had it, and each of its items' product there.
        var last: Snapshot.PricedList?
        var lastDay: Int32 = -2
        var lastTracks: [Int32] = []
        /// Each of its items' identity there, and whether one had a key.
        var lastIdentities: [Int32] = []
        var lastHadKeys = false
    }

    public private(set) var sources: [Source] = []
    var lists: [ListInfo] = []
    private var listIDs: [ExactText: Int] = [:]
    var tracks: [Track] = []
    var points: [StoredPoint] = []
    /// Unit prices past 128 bits, by point index.
    var big: [Int32: BigUInt] = [:]
    /// Names and keys.
    let text = ByteStorage()
    var units = ByteInterner()
    var unitFactors: [ExactDecimal?] = []
    /// Identity bytes (list, then key, or name and size by value) to a track: how a product
    /// that comes back after a snapshot without it is known.
    private var identities = ByteInterner()
    /// By identity: its product (-1: an identity a product left when it was resized), whether
    /// it is a key, and its place in its list's last snapshot (-1 none yet).
    private var identityTrack: [Int32] = []
    private var identityIsKey: [Bool] = []
    private var positionOf: [Int32] = []
    /// By identity, while a list is matched: its items in the previous snapshot (high 32 bits)
    /// and in this one (low 32 bits).
    private var counts: [UInt64] = []
    private var items: [Snapshot.Item] = []
    private var scratch: [UInt8] = []
    /// The previous snapshot: what the next one's lists are matched against.
    private var previous: Snapshot?
    private var matching = ProductMatching()
    /// Whether identities on one item of each side are paired before matching (always, but in
    /// the test that checks they change nothing).
    var pairsSurely = true

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
        var matching = self.matching  // its buffers, unshared (a copy left in `self` would copy them on first write)
        self.matching = ProductMatching()
        for list in snapshot.lists {
            let id = try listID(list, date: date, file: file)
            let before = lists[id].lastDay == day - 1 ? lists[id].last : nil
            let lastTracks = lists[id].lastTracks
            snapshot.items(of: list, into: &items)
            var ids: [Int32] = []
            identityIDs(list: id, previous: before == nil ? [] : lists[id].lastIdentities, into: &ids)
            var tracksNow = [Int32](repeating: -1, count: items.count)
            let hasKeys = items.contains { $0.key != nil }
            // The products whose identity is on one item of each side are matched by
            // `ProductMatching.isSurePair` without sorting either side; the rest by `match`.
            var settledOld: [Bool] = []
            var settledNew: [Bool] = []
            var settled = 0
            if before != nil && pairsSurely {
                let oldIDs = lists[id].lastIdentities
                if counts.count < identityTrack.count { counts += repeatElement(0, count: identityTrack.count - counts.count) }
                for identity in oldIDs { counts[Int(identity)] &+= 1 << 32 }
                for identity in ids { counts[Int(identity)] &+= 1 }
                settledOld = [Bool](repeating: false, count: oldIDs.count)
                settledNew = [Bool](repeating: false, count: ids.count)
                let keysInLists = hasKeys || lists[id].lastHadKeys
                for (index, identity) in ids.enumerated() {
                    let count = counts[Int(identity)]
                    guard ProductMatching.isSurePair(keyed: identityIsKey[Int(identity)], oldCount: Int(count >> 32), newCount: Int(count & 0xFFFF_FFFF),
                                                     keysInLists: keysInLists),
                          case let place = Int(positionOf[Int(identity)]), place >= 0, place < oldIDs.count, oldIDs[place] == identity else { continue }
                    let track = Int(lastTracks[place])
                    observe(track, items[index], day: day, snapshot: snapshot, list: list)
                    // A key the product had no key for (it was ambiguous under its name): as `.matched` gives it.
                    if let key = items[index].key, tracks[track].keyLength < 0 { register(track, key: key, identity: identity) }
                    tracksNow[index] = Int32(track)
                    settledOld[place] = true
                    settledNew[index] = true
                    settled += 1
                }
                for identity in oldIDs { counts[Int(identity)] = 0 }
                for identity in ids { counts[Int(identity)] = 0 }
            }
            // Old products left over with every new one settled are gone: the sweep below says so.
            if settled < items.count {
                matching.match(old: previous ?? snapshot, before, new: snapshot, list, settledOld: settledOld, settledNew: settledNew) { outcome, found in
                    switch outcome {
                    case .matched(let resized):
                        let track = Int(lastTracks[Int(found.old.first!)])
                        let first = found.newItems[Int(found.new.first!)]
                        let keyGained = first.key != nil && tracks[track].keyLength < 0
                        for index in found.new {
                            observe(track, found.newItems[Int(index)], day: day, snapshot: snapshot, list: list)
                            tracksNow[Int(index)] = Int32(track)
                        }
                        if keyGained || (resized && tracks[track].keyLength < 0) {
                            register(track, key: first.key, identity: ids[Int(found.new.first!)])
                        }
                    case .ambiguous(let unchanged):
                        let track = Int(lastTracks[Int(found.old.first!)])
                        for index in found.new { tracksNow[Int(index)] = Int32(track) }
                        let first = found.newItems[Int(found.new.first!)]
                        if !unchanged, found.old.allSatisfy({ lastTracks[Int($0)] == Int32(track) }),
                           lastPoint(track)?.state == .ambiguous,
                           found.new.allSatisfy({ ProductMatching.sayTheSame(first, found.newItems[Int($0)], in: snapshot, list: list) }) {
                            // The product that was ambiguous is one product again: its price, with no change reckoned.
                            for index in found.new { observe(track, found.newItems[Int(index)], day: day, snapshot: snapshot, list: list) }
                            break
                        }
                        var others = Set(found.old.map { lastTracks[Int($0)] })
                        others.remove(Int32(track))
                        for other in [Int32(track)] + others.sorted() {
                            seenAmbiguous(Int(other), count: other == Int32(track) ? found.new.count : 0, changed: !unchanged, day: day,
                                          quantity: first.quantity)
                        }
                    case .new(let conflicting):
                        let first = found.newItems[Int(found.new.first!)]
                        let identity = ids[Int(found.new.first!)]
                        let track = cameBack(identity, before: day - 1) ?? newTrack(first, list: id)
                        register(track, key: first.key, identity: identity)
                        for index in found.new { tracksNow[Int(index)] = Int32(track) }
                        if conflicting {
                            seenAmbiguous(track, count: found.new.count, changed: true, day: day, quantity: first.quantity)
                        } else {
                            for index in found.new { observe(track, found.newItems[Int(index)], day: day, snapshot: snapshot, list: list) }
                        }
                    case .gone:
                        break
                    }
                }
            }
            count += tracksNow.count
            lists[id].last = list
            lists[id].lastDay = day
            lists[id].lastTracks = tracksNow
            lists[id].lastHadKeys = hasKeys
            for (place, identity) in ids.enumerated() { positionOf[Int(identity)] = Int32(place) }
            lists[id].lastIdentities = ids
        }
        self.matching = matching
        previous = snapshot
        // Products seen at the previous snapshot and not at this one went unseen.
        if day > 0 {
            for index in tracks.indices where tracks[index].lastSeen == day - 1 {
                append(StoredPoint(date: day, state: .gone, unit: -1, count: 0, unitPrice: 0, quantity: ExactDecimal(significand: 0, scale: 0)),
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

    /// A new product, known from now on by the item's identity.
    private func newTrack(_ item: Snapshot.Item, list: Int) -> Int {
        let track = tracks.count
        let nameStart = text.append(item.name)
        let keyStart = item.key.map { text.append($0) } ?? 0
        tracks.append(Track(list: Int32(list), nameStart: nameStart, nameLength: Int32(item.name.count),
                            keyLength: item.key.map { Int32($0.count) } ?? -1, keyStart: keyStart, head: -1, tail: -1, lastSeen: -1))
        lists[list].tracks.append(Int32(track))
        return track
    }

    /// The product an identity was last seen as, when it was not in the snapshot of `before`
    /// (a product of it that was is matched, or not, by `ProductMatching`).
    private func cameBack(_ identity: Int32, before: Int32) -> Int? {
        let track = Int(identityTrack[Int(identity)])
        return track >= 0 && tracks[track].lastSeen < before ? track : nil
    }

    /// Files the product under an item's identity (`identityIDs`; a product with a key under its
    /// key), in place of the one it had, and gives it the item's key when it had none.
    private func register(_ track: Int, key: UnsafeBufferPointer<UInt8>?, identity id: Int32) {
        if let key, tracks[track].keyLength < 0 {
            tracks[track].keyStart = text.append(key)
            tracks[track].keyLength = Int32(key.count)
        }
        let before = tracks[track].identity
        if before >= 0 && before != id && identityTrack[Int(before)] == Int32(track) { identityTrack[Int(before)] = -1 }
        identityTrack[Int(id)] = Int32(track)
        tracks[track].identity = id
    }

    /// Each item's identity id (`items`, into `ids`), interning new ones. Most weeks list most
    /// products in last week's order, so the identity after the last one found in the
    /// previous order is tried before the hash table (whose lookups miss the cache).
    private func identityIDs(list: Int, previous: [Int32], into ids: inout [Int32]) {
        ids.removeAll(keepingCapacity: true)
        var cursor = 0
        for item in items {
            identity(item, list: list)
            let found: Int = scratch.withUnsafeBufferPointer { key in
                if cursor < previous.count, identities.holds(Int(previous[cursor]), key) {
                    cursor += 1
                    return Int(previous[cursor - 1])
                }
                let (id, isNew) = internIdentity(key, keyed: item.key != nil)
                if !isNew {
                    let place = Int(positionOf[id])
                    if place >= 0 && place < previous.count && previous[place] == Int32(id) { cursor = place + 1 }
                }
                return id
            }
            ids.append(Int32(found))
        }
    }

    private func internIdentity(_ key: UnsafeBufferPointer<UInt8>, keyed: Bool) -> (Int, Bool) {
        let (id, isNew) = identities.intern(key)
        if isNew {
            identityTrack.append(-1)
            identityIsKey.append(keyed)
            positionOf.append(-1)
        }
        return (id, isNew)
    }

    /// The item's identity into `scratch`: its list, then `K` and its key, or `N` and its name
    /// and size by value (`SizeValue`).
    private func identity(_ item: Snapshot.Item, list: Int) {
        scratch.removeAll(keepingCapacity: true)
        withUnsafeBytes(of: UInt32(list).littleEndian) { scratch.append(contentsOf: $0) }
        if let key = item.key {
            scratch.append(UInt8(ascii: "K"))
            scratch.append(contentsOf: key)
            return
        }
        scratch.append(UInt8(ascii: "N"))
        scratch.append(contentsOf: item.name)
        scratch.append(0xFF)  // never in UTF-8
        SizeValue(item).append(to: &scratch)
    }

    /// The id of an item's unit spelling, and what one of it is worth (`Snapshot.Item.factor`).
    private func unitID(_ item: Snapshot.Item) -> Int32 {
        let (id, isNew) = units.intern(item.unit)
        if isNew { unitFactors.append(item.factor) }
        return Int32(id)
    }

    func lastPoint(_ track: Int) -> StoredPoint? {
        tracks[track].tail >= 0 ? points[Int(tracks[track].tail)] : nil
    }

    func lastPriced(_ track: Int) -> StoredPoint? {
        var found: StoredPoint?
        var index = tracks[track].head
        while index >= 0 {
            if points[Int(index)].state == .priced { found = points[Int(index)] }
            index = points[Int(index)].next
        }
        return found
    }

    // MARK: Points

    /// Products per cannot tell apart (`count` items of this one) in the snapshot of `day`: an
    /// ambiguous point, unless nothing `changed` (the same unit prices as before, whichever is
    /// which).
    private func seenAmbiguous(_ track: Int, count: Int, changed: Bool, day: Int32, quantity: ExactDecimal) {
        let seenToday = tracks[track].lastSeen == day
        tracks[track].lastSeen = day
        tracks[track].seenCount = (seenToday ? tracks[track].seenCount : 0) + Int32(count)
        ambiguousProducts += count
        guard changed else { return }
        let tail = tracks[track].tail
        if tail >= 0 && points[Int(tail)].date == day {
            points[Int(tail)].state = .ambiguous
            points[Int(tail)].count = tracks[track].seenCount
            big[tail] = nil
        } else {
            append(StoredPoint(date: day, state: .ambiguous, unit: -1, count: tracks[track].seenCount, unitPrice: 0, quantity: quantity), to: track)
        }
    }

    /// One item of a track in the snapshot of `day`.
    private func observe(_ track: Int, _ item: Snapshot.Item, day: Int32, snapshot: Snapshot, list: Snapshot.PricedList) {
        let unit = unitID(item)
        let printed = snapshot.printed(item, basis: list)
        var point = StoredPoint(date: day, state: .priced, unit: unit, count: 1, unitPrice: 0, quantity: item.quantity, price: item.price)
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
                    append(StoredPoint(date: day, state: .ambiguous, unit: -1, count: seen, unitPrice: 0, quantity: item.quantity), to: track)
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
    private func same(_ a: StoredPoint, _ index: Int32, _ b: StoredPoint, _ bigB: BigUInt?) -> Bool {
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
    func sizeText(_ point: StoredPoint) -> String {
        "\(point.quantity.text) \(units.string(of: Int(point.unit)))"
    }

    /// Whether two points' sizes are the same amount, by value (`SizeValue`: `1000 g` is `1 kg`).
    func sameSize(_ a: StoredPoint, _ b: StoredPoint) -> Bool {
        if a.unit == b.unit { return a.quantity.compareValue(b.quantity) == 0 }
        return SizeValue.compare(SizeValue(quantity: a.quantity, unit: units.buffer(of: Int(a.unit)), factor: unitFactors[Int(a.unit)]),
                                 SizeValue(quantity: b.quantity, unit: units.buffer(of: Int(b.unit)), factor: unitFactors[Int(b.unit)])) == 0
    }

    private func append(_ point: StoredPoint, to track: Int) {
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
