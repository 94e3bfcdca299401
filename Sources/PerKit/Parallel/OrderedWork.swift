import Dispatch

/// Work cut into numbered items, done by two worker threads and taken in order by the calling
/// thread: `produce` runs for items 0, 1, 2, … on the workers, at most `inFlight` items ahead
/// of the one being taken, and `consume` receives the results one by one, in item order, on
/// the calling thread. So order-dependent work (validating rows, writing a file) overlaps with
/// the parallel work that feeds it, and memory stays at a few items.
///
/// When `consume` returns false or throws, the workers stop after their current item, and
/// `run` returns (or rethrows) once they have.
enum OrderedWork {
    static func run<Result>(
        count: Int, inFlight: Int, workers: Int = 2,
        produce: @escaping @Sendable (Int) -> Result,
        consume: (Int, Result) throws -> Bool
    ) rethrows {
        guard count > 0 else { return }
        let state = OrderedWorkState<Result>(count: count, inFlight: inFlight)
        let group = DispatchGroup()
        for _ in 0..<max(workers, 1) {
            DispatchQueue.global(qos: .userInitiated).async(group: group) {
                while let index = state.claim() {
                    state.deliver(produce(index), for: index)
                }
            }
        }
        defer {
            state.cancel(workers: workers)
            group.wait()
        }
        for index in 0..<count {
            let result = state.take(index)
            let goOn = try consume(index, result)
            state.release()
            if !goOn { return }
        }
    }
}

/// What the workers and the taking thread share.
private final class OrderedWorkState<Result>: @unchecked Sendable {  // shared fields are guarded by `lock`
    private let lock = DispatchSemaphore(value: 1)
    /// Free places for results; created at zero and raised, so that it may end below its
    /// count (items produced but never taken) without libdispatch objecting when it is freed.
    private let slots = DispatchSemaphore(value: 0)
    private let ready: [DispatchSemaphore]
    private var results: [Result?]
    private var next = 0
    private var cancelled = false

    init(count: Int, inFlight: Int) {
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        results = Array(repeating: nil, count: count)
        for _ in 0..<max(inFlight, 1) { slots.signal() }
    }

    /// The next item for a worker, once there is room for its result; nil when there is none.
    func claim() -> Int? {
        slots.wait()
        let index: Int? = locked {
            guard !cancelled, next < results.count else { return nil }
            next += 1
            return next - 1
        }
        if index == nil { slots.signal() }  // let the other worker see it too
        return index
    }

    func deliver(_ result: Result, for index: Int) {
        locked { results[index] = result }
        ready[index].signal()
    }

    func take(_ index: Int) -> Result {
        ready[index].wait()
        return locked {
            defer { results[index] = nil }
            return results[index]!
        }
    }

    /// A taken result is done with: room for another.
    func release() {
        slots.signal()
    }

    func cancel(workers: Int) {
        locked { cancelled = true }
        for _ in 0..<max(workers, 1) { slots.signal() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.wait()
        defer { lock.signal() }
        return body()
    }
}
