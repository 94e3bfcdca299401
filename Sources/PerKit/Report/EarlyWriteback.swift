#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts the disk write of a report file while the rest of it is still being formatted.
///
/// A report replaces last week's by a rename (`AtomicFile`). On a rename over an existing file,
/// ext4 (`auto_da_alloc`) writes the new file's delayed-allocation pages out before the rename
/// returns, all at once: 30 ms for a 73 MB CSV report, and the run waits for it. Asking for
/// each 8 MiB to be written out as soon as it is in the page cache leaves the rename almost
/// nothing to do. The file's bytes and its durability are unchanged: it is written out sooner,
/// that is all.
///
/// Linux starts the writeback of dirty pages on `posix_fadvise(POSIX_FADV_DONTNEED)` and then
/// drops the pages that are already clean: mostly none, as they are still being written, but
/// some of a report may leave the cache that way (it is on disk; a reader reads it back). The
/// call also drains the kernel's per-CPU page lists once per step, a cost on hosts with many
/// cores. (`sync_file_range` says it more directly but is not in Swift's Glibc.)
struct EarlyWriteback {
    /// How many written bytes are handed to the disk at a time.
    static let step = 8 << 20

    let descriptor: Int32
    /// Bytes written to the file so far.
    private(set) var written = 0
    /// Bytes whose writeback has been started: a multiple of whole steps of `written`.
    private(set) var started = 0

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Notes `count` more bytes written; starts their writeback once a step has gathered.
    mutating func wrote(_ count: Int) {
        written += count
        guard written - started >= Self.step else { return }
        #if os(Linux)
        _ = posix_fadvise(descriptor, off_t(started), off_t(written - started), POSIX_FADV_DONTNEED)
        #endif
        started = written
    }
}
