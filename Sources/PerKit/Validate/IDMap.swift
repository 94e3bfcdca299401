/// Small dense ids mapped to others: a batch's own ids (its lists, its unit spellings) to the
/// run's, each found once per batch; interned list names to lists.
struct IDMap {
    /// The run's id plus one, or 0 while not known.
    private var ids: [Int32] = []

    /// Forgets every id, for a batch of `count` ids of its own.
    mutating func reset(count: Int) {
        ids.removeAll(keepingCapacity: true)
        ids.append(contentsOf: repeatElement(0, count: count))
    }

    /// Makes room for ids below `count`, keeping those known.
    mutating func grow(to count: Int) {
        if count > ids.count { ids.append(contentsOf: repeatElement(0, count: count - ids.count)) }
    }

    @inline(__always)
    subscript(id: Int) -> Int? {
        get { ids[id] == 0 ? nil : Int(ids[id]) - 1 }
        set { ids[id] = newValue.map { Int32($0 + 1) } ?? 0 }
    }
}
