#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// The one temporary folder a run of `per history --git` copies the versions of a price sheet
/// into (the sheet reader reads files): `per-history-XXXXXX` under `$TMPDIR` (/tmp when it is
/// not set), holding one version at a time. It goes when the versions are read or reading them
/// fails, and on SIGINT, SIGTERM and SIGHUP (`Interruption`); a run killed outright (SIGKILL)
/// cannot remove it.
final class VersionFolder {
    let directory: PathName
    /// Where each version is copied, under the file's own name.
    let copy: PathName
    private var removed = false

    /// `file` is the file whose versions are read; `reading` says why, for a message.
    init(for file: InputFile, reading: String = "read its versions") throws(RunFailure) {
        let base = Self.temporaryDirectory
        var template = (base.bytes + Array("/per-history-XXXXXX".utf8) + [0]).map { CChar(bitPattern: $0) }
        // Made and registered for removal with the signals held back: a signal in between
        // would leave it.
        var failure: Int32 = 0
        let made: (PathName, PathName)? = Interruption.withSignalsBlocked {
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                failure = errno
                return nil
            }
            let directory = PathName(bytes: template.dropLast().map { UInt8(bitPattern: $0) })
            let copy = PathName(bytes: directory.bytes + [UInt8(ascii: "/")] + file.path.lastComponent)
            // The copy first: a folder is removed only once it is empty.
            Interruption.removeOnSignal([copy, directory])
            return (directory, copy)
        }
        guard let made else {
            throw .snapshotInput("\(file.messageName): cannot make a temporary folder in \(base.bytes.isEmpty ? "/" : base.description) "
                                + "to \(reading): \(String(cString: strerror(failure))); set TMPDIR to a folder you can write to",
                                unreadable: true)
        }
        (directory, copy) = made
    }

    deinit { remove() }

    /// `$TMPDIR`, or /tmp when it is not set, without a trailing slash (`/` is empty).
    static var temporaryDirectory: PathName {
        guard let value = getenv("TMPDIR"), value.pointee != 0 else { return "/tmp" }
        var bytes = Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
        while bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return PathName(bytes: bytes)
    }

    /// Runs `body` on a version's bytes put in the folder, then removes them.
    func withCopy<T>(_ data: [UInt8], of shown: String, _ body: (PathName) throws(RunFailure) -> T) throws(RunFailure) -> T {
        defer { _ = copy.withCString { unlink($0) } }
        let file = copy.withCString { fopen($0, "wb") }
        guard let file else {
            throw Self.cannotCopy(shown, to: copy)
        }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == data.count, closed == 0 else {
            throw Self.cannotCopy(shown, to: copy)
        }
        return try body(copy)
    }

    private static func cannotCopy(_ shown: String, to copy: PathName) -> RunFailure {
        .snapshotInput("\(shown): cannot copy it to \(copy) to read it: \(String(cString: strerror(errno))); "
                      + "set TMPDIR to a folder with room", unreadable: true)
    }

    /// Removes the copy and the folder, and stops removing them on a signal.
    func remove() {
        guard !removed else { return }
        removed = true
        Interruption.withSignalsBlocked {
            _ = copy.withCString { unlink($0) }
            _ = directory.withCString { rmdir($0) }
            Interruption.removeOnSignal([])
        }
    }
}
