#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        // The first-parent line only (a side branch's commit is not "the day's last"), and no
        // commit that deleted the file (it has no version to read).
        let output = try git(path, ["log", "--first-parent", "--diff-filter=ACMRT", "--format=%H %cs", "--"], path.lastComponent)
        var byDay: [String: Version] = [:]
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            let version = Version(commit: String(parts[0]), date: String(parts[1]))
            // Newest first: a day's first line is its last commit (days are the committers'
            // own, so they need not come in order).
            if byDay[version.date] == nil { byDay[version.date] = version }
        }
        guard !byDay.isEmpty else { throw .snapshotInput("\(path): git has no commit of this file", unreadable: true) }
        return byDay.values.sorted { $0.date < $1.date }
    }

    /// The file as it was at a version.
    static func contents(of version: Version, path: PathName) throws(RunFailure) -> [UInt8] {
        try git(path, ["show"], Array("\(version.commit):./".utf8) + path.lastComponent)
    }

    /// Runs git in the file's folder with `arguments`, then `last` (the file's name, or a
    /// version's). Pathspecs are literal: `week[1].csv` is that file, not a pattern that other
    /// files' commits match.
    private static func git(_ path: PathName, _ arguments: [String], _ last: [UInt8]) throws(RunFailure) -> [UInt8] {
        let run: ChildProcess
        do {
            run = try ChildProcess.run([Array("git".utf8), Array("--literal-pathspecs".utf8), Array("-C".utf8), path.directory.bytes]
                                       + arguments.map { Array($0.utf8) } + [last])
        } catch {
            if error.code == ENOENT {
                throw .snapshotInput("--git needs git, which is not installed here: install it, or check out each version and give them as files",
                                    unreadable: true)
            }
            throw .snapshotInput("\(path): cannot run git (\(error.description)); check out each version and give them as files", unreadable: true)
        }
        guard run.status == 0 else {
            let said = String(decoding: run.errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(run.status)"
            throw .snapshotInput("\(path): git cannot read its history: \(said)", unreadable: true)
        }
        return run.output
    }
}
