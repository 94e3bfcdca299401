#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file as the system knows it, whatever the path that names it: its device and inode. Two
/// paths (a link, `./x` and `x`) name the same file exactly when their identities are equal.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }

    /// The file at `path` (following links), or nil when there is none.
    init?(path: PathName) {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else { return nil }
        self.init(status)
    }

    /// The file open as `descriptor`, or nil when it is not open.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}

extension InputFile {
    /// The file read: the one at its path, or for standard input whatever descriptor 0 is.
    var identity: FileIdentity? {
        isStandardInput ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: path)
    }
}
