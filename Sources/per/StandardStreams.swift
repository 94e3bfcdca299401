#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input, output and error as the run found them. One that was closed (`>&-`) is
/// held open on /dev/null, so that no file per opens takes its number (a report written to
/// "standard output" would go into that file); standard output closed then fails the report
/// that goes there, with what happened, rather than writing it nowhere.
enum StandardStreams {
    /// The descriptors among 0, 1 and 2 that were closed when the run began.
    nonisolated(unsafe) private(set) static var closed: Set<Int32> = []

    static func holdClosedOnes() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            // open takes the lowest free number: this one, as the lower ones are open by now.
            let held = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if held >= 0 && held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }

    static var isOutputClosed: Bool { closed.contains(STDOUT_FILENO) }
    static var isInputClosed: Bool { closed.contains(STDIN_FILENO) }
}
