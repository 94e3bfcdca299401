import Foundation
@testable import PerKit
import Testing

@Suite struct OrderedWorkTests {
    /// Items finish out of order (later ones faster), but are taken in order, each once.
    @Test func resultsAreTakenInItemOrder() {
        var taken: [Int] = []
        OrderedWork.run(count: 200, inFlight: 3) { index in
            usleep(UInt32((200 - index) % 7) * 100)
            return index * index
        } consume: { index, square in
            #expect(square == index * index)
            taken.append(index)
            return true
        }
        #expect(taken == Array(0..<200))
    }

    @Test func noMoreThanInFlightItemsAreAheadOfTheTaker() {
        let counter = InFlightCounter()
        OrderedWork.run(count: 100, inFlight: 4) { _ in
            counter.started()
        } consume: { _, _ in
            usleep(200)
            counter.taken()
            return true
        }
        #expect(counter.highest <= 4 && counter.highest >= 1)
    }

    @Test func stoppingOrThrowingEndsTheWorkEarly() {
        var taken = 0
        OrderedWork.run(count: 10_000, inFlight: 2) { $0 } consume: { index, _ in
            taken += 1
            return index < 9
        }
        #expect(taken == 10)

        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try OrderedWork.run(count: 10_000, inFlight: 2) { $0 } consume: { index, _ in
                if index == 5 { throw Stop() }
                return true
            }
        }
    }
}

/// Items produced and not yet taken, and the most there ever were.
private final class InFlightCounter: @unchecked Sendable {  // guarded by `lock`
    private let lock = DispatchSemaphore(value: 1)
    private var current = 0
    private(set) var highest = 0

    func started() {
        lock.wait()
        current += 1
        highest = max(highest, current)
        lock.signal()
    }

    func taken() {
        lock.wait()
        current -= 1
        lock.signal()
    }
}
