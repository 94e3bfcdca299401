/// What the process keeps until it ends instead of freeing it.
///
/// A run's sheet and report are nearly all of its memory: at a million rows about 120 MB, in a
/// few large buffers and tens of thousands of small allocations (list names, lists). Freed
/// object by object as `run` returned, after the report was already in place, they made the
/// time from the last write to the process's end 17-19 ms instead of 12 ms for a CSV report
/// (glibc consolidating its free chunks, Swift's releases, the unmapping), work the kernel's
/// teardown of the address space at exit does anyway; `per diff`'s snapshots of two million-row
/// sheets took 0.15 s. (clang's `-disable-free` does the same.) Only for what lives until the
/// process exits.
enum KeptUntilExit {
    static func keep(_ values: Any...) {
        _ = Unmanaged.passRetained(Kept(values))
    }

    private final class Kept {
        let values: [Any]

        init(_ values: [Any]) {
            self.values = values
        }
    }
}
