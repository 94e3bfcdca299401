import Dispatch

/// Objects to reuse across threads, so that each item of `OrderedWork` does not grow fresh
/// memory: `take` gives a spare one (or a new one), `give` empties it and keeps it.
final class ReusePool<Item: AnyObject>: @unchecked Sendable {  // `spare` is guarded by `lock`
    private let lock = DispatchSemaphore(value: 1)
    private var spare: [Item] = []
    private let make: () -> Item
    private let empty: (Item) -> Void

    init(make: @escaping () -> Item, empty: @escaping (Item) -> Void) {
        self.make = make
        self.empty = empty
    }

    func take() -> Item {
        lock.wait()
        let item = spare.popLast()
        lock.signal()
        return item ?? make()
    }

    func give(_ item: Item) {
        empty(item)
        lock.wait()
        spare.append(item)
        lock.signal()
    }
}
