/// Objects the process keeps until it ends instead of freeing them.
///
/// A run's sheet and report are nearly all of its memory: at a million rows about 120 MB, in a
/// few large buffers and tens of thousands of small allocations (list names, lists). Freed
/// object by object as `run` returned, after the report was already in place, they took
/// 10-11 ms of the run's end (glibc consolidating its free chunks, Swift's releases, the
/// unmapping), which the kernel's teardown of the address space at exit does anyway. (clang's
/// `-disable-free` does the same.) Only for objects that live until the process exits.
enum KeptUntilExit {
    static func keep(_ objects: AnyObject...) {
        for object in objects { _ = Unmanaged.passRetained(object) }
    }
}
