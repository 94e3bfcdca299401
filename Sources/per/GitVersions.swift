import Foundation
import PerKit

/// Every committed version of one file, for `per history --git FILE`: the last commit of each
/// day that changed it on the first-parent line, oldest first, dated by that day (the committer
/// date in the committer's zone, `git log`'s %cs). A version is read by the file's name at
/// that commit: a renamed file's history starts at the rename.
/// Runs `git`; without it (or outside a repository) says so, and nothing is read.
enum GitVersions {
    struct Version {
        var commit: String
        var date: String
    }

    static func versions(of path: PathName) throws(RunFailure) -> [Version] {
        let (directory, name) = split(path)
        // The first-parent line only (a side branch's commit is not "the day's last"), and no
        // commit that deleted the file (it has no version to read).
        let output = try git(["-C", directory, "log", "--first-parent", "--diff-filter=ACMRT", "--format=%H %cs", "--", name], about: path)
        var byDay: [String: Version] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            let version = Version(commit: String(parts[0]), date: String(parts[1]))
            // Newest first: a day's first line is its last commit (days are the committers'
            // own, so they need not come in order).
            if byDay[version.date] == nil { byDay[version.date] = version }
        }
        guard !byDay.isEmpty else { throw .historyInput("\(path): git has no commit of this file", unreadable: true) }
        return byDay.values.sorted { $0.date < $1.date }
    }

    /// The file as it was at a version.
    static func contents(of version: Version, path: PathName) throws(RunFailure) -> [UInt8] {
        let (directory, name) = split(path)
        return try git(["-C", directory, "show", "\(version.commit):./\(name)"], about: path)
    }

    private static func split(_ path: PathName) -> (directory: String, name: String) {
        let text = path.description
        guard let slash = text.lastIndex(of: "/") else { return (".", text) }
        return (slash == text.startIndex ? "/" : String(text[..<slash]), String(text[text.index(after: slash)...]))
    }

    private static func git(_ arguments: [String], about path: PathName) throws(RunFailure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            throw .historyInput("\(path): cannot run git (\(error)); check out each version and give them as files", unreadable: true)
        }
        // git's messages are short: its output is read to the end first, then they are.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            if process.terminationStatus == 127 {
                throw .historyInput("--git needs git, which is not installed here: install it, or check out each version and give them as files",
                                    unreadable: true)
            }
            let said = String(decoding: problem, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(process.terminationStatus)"
            throw .historyInput("\(path): git cannot read its history: \(said)", unreadable: true)
        }
        return [UInt8](output)
    }
}
