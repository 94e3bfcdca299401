import ArgumentParser
import PerKit

/// The file names `--files-from` lists: one per line (LF or CRLF), blank lines skipped, each
/// name's bytes as written (a name need not be UTF-8), read once per run (a list on standard
/// input cannot be read twice).
enum FileList {
    nonisolated(unsafe) private static var cache: [PathName: [PathName]] = [:]

    static func read(_ path: PathName) throws -> [PathName] {
        if let names = cache[path] { return names }
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).contents()
        } catch {
            throw ValidationError("--files-from \(error.file): cannot read the list of files: \(error.message)")
        }
        let names = bytes.split(separator: UInt8(ascii: "\n"))
            .map { $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
            .filter { !$0.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } }
            .map(PathName.init(bytes:))
        cache[path] = names
        return names
    }
}
