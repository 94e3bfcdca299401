#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// A committed version of a price sheet, put in a temporary file for the sheet reader (which
/// reads files) and removed after.
enum VersionFile {
    static func withTemporaryCopy<T>(_ data: [UInt8], named name: String, _ body: (PathName) throws(RunFailure) -> T) throws(RunFailure) -> T {
        var template = Array("/tmp/per-history-XXXXXX".utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw .historyInput("cannot make a temporary directory for a version of \(name): \(String(cString: strerror(errno)))", unreadable: true)
        }
        let path = "\(directory)/\(name).csv"
        defer {
            unlink(path)
            rmdir(directory)
        }
        guard let file = fopen(path, "wb") else {
            throw .historyInput("cannot write a version of \(name) to \(path): \(String(cString: strerror(errno)))", unreadable: true)
        }
        let written = data.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == data.count, closed == 0 else {
            throw .historyInput("cannot write a version of \(name) to \(path): \(String(cString: strerror(errno)))", unreadable: true)
        }
        return try body(PathName(argumentText: path))
    }
}
