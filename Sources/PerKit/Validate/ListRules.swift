/// Per's rules about lists, which depend on the rows before: a list takes the dimension of its
/// first candidate in input order and the currency of its first candidate that states one; a
/// candidate of another dimension or currency is a mismatch. For a file whose dimensions are
/// ranked apart (`ReadingPlan.splitsDimensions`: a shop's categories, a file without lists,
/// `--split-dimensions`), a list holds one dimension only and a candidate of another goes to a
/// list of its own instead, named with its dimension (`Hrana (mass)`).
///
/// To add a rule that depends on the rows before, decide it in `fit` (a new `Mismatch.Kind`)
/// or next to it in `Validator.take`, which applies these rules in input order.
struct ListRules {
    private(set) var lists: [ProductList] = []
    /// Whether the rows being taken split their lists by dimension (their file's plan), and
    /// whether by per's own decision (not `--split-dimensions`).
    private var splits = false
    private var splitsByItself = false
    /// The lists split by per's own decision: each one's name as written (its id), and its name
    /// without the dimension. Such a list is named with its dimension only when its name has
    /// lists of more than one dimension (`finishedLists`).
    private var splitByItself: [Int: (name: Int, written: String)] = [:]
    private let maxLists: Int
    /// Lists as written (or their file's name), before any split by dimension.
    private var names = ByteInterner()
    /// The list of each interned name and dimension (for rows that split), and of each name
    /// (for rows that do not).
    private var byName = IDMap()
    /// Each name's first list, and how many lists it has.
    private var firstList: [Int: Int] = [:]
    private var listsOfName: [Int: Int] = [:]
    /// While a batch is taken: the lists it names (by its own id and, when splitting, dimension)
    /// as the run's, each found once per batch.
    private var batchLists = IDMap()

    init(maxLists: Int) {
        self.maxLists = maxLists
    }

    /// A batch of judged rows begins, naming `count` lists of its own; `splits` when its file
    /// ranks each dimension of a list apart.
    mutating func beginBatch(listCount count: Int, splits: Bool, byItself: Bool = false) {
        self.splits = splits
        splitsByItself = splits && byItself
        batchLists.reset(count: count * Self.keysPerName)
    }

    /// A name's keys: one per dimension when split, one more when not.
    private static var keysPerName: Int { Dimension.allCases.count + 1 }

    /// The list a candidate of the batch goes to, by the batch's own id for its list name:
    /// `list(named:dimension:currency:)`, asked once per batch.
    @inline(__always)
    mutating func list(batchList id: Int, named name: @autoclosure () -> UnsafeBufferPointer<UInt8>,
                       shown: @autoclosure () -> String?, dimension: Dimension, currency: Currency?) -> Int? {
        let key = self.key(id, dimension)
        if let list = batchLists[key] { return list }
        let list = self.list(named: name(), shown: shown(), dimension: dimension, currency: currency)
        batchLists[key] = list
        return list
    }

    /// The list a candidate of this list name and dimension goes to, made with its dimension
    /// and currency when new (and shown as `shown`, when its name is not the list's bytes);
    /// nil when a new list would pass the run's limit. A name is one list whatever file it
    /// comes from: rows that split by dimension go to its list of their dimension, rows that
    /// do not to its first list (per's rule then refuses another dimension), so two files
    /// called `aldi.csv`, one split and one not, still feed the lists of one `aldi`.
    mutating func list(named name: UnsafeBufferPointer<UInt8>, shown: String? = nil, dimension: Dimension, currency: Currency?) -> Int? {
        let id = names.intern(name).id
        let key = id * Self.keysPerName + (splits ? dimension.ordinal : Dimension.allCases.count)
        byName.grow(to: (id + 1) * Self.keysPerName)
        if let list = byName[key] { return list }
        // The same list under the other way of keying it: a name's first list (for rows that do
        // not split), or its list of this dimension (for rows that do).
        let other = splits ? byName[id * Self.keysPerName + Dimension.allCases.count].flatMap { lists[$0].dimension == dimension ? $0 : nil }
            : firstList[id]
        if let other {
            byName[key] = other
            return other
        }
        guard lists.count < maxLists else { return nil }
        let written = shown ?? names.string(of: id)
        lists.append(ProductList(name: splits ? dimension.listName(written) : written,
                                 dimension: dimension, currency: currency))
        let list = lists.count - 1
        if splitsByItself { splitByItself[list] = (id, written) }
        listsOfName[id, default: 0] += 1
        if firstList[id] == nil {
            firstList[id] = list
            byName[id * Self.keysPerName + Dimension.allCases.count] = list
        }
        byName[id * Self.keysPerName + dimension.ordinal] = byName[id * Self.keysPerName + dimension.ordinal] ?? list
        byName[key] = list
        return list
    }

    /// Whether per's own decision to split split a list: a name with lists of two dimensions.
    var splitAnyListByItself: Bool {
        splitByItself.values.contains { listsOfName[$0.name, default: 0] > 1 }
    }

    /// The lists, with a list split by per's own decision named without its dimension when its
    /// name has no other list (`groceries`, not `groceries (mass)`), and the old name of each
    /// list renamed so.
    func finishedLists() -> (lists: [ProductList], renamed: [String: String]) {
        var finished = lists
        var renamed: [String: String] = [:]
        for (index, list) in splitByItself where listsOfName[list.name] == 1 {
            renamed[finished[index].name] = list.written
            finished[index].name = list.written
        }
        return (finished, renamed)
    }

    /// A list name's id, and when splitting its dimension, as one index.
    @inline(__always)
    private func key(_ name: Int, _ dimension: Dimension) -> Int {
        name * Self.keysPerName + (splits ? dimension.ordinal : Dimension.allCases.count)
    }

    /// Whether a candidate of this dimension and currency fits list `list`: nil when it does
    /// (the list then takes its currency, if it had none), else why not.
    @inline(__always)
    mutating func fit(dimension: Dimension, currency: Currency?, in list: Int) -> Mismatch.Kind? {
        let expected = lists[list].dimension
        if expected != dimension { return .dimension(expected: expected, found: dimension) }
        if let found = currency {
            if let expected = lists[list].currency, expected != found { return .currency(expected: expected, found: found) }
            lists[list].currency = found
        }
        return nil
    }
}
