/// Which product of a list in one snapshot is which product of that list in the next: the one
/// rule `per diff` (`ListComparison`) and `per history` (`PriceHistory`) follow.
///
/// 1. **Repeats are one product.** Items of a list with one key, or without a key with one name
///    and size (`SizeValue`), that say the same (size, pack price, unit price: `sayTheSame`)
///    are one product listed more than once (a shop's row per barcode). Items of one identity
///    that do not say the same are products per cannot tell apart.
/// 2. **By key**: a product is the product of its key on the other side. A key on items that
///    do not say the same (on either side) tells nothing: those items go by name and size.
/// 3. **By name and size**: products left over (no key, or a key the other side lacks) are one
///    product when each side has one product of that name and size, and they are not keyed
///    differently (a key on one side only is no obstacle).
/// 4. **Resized**: a name's one product left over on each side, of another size, is that
///    product resized.
/// 5. The rest are new or gone. Where a side has several products that could be the other
///    side's, none is paired: ambiguous (and unchanged when both sides' unit prices are the
///    same as a whole: nothing changed, whichever is which).
///
/// Reuses its buffers from list to list: a million products are matched with no string,
/// dictionary or allocation per product.
struct ProductMatching {
    enum Outcome {
        /// One product on each side.
        case matched(resized: Bool)
        /// Products of each side that cannot be told apart.
        case ambiguous(unchanged: Bool)
        /// A product only on the new side; `conflicting`: items of one identity that do not say the same.
        case new(conflicting: Bool)
        case gone(conflicting: Bool)
    }

    /// One side's items and the buffers of a matching.
    struct Side {
        private(set) var items: [Snapshot.Item] = []
        fileprivate var snapshot: Snapshot?
        fileprivate var list: Snapshot.PricedList?
        fileprivate var pick: [Int32] = []
        fileprivate var hashes: [UInt64] = []
        fileprivate var entries: [Entry] = []
        /// Per item standing for a product of several items: where they are in `members`.
        fileprivate var firstMember: [Int32] = []
        fileprivate var memberCount: [Int32] = []
        fileprivate var members: [Int32] = []
        /// Products (by their first item) going on to the next pass.
        fileprivate var carried: [Int32] = []
        /// Items of a key that told nothing (its items do not say the same).
        fileprivate var loose: [Int32] = []
        fileprivate var out: [Int32] = []

        /// Items matched before (`ProductMatching.isSurePair`), left out of every pass; empty: none.
        fileprivate var settled: [Bool] = []

        fileprivate mutating func load(_ snapshot: Snapshot, _ list: Snapshot.PricedList?, settled: [Bool]) {
            self.snapshot = snapshot
            self.list = list
            self.settled = settled
            if let list { snapshot.items(of: list, into: &items) } else { items.removeAll(keepingCapacity: true) }
            firstMember.removeAll(keepingCapacity: true)
            firstMember.append(contentsOf: repeatElement(-1, count: items.count))
            memberCount.removeAll(keepingCapacity: true)
            memberCount.append(contentsOf: repeatElement(0, count: items.count))
            members.removeAll(keepingCapacity: true)
            carried.removeAll(keepingCapacity: true)
            loose.removeAll(keepingCapacity: true)
        }

        /// The items of the products standing in `group`, into `out`.
        fileprivate mutating func expand(_ group: ArraySlice<Int32>) {
            out.removeAll(keepingCapacity: true)
            for item in group {
                let first = firstMember[Int(item)]
                if first < 0 { out.append(item) } else { out += members[Int(first)..<Int(first + memberCount[Int(item)])] }
            }
        }

        /// Makes the items of `out` one product, standing under its first item.
        fileprivate mutating func makeProduct() {
            let head = Int(out[0])
            firstMember[head] = Int32(members.count)
            memberCount[head] = Int32(out.count)
            members += out
            carried.append(Int32(head))
        }

        /// Whether the items of a key are one product: they say the same.
        fileprivate func isOneProduct(_ group: ArraySlice<Int32>) -> Bool {
            let first = items[Int(group.first!)]
            return group.dropFirst().allSatisfy { ProductMatching.sayTheSame(first, items[Int($0)], in: snapshot!, list: list!) }
        }

        /// Makes a key's items one product, carried on to the next pass.
        fileprivate mutating func keyedProduct(_ group: ArraySlice<Int32>) {
            out.removeAll(keepingCapacity: true)
            out += group
            makeProduct()
        }

        /// What a name-and-size group of one side holds: products of a key (from the key pass)
        /// and loose items (no key, or a key that told nothing), which are one product when
        /// they say the same.
        fileprivate struct GroupProducts {
            var count = 0
            var hasLoose = false
            var looseConflict = false
        }

        /// Whether an item stands for a product of a key (the key pass made it one).
        @inline(__always)
        fileprivate func isKeyedProduct(_ item: Int32) -> Bool { firstMember[Int(item)] >= 0 }

        fileprivate func products(_ group: ArraySlice<Int32>) -> GroupProducts {
            var result = GroupProducts()
            var firstLoose: Int32 = -1
            for index in group {
                if isKeyedProduct(index) {
                    result.count += 1
                } else if firstLoose < 0 {
                    firstLoose = index
                    result.hasLoose = true
                    result.count += 1
                } else if !result.looseConflict,
                          !ProductMatching.sayTheSame(items[Int(firstLoose)], items[Int(index)], in: snapshot!, list: list!) {
                    result.looseConflict = true
                    result.count += 1
                }
            }
            return result
        }

        /// Carries a name-and-size group's products on: each of a key, and the loose items as
        /// one product when `loose`.
        fileprivate mutating func carryProducts(_ group: ArraySlice<Int32>, loose: Bool) {
            for index in group where isKeyedProduct(index) { carried.append(index) }
            guard loose else { return }
            expandLoose(group)
            if !out.isEmpty { makeProduct() }
        }

        /// The group's loose items, into `out`.
        fileprivate mutating func expandLoose(_ group: ArraySlice<Int32>) {
            out.removeAll(keepingCapacity: true)
            for index in group where !isKeyedProduct(index) { out.append(index) }
        }

        /// The key of `out`'s items, if one has one.
        fileprivate func outKey() -> UnsafeBufferPointer<UInt8>? {
            for index in out { if let key = items[Int(index)].key { return key } }
            return nil
        }
    }

    private static let none = ArraySlice<Int32>()

    /// The items an outcome is about: indices into each side's items.
    struct Found {
        var old: ArraySlice<Int32>
        var new: ArraySlice<Int32>
        var oldItems: [Snapshot.Item]
        var newItems: [Snapshot.Item]
    }

    private(set) var old = Side()
    private(set) var new = Side()
    /// Whether some product was matched by its key.
    private(set) var matchedByKey = false

    /// What items are grouped by in a pass.
    private enum Identity {
        case key, nameAndSize, name
    }

    /// Matches a list's products, `before` in `oldSnapshot` against `after` in `newSnapshot`
    /// (either list may be absent), calling `body` with each outcome and the items of each
    /// side it is about, in an order that depends on the products, not on the order they were
    /// listed in.
    mutating func match(old oldSnapshot: Snapshot, _ before: Snapshot.PricedList?, new newSnapshot: Snapshot, _ after: Snapshot.PricedList?,
                        settledOld: [Bool] = [], settledNew: [Bool] = [], _ body: (Outcome, Found) -> Void) {
        old.load(oldSnapshot, before, settled: settledOld)
        new.load(newSnapshot, after, settled: settledNew)
        // 2. By key.
        Self.pick(&old, where: { $0.key != nil })
        Self.pick(&new, where: { $0.key != nil })
        matchGroups(.key) { o, n, this in
            let oneOld = !o.isEmpty && this.old.isOneProduct(o)
            let oneNew = !n.isEmpty && this.new.isOneProduct(n)
            if oneOld && oneNew {
                this.matchedByKey = true
                this.old.expand(o)
                this.new.expand(n)
                let resized = SizeValue.compare(SizeValue(this.old.items[Int(o.first!)]), SizeValue(this.new.items[Int(n.first!)])) != 0
                body(.matched(resized: resized), this.found())
                return
            }
            // A side's products are its own: a key on items that do not say the same tells
            // nothing, and those items go by name and size, whatever the other side has.
            if oneOld { this.old.keyedProduct(o) } else { this.old.loose += o }
            if oneNew { this.new.keyedProduct(n) } else { this.new.loose += n }
        }

        // 3. By name and size: products of keys the other side lacks, and items with no key
        // (or a key that tells nothing).
        Self.pick(&old, where: { $0.key == nil })
        Self.pick(&new, where: { $0.key == nil })
        old.pick += old.loose
        new.pick += new.loose
        old.pick += old.carried
        new.pick += new.carried
        old.carried.removeAll(keepingCapacity: true)
        new.carried.removeAll(keepingCapacity: true)
        matchGroups(.nameAndSize) { o, n, this in
            let before = this.old.products(o)
            let after = this.new.products(n)
            if !before.hasLoose && !after.hasLoose {
                // Products of other keys: never one product by name and size (perhaps renamed).
                this.old.carried += o
                this.new.carried += n
            } else if before.count == 1 && after.count == 1 {
                this.old.expand(o)
                this.new.expand(n)
                body(.matched(resized: false), this.found())
            } else if before.count > 0 && after.count > 0 {
                this.old.expand(o)
                this.new.expand(n)
                body(.ambiguous(unchanged: this.samePrices()), this.found())
            } else if before.count > 0 {
                if before.looseConflict {
                    this.old.expandLoose(o)
                    body(.gone(conflicting: true), this.found(new: false))
                }
                this.old.carryProducts(o, loose: !before.looseConflict)
            } else {
                if after.looseConflict {
                    this.new.expandLoose(n)
                    body(.new(conflicting: true), this.found(old: false))
                }
                this.new.carryProducts(n, loose: !after.looseConflict)
            }
        }

        // 4. Resized; 5. new and gone.
        swap(&old.pick, &old.carried)
        swap(&new.pick, &new.carried)
        matchGroups(.name) { o, n, this in
            if o.count == 1 && n.count == 1 {
                this.old.expand(o)
                this.new.expand(n)
                let keys = (this.old.outKey(), this.new.outKey())
                if keys.0 == nil || keys.1 == nil || ByteOrder.compare(keys.0!, keys.1!) == 0 {
                    let resized = SizeValue.compare(SizeValue(this.old.items[Int(o.first!)]), SizeValue(this.new.items[Int(n.first!)])) != 0
                    body(.matched(resized: resized), this.found())
                    return
                }
            }
            for index in n.indices {
                this.new.expand(n[index...index])
                body(.new(conflicting: false), this.found(old: false))
            }
            for index in o.indices {
                this.old.expand(o[index...index])
                body(.gone(conflicting: false), this.found(new: false))
            }
        }
    }

    /// Whether an identity on exactly one item of each side (a key; or a name and size by
    /// value, `SizeValue`) is one product whatever else the lists hold, so that a caller that
    /// knows its items' identities may pair them without matching (`per history` does, week
    /// after week) and leave the rest to `match(settledOld:settledNew:)`: by key always (step
    /// 2 pairs a key's one item on each side); by name and size when no item of either side
    /// has a key (else a product of a key the other side lacks may join the name and size, step
    /// 3). It is `matched`, `resized` when the two sizes differ by value.
    static func isSurePair(keyed: Bool, oldCount: Int, newCount: Int, keysInLists: Bool) -> Bool {
        oldCount == 1 && newCount == 1 && (keyed || !keysInLists)
    }

    /// The items of `old.out` and `new.out`, or of one of them.
    private func found(old: Bool = true, new: Bool = true) -> Found {
        Found(old: old ? self.old.out[...] : Self.none, new: new ? self.new.out[...] : Self.none,
              oldItems: self.old.items, newItems: self.new.items)
    }

    /// Whether two items of one side say the same: one size, the same pack price (or none
    /// known), and the same unit price (exactly for a sheet's, as printed for a report's).
    static func sayTheSame(_ a: Snapshot.Item, _ b: Snapshot.Item, in snapshot: Snapshot, list: Snapshot.PricedList) -> Bool {
        guard SizeValue.compare(SizeValue(a), SizeValue(b)) == 0 else { return false }
        switch (a.price, b.price) {
        case (nil, nil): break
        case (let x?, let y?): if x.compareValue(y) != 0 { return false }
        default: return false
        }
        if let x = a.exact, let y = b.exact { return x.compare(y) == 0 }
        return snapshot.printed(a, basis: list) == snapshot.printed(b, basis: list)
    }

    /// Whether the old and new items of an ambiguous group (`old.out`, `new.out`) have the same
    /// unit prices as a whole (as multisets).
    private func samePrices() -> Bool {
        guard old.out.count == new.out.count else { return false }
        let before = old.out.map { old.items[Int($0)] }
        let after = new.out.map { new.items[Int($0)] }
        let exactOld = before.compactMap(\.exact)
        let exactNew = after.compactMap(\.exact)
        if exactOld.count == before.count && exactNew.count == after.count {
            let x = exactOld.sorted { $0.compare($1) < 0 }
            let y = exactNew.sorted { $0.compare($1) < 0 }
            return zip(x, y).allSatisfy { $0.compare($1) == 0 }
        }
        let x = before.map { old.snapshot!.printed($0, basis: old.list!).wide }.sorted()
        let y = after.map { new.snapshot!.printed($0, basis: new.list!).wide }.sorted()
        return x == y
    }

    // MARK: Grouping

    /// The indices of the items that pass, into the side's `pick`.
    @inline(__always)
    private static func pick(_ side: inout Side, where passes: (Snapshot.Item) -> Bool) {
        side.pick.removeAll(keepingCapacity: true)
        if side.settled.isEmpty {
            for index in side.items.indices where passes(side.items[index]) { side.pick.append(Int32(index)) }
        } else {
            for index in side.items.indices where !side.settled[index] && passes(side.items[index]) { side.pick.append(Int32(index)) }
        }
    }

    /// Calls `body` with each identity among the picked items: the old items and the new ones
    /// that have it, one side possibly empty, in an order that does not depend on the input's.
    /// Sorts each side by a hash of the identity, then the identity itself, and walks the two
    /// together.
    private mutating func matchGroups(_ identity: Identity, _ body: (ArraySlice<Int32>, ArraySlice<Int32>, inout ProductMatching) -> Void) {
        guard !old.pick.isEmpty || !new.pick.isEmpty else { return }
        Self.sort(&old.pick, hashes: &old.hashes, entries: &old.entries, items: old.items, identity)
        Self.sort(&new.pick, hashes: &new.hashes, entries: &new.entries, items: new.items, identity)
        let oldPick = old.pick
        let newPick = new.pick
        let oldHashes = old.hashes
        let newHashes = new.hashes
        let oldItems = old.items
        let newItems = new.items
        var (i, j) = (0, 0)
        while i < oldPick.count || j < newPick.count {
            let order: Int
            if i == oldPick.count { order = 1 } else if j == newPick.count { order = -1 } else {
                order = Self.compare(oldHashes[i], oldItems[Int(oldPick[i])], newHashes[j], newItems[Int(newPick[j])], identity)
            }
            var endOld = i
            var endNew = j
            if order <= 0 {
                endOld += 1
                while endOld < oldPick.count
                        && Self.compare(oldHashes[i], oldItems[Int(oldPick[i])], oldHashes[endOld], oldItems[Int(oldPick[endOld])], identity) == 0 {
                    endOld += 1
                }
            }
            if order >= 0 {
                endNew += 1
                while endNew < newPick.count
                        && Self.compare(newHashes[j], newItems[Int(newPick[j])], newHashes[endNew], newItems[Int(newPick[endNew])], identity) == 0 {
                    endNew += 1
                }
            }
            body(oldPick[i..<endOld], newPick[j..<endNew], &self)
            (i, j) = (endOld, endNew)
        }
    }

    /// An item to sort and the hash of its identity.
    fileprivate struct Entry {
        var hash: UInt64
        var index: Int32
    }

    private static func sort(_ pick: inout [Int32], hashes: inout [UInt64], entries: inout [Entry], items: [Snapshot.Item],
                             _ identity: Identity) {
        // Each hash worked out once, then sorted with its item (hash, then identity, then
        // place: the same order whatever order the items came in).
        entries.removeAll(keepingCapacity: true)
        for index in pick { entries.append(Entry(hash: hash(items[Int(index)], identity), index: index)) }
        entries.sort { a, b in
            if a.hash != b.hash { return a.hash < b.hash }
            let order = compare(a.hash, items[Int(a.index)], b.hash, items[Int(b.index)], identity)
            return order != 0 ? order < 0 : a.index < b.index
        }
        pick.removeAll(keepingCapacity: true)
        hashes.removeAll(keepingCapacity: true)
        for entry in entries {
            pick.append(entry.index)
            hashes.append(entry.hash)
        }
    }

    @inline(__always)
    private static func hash(_ item: Snapshot.Item, _ identity: Identity) -> UInt64 {
        switch identity {
        case .key: return ByteInterner.hash(item.key!)
        case .name: return ByteInterner.hash(item.name)
        case .nameAndSize: return (ByteInterner.hash(item.name) ^ SizeValue(item).hash) &* 0x100_0000_01b3
        }
    }

    /// A total order on items by identity, hash first.
    @inline(__always)
    private static func compare(_ hashA: UInt64, _ a: Snapshot.Item, _ hashB: UInt64, _ b: Snapshot.Item, _ identity: Identity) -> Int {
        if hashA != hashB { return hashA < hashB ? -1 : 1 }
        switch identity {
        case .key: return ByteOrder.compare(a.key!, b.key!)
        case .name: return ByteOrder.compare(a.name, b.name)
        case .nameAndSize:
            let names = ByteOrder.compare(a.name, b.name)
            return names != 0 ? names : SizeValue.compare(SizeValue(a), SizeValue(b))
        }
    }
}
