#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written in full or not at all: bytes go to a temporary file beside the target,
/// which replaces the target by rename(2) only once everything is written. A failed run
/// leaves the previous report as it was.
public final class AtomicFile {
    public let path: String
    public let descriptor: Int32
    private let temporaryPath: String
    private var done = false

    /// Creates the temporary file; refuses a target that is one of the inputs.
    public init(path: String, inputs: [InputFile]) throws {
        self.path = path
        if let clash = inputs.first(where: { !$0.isStandardInput && Self.sameFile($0.path, path) }) {
            throw AtomicFileError.wouldOverwriteInput(path: path, input: clash.path)
        }
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw AtomicFileError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp makes the file private (0600); a report gets the usual mode for new files.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
    }

    deinit { discard() }

    /// Puts the written file in place of the target.
    public func commit() throws {
        guard !done else { return }
        done = true
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw AtomicFileError.cannotWrite(path: path, reason: reason)
        }
        guard rename(temporaryPath, path) == 0 else {
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
        unlink(temporaryPath)
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

public enum AtomicFileError: Error, Hashable, Sendable, CustomStringConvertible {
    case wouldOverwriteInput(path: String, input: String)
    case cannotCreate(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .wouldOverwriteInput(let path, let input):
            "\(path): is the input \(input); a report never overwrites an input"
        case .cannotCreate(let path, let reason):
            "\(path): cannot create the report: \(reason)"
        case .cannotWrite(let path, let reason):
            "\(path): cannot write the report: \(reason)"
        }
    }
}
