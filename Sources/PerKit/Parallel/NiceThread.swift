#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// A thread of its own for background work that should give way to the thread it feeds.
///
/// Its nice value is raised (Linux keeps one per thread), so that when three threads want two
/// cores, the thread that takes the results in order runs first and the workers fill in
/// around it. A thread of its own, because a nice value can be raised but not lowered again
/// without privileges: a pooled thread would keep it for whatever it runs next.
enum NiceThread {
    private final class Work: Sendable {
        let niceness: Int32
        let body: @Sendable () -> Void

        init(niceness: Int32, body: @escaping @Sendable () -> Void) {
            self.niceness = niceness
            self.body = body
        }

        func run() {
            #if os(Linux)
            // Who 0 is the calling thread. Failing to renice only costs speed.
            let thread = __priority_which_t(PRIO_PROCESS.rawValue)
            errno = 0
            let current = getpriority(thread, 0)
            if errno == 0 { _ = setpriority(thread, 0, current + niceness) }
            #endif
            body()
        }
    }

    /// Runs `body` on a new thread with its nice value raised by `niceness`; on a pooled
    /// thread, as it is, when no thread can be made.
    static func start(niceness: Int32, _ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(niceness: niceness, body: body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, work)
        if created == 0 {
            pthread_detach(thread)
        } else {
            let work = Unmanaged<Work>.fromOpaque(work).takeRetainedValue()
            DispatchQueue.global().async { work.body() }
        }
    }
}
