#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a report file goes, written in full or not at all: bytes go to a temporary file beside
/// the target, which is renamed over the target only once everything is written. A failed run
/// leaves the previous report as it was.
///
/// A symbolic link is followed: the file it points to is replaced and the link stays. A target
/// that is not a regular file (`/dev/null`, `/dev/stdout`, a FIFO) cannot be replaced by a
/// rename, so it is written directly.
///
/// The temporary file is `NAME.tmp-XXXXXX` (NAME cut short to keep within the system's 255
/// bytes a file name may have), locked (flock) while it is written. A run killed outright
/// (SIGKILL, a power cut) cannot remove it; the next run that writes the same report removes
/// such leftovers of its own pattern that no live run holds locked.
public final class AtomicFile {
    public let path: PathName
    public let descriptor: Int32
    /// The temporary file, or nil when writing directly to a special file.
    public let temporaryPath: PathName?
    private let target: PathName
    /// A second descriptor of the temporary file, holding its lock until it is in place.
    private let lock: Int32
    private var done = false

    /// Opens the target; refuses one that is a directory or one of the inputs.
    public init(path: PathName, inputs: [InputFile]) throws {
        self.path = path
        var status = stat()
        let exists = path.withCString { stat($0, &status) } == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw AtomicFileError.cannotCreate(path: path, reason: "it is a directory")
        }
        if exists && (status.st_mode & S_IFMT) != S_IFREG {
            let descriptor = path.withCString { open($0, O_WRONLY | O_CLOEXEC) }
            guard descriptor >= 0 else {
                throw AtomicFileError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
            }
            self.descriptor = descriptor
            temporaryPath = nil
            target = path
            lock = -1
            return
        }
        // Standard input counts by what descriptor 0 is: `per report - -o prices.csv < prices.csv`
        // would replace the input with its report.
        if exists, let clash = inputs.first(where: { $0.identity == FileIdentity(status) }) {
            throw AtomicFileError.wouldOverwriteInput(path: path, input: clash.path)
        }
        // Replace what a link points to, not the link; a link to nothing yet (dangling) gets
        // its file made where it points, as a shell's `>` makes it.
        target = exists ? (path.resolved ?? path) : (path.danglingLinkTarget ?? path)
        let pattern = Self.temporaryPattern(for: target)
        var template = (pattern.directory.bytes + [UInt8(ascii: "/")] + pattern.name + Array("XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AtomicFileError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        let temporary = PathName(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
        temporaryPath = temporary
        // Held until the file is in place or removed, or the process ends however it ends.
        lock = temporary.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        flock(lock, LOCK_EX | LOCK_NB)
        // mkstemp makes the file private (0600); a report gets the mode of the file it replaces,
        // or the usual mode for new files.
        if exists {
            fchmod(descriptor, status.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
        Self.removeLeftovers(of: pattern, keeping: temporary.lastComponent)
    }

    deinit { discard() }

    /// Puts the written file in place of the target.
    public func commit() throws {
        guard !done else { return }
        done = true
        guard let temporaryPath else {
            guard close(descriptor) == 0 else { throw AtomicFileError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
            return
        }
        // No fsync: the rename is atomic against a failing or killed run, which is what a
        // report written over last week's needs; against power loss, ext4 and XFS flush a file
        // renamed over another before the rename. An fsync would cost a large report its
        // disk's whole write time (a 260 MB JSON report: 0.6 s of 1.6). The lock goes after the
        // rename: a leftover is never a file still being put in place.
        defer { close(lock) }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = temporaryPath.withCString { unlink($0) }
            throw AtomicFileError.cannotWrite(path: path, reason: reason)
        }
        guard temporaryPath.withCString({ from in target.withCString { rename(from, $0) } }) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = temporaryPath.withCString { unlink($0) }
            throw AtomicFileError.cannotWrite(path: path, reason: reason)
        }
    }

    /// Removes the temporary file; the target stays as it was.
    public func discard() {
        guard !done else { return }
        done = true
        if let temporaryPath { _ = temporaryPath.withCString { unlink($0) } }
        close(descriptor)
        if lock >= 0 { close(lock) }
    }

    /// The longest file name the system takes (NAME_MAX on Linux).
    static let nameLimit = 255

    /// Where the temporary files of `target` go and how their names begin: the target's name
    /// (cut to leave room for the suffix), then `.tmp-`; mkstemp adds six letters and digits.
    static func temporaryPattern(for target: PathName) -> (directory: PathName, name: [UInt8]) {
        let suffix = Array(".tmp-".utf8)
        let name = target.lastComponent
        return (target.directory, Array(name.prefix(nameLimit - suffix.count - 6)) + suffix)
    }

    /// Removes the files in `pattern`'s directory named by it (six letters or digits after it)
    /// that are regular files no run holds locked, created more than a few seconds ago (a run
    /// locks its file just after creating it): what killed runs that wrote this target left.
    static func removeLeftovers(of pattern: (directory: PathName, name: [UInt8]), keeping own: [UInt8], olderThan seconds: Int = 5) {
        guard let folder = pattern.directory.withCString({ opendir($0) }) else { return }
        defer { closedir(folder) }
        let directory = dirfd(folder)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix(while: { $0 != 0 }))
            }
            guard name.count == pattern.name.count + 6, name.starts(with: pattern.name), name != own,
                  name.suffix(6).allSatisfy({ Byte.isDigit($0) || Byte.isASCIILetter($0) }) else { continue }
            let entryName = PathName(bytes: name)
            let leftover = entryName.withCString { openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
            guard leftover >= 0 else { continue }
            defer { close(leftover) }
            var status = stat()
            guard fstat(leftover, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  Int(time(nil)) - Int(status.st_ctim.tv_sec) >= seconds,
                  flock(leftover, LOCK_EX | LOCK_NB) == 0 else { continue }
            // Still the file checked (not one put in its place since), then gone.
            var now = stat()
            let same = entryName.withCString { fstatat(directory, $0, &now, AT_SYMLINK_NOFOLLOW) } == 0
                && now.st_ino == status.st_ino && now.st_dev == status.st_dev
            if same { _ = entryName.withCString { unlinkat(directory, $0, 0) } }
        }
    }
}

public enum AtomicFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case wouldOverwriteInput(path: PathName, input: PathName)
    case cannotCreate(path: PathName, reason: String)
    case cannotWrite(path: PathName, reason: String)

    public var description: String {
        switch self {
        case .wouldOverwriteInput(let path, let input):
            "\(path): is the input \(input.isDash ? "read as standard input" : input.description); a report never overwrites an input"
        case .cannotCreate(let path, let reason):
            "\(path): cannot create the report: \(reason)"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write the report: \(reason)"
        }
    }
}
