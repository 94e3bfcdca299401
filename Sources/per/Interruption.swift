#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// Removes the temporary files of the reports being written (or the folder `per history --git`
/// copies versions into, after its file) when the run is interrupted (SIGINT, SIGTERM,
/// SIGHUP), then dies of the same signal, so that an interrupted run leaves the previous
/// reports and nothing else.
enum Interruption {
    static let signals = [SIGINT, SIGTERM, SIGHUP]

    /// The most files one run writes at once: four formats and the rejects.
    static let capacity = 8
    /// The paths to remove, as C strings the signal handler can use without allocating.
    nonisolated(unsafe) private static let pending = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var pendingCount = 0

    /// Installs the handlers, leaving alone a signal the caller chose to ignore (`nohup`), and
    /// unblocks the signals, which a parent's thread may have blocked when it started per.
    static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
        for number in signals {
            let previous = signal(number) { number in
                for index in 0..<Interruption.pendingCount {
                    // A folder is not unlinked; it is removed once the files in it are.
                    if let path = Interruption.pending[index], unlink(path) != 0 { rmdir(path) }
                }
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

    /// Sets the files and empty folders to remove on a signal, in order (none: clears them);
    /// call with signals blocked.
    static func removeOnSignal(_ paths: [PathName]) {
        precondition(paths.count <= capacity)
        for index in 0..<pendingCount { free(pending[index]) }
        for (index, path) in paths.enumerated() { pending[index] = path.withCString { strdup($0) } }
        pendingCount = paths.count
    }
}
