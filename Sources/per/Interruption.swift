#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary file of a report being written when the run is interrupted (SIGINT,
/// SIGTERM, SIGHUP), then dies of the same signal, so that an interrupted run leaves the
/// previous report and nothing else.
enum Interruption {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// The path to remove, as a C string the signal handler can use without allocating.
    nonisolated(unsafe) private static var pending: UnsafeMutablePointer<CChar>?

    /// Installs the handlers, leaving alone a signal the caller chose to ignore (`nohup`), and
    /// unblocks the signals, which a parent's thread may have blocked when it started per.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for number in signals {
            let previous = signal(number) { number in
                if let path = Interruption.pending { unlink(path) }
                signal(number, SIG_DFL)
                raise(number)
            }
            // SIG_IGN is the handler address 1.
            if unsafeBitCast(previous, to: Int.self) == 1 { signal(number, SIG_IGN) }
        }
    }

    /// Runs `body` with the signals held back, so that a temporary file is never created
    /// without being registered for removal.
    static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        sigprocmask(SIG_BLOCK, &blocked, &previous)
        defer { sigprocmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Sets (or clears, with nil) the file to remove on a signal; call with signals blocked.
    static func removeOnSignal(_ path: String?) {
        let old = pending
        pending = path.map { strdup($0) }
        free(old)
    }
}
