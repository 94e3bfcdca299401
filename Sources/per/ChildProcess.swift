#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run to its end, its standard output and error read whole: `git` for
/// `per history --git`. The pipes are read to their ends and the child is then reaped with
/// `waitpid`, which sleeps until it exits: Foundation's `Process.waitUntilExit` polls a run
/// loop and cost each of 1,000 `git show`s about 60 ms.
struct ChildProcess {
    /// How the child ended: its exit status, or 128 + the signal that ended it (as shells say).
    var status: Int32
    var output: [UInt8]
    var errors: [UInt8]

    /// Why a program could not be started (`errno`: ENOENT when it is not on `PATH`).
    struct SpawnError: Error {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }

    /// Runs `arguments[0]`, found on `PATH`, with the environment and standard input of per;
    /// arguments are bytes, as paths are.
    /// Standard descriptors per started without are held on /dev/null (`StandardStreams`), so
    /// the pipes' ends are never 0, 1 or 2.
    static func run(_ arguments: [[UInt8]]) throws(SpawnError) -> ChildProcess {
        let output = try Pipe()
        let errors: Pipe
        do { errors = try Pipe() } catch { output.closeBoth(); throw error }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output.write, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errors.write, STDERR_FILENO)
        // The child starts with no signal held back and SIGPIPE as programs expect it,
        // whatever per's threads block or ignore.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
        argv.append(nil)
        defer { argv.forEach { $0?.deallocate() } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, argv, environ)
        close(output.write)
        close(errors.write)
        guard spawned == 0 else {
            close(output.read)
            close(errors.read)
            throw SpawnError(code: spawned)
        }
        let (out, err) = readToEnd(output.read, errors.read)
        close(output.read)
        close(errors.read)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED, WEXITSTATUS and WTERMSIG are macros Swift does not import.
        let signal = status & 0x7F
        return ChildProcess(status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, output: out, errors: err)
    }

    /// Both pipes read until each is closed, whichever the child writes first (a child whose
    /// messages fill one pipe while per waits on the other would wait for ever).
    private static func readToEnd(_ first: Int32, _ second: Int32) -> ([UInt8], [UInt8]) {
        var bytes: ([UInt8], [UInt8]) = ([], [])
        var open = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while open.contains(where: { $0.fd >= 0 }) {
            // poll skips entries with a negative descriptor.
            if poll(&open, nfds_t(open.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            for index in open.indices where open[index].fd >= 0 && open[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(open[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    if index == 0 { bytes.0.append(contentsOf: chunk[..<count]) } else { bytes.1.append(contentsOf: chunk[..<count]) }
                } else if count == 0 || errno != EINTR {
                    open[index].fd = -1
                }
            }
        }
        return bytes
    }

    /// A pipe whose ends are closed in the child when it runs its program (the ends the child
    /// uses are copied to its standard descriptors first).
    private struct Pipe {
        var read: Int32
        var write: Int32

        init() throws(SpawnError) {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw SpawnError(code: errno) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            read = ends[0]
            write = ends[1]
        }

        func closeBoth() {
            close(read)
            close(write)
        }
    }
}
