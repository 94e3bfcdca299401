/// Per's rules about lists, which depend on the rows before: a list takes the dimension of its
/// first candidate in input order and the currency of its first candidate that states one; a
/// candidate of another dimension or currency is a mismatch. With `splitDimensions`, a list
/// holds one dimension only and a candidate of another goes to a list of its own instead,
/// named with its dimension (`Hrana (mass)`).
///
/// To add a rule that depends on the rows before, decide it in `fit` (a new `Mismatch.Kind`)
/// or next to it in `Validator.take`, which applies these rules in input order.
struct ListRules {
    private(set) var lists: [ProductList] = []
    private let splitDimensions: Bool
    private let maxLists: Int
    /// Lists as written (or their file's name), before any split by dimension.
    private var names = ByteInterner()
    /// The list of each interned name (and, when splitting, dimension).
    private var byName = IDMap()
    /// While a batch is taken: the lists it names (by its own id and, when splitting, dimension)
    /// as the run's, each found once per batch.
    private var batchLists = IDMap()

    init(splitDimensions: Bool, maxLists: Int) {
        self.splitDimensions = splitDimensions
        self.maxLists = maxLists
    }

    /// A batch of judged rows begins, naming `count` lists of its own.
    mutating func beginBatch(listCount count: Int) {
        batchLists.reset(count: count * (splitDimensions ? Dimension.allCases.count : 1))
    }

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
    /// nil when a new list would pass the run's limit.
    mutating func list(named name: UnsafeBufferPointer<UInt8>, shown: String? = nil, dimension: Dimension, currency: Currency?) -> Int? {
        let id = names.intern(name).id
        let key = self.key(id, dimension)
        byName.grow(to: key + 1)
        if let list = byName[key] { return list }
        guard lists.count < maxLists else { return nil }
        let written = shown ?? names.string(of: id)
        lists.append(ProductList(name: splitDimensions ? dimension.listName(written) : written,
                                 dimension: dimension, currency: currency))
        byName[key] = lists.count - 1
        return lists.count - 1
    }

    /// A list name's id, and when splitting its dimension, as one index.
    @inline(__always)
    private func key(_ name: Int, _ dimension: Dimension) -> Int {
        splitDimensions ? name * Dimension.allCases.count + dimension.ordinal : name
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
