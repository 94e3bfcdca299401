import ArgumentParser
import Foundation

/// The file names `--files-from` lists: one per line (LF or CRLF), blank lines skipped, read
/// once per run (a list on standard input cannot be read twice).
enum FileList {
    nonisolated(unsafe) private static var cache: [String: [String]] = [:]

    static func read(_ path: String) throws -> [String] {
        if let names = cache[path] { return names }
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw ValidationError("--files-from \(path): cannot read the list of files.")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("--files-from \(path): the list is not UTF-8 text.")
        }
        let names = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        cache[path] = names
        return names
    }
}
