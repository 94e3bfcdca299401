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
public final class AtomicFile {
    public let path: String
    public let descriptor: Int32
    /// The temporary file, or nil when writing directly to a special file.
    public let temporaryPath: String?
    private let target: String
    private var done = false

    /// Opens the target; refuses one that is a directory or one of the inputs.
    public init(path: String, inputs: [InputFile]) throws {
        self.path = path
        var status = stat()
        let exists = stat(path, &status) == 0
        if exists && (status.st_mode & S_IFMT) == S_IFDIR {
            throw AtomicFileError.cannotCreate(path: path, reason: "it is a directory")
        }
        if exists && (status.st_mode & S_IFMT) != S_IFREG {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw AtomicFileError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
            }
            self.descriptor = descriptor
            temporaryPath = nil
            target = path
            return
        }
        // Standard input counts by what descriptor 0 is: `per report - -o prices.csv < prices.csv`
        // would replace the input with its report.
        if exists, let clash = inputs.first(where: { $0.identity == FileIdentity(status) }) {
            throw AtomicFileError.wouldOverwriteInput(path: path, input: clash.path)
        }
        // Replace what a link points to, not the link.
        target = exists ? (Self.resolved(path) ?? path) : path
        var template = Array((target + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AtomicFileError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp makes the file private (0600); a report gets the mode of the file it replaces,
        // or the usual mode for new files.
        if exists {
            fchmod(descriptor, status.st_mode & 0o7777)
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, 0o666 & ~mask)
        }
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
        // disk's whole write time (a 260 MB JSON report: 0.6 s of 1.6).
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw AtomicFileError.cannotWrite(path: path, reason: reason)
        }
        guard rename(temporaryPath, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw AtomicFileError.cannotWrite(path: path, reason: reason)
        }
    }

    /// Removes the temporary file; the target stays as it was.
    public func discard() {
        guard !done else { return }
        done = true
        close(descriptor)
        if let temporaryPath { unlink(temporaryPath) }
    }

    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}

public enum AtomicFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case wouldOverwriteInput(path: String, input: String)
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .wouldOverwriteInput(let path, let input):
            "\(path): is the input \(input == "-" ? "read as standard input" : input); a report never overwrites an input"
        case .cannotCreate(let path, let reason):
            "\(path): cannot create the report: \(reason)"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write the report: \(reason)"
        }
    }
}
