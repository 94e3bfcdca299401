/// What git hands its external diff driver (`diff.per.command`, or `GIT_EXTERNAL_DIFF`), as
/// `per diff --git-driver` reads it: seven arguments for a changed, added or deleted path
/// (`path old-file old-hex old-mode new-file new-hex new-mode`), nine for a renamed or copied
/// one (then `new-path` and git's lines about the rename), one for an unmerged path. A side
/// that does not exist is `/dev/null`, with `.` for its hex and mode.
///
/// git runs the driver in the top of the work tree, with the paths relative to it; the old
/// file is a temporary copy named like the path (`/tmp/git-blob-XXXXXX/report.json`), the new
/// one often the work tree's own file.
public struct GitDiffCall: Sendable {
    /// The path in the repository (its new path, when renamed).
    public var path: PathName
    /// The path before a rename or copy, when it was another.
    public var oldPath: PathName?
    /// The files to compare; nil for git's `/dev/null` (added: no old; deleted: no new).
    public var oldFile: PathName?
    public var newFile: PathName?
    /// The blobs' hashes, when git gave them (`.` for none).
    public var oldHex: String?
    public var newHex: String?
    /// An unmerged path: git gives its name alone, and there is nothing to compare.
    public var isUnmerged: Bool

    public struct WrongArgumentCount: Error, Sendable, CustomStringConvertible {
        public var count: Int
        public var description: String {
            "--git-driver takes the 7 arguments git gives an external diff (path, old file, hex and mode, new file, hex and mode), "
                + "or 9 for a rename, or 1 for an unmerged path; \(count) given: set it up with per git-setup"
        }
    }

    public init(arguments: [PathName]) throws(WrongArgumentCount) {
        guard [1, 7, 9].contains(arguments.count) else { throw WrongArgumentCount(count: arguments.count) }
        isUnmerged = arguments.count == 1
        guard !isUnmerged else {
            path = arguments[0]
            return
        }
        func file(_ index: Int) -> PathName? { arguments[index].bytes == Array("/dev/null".utf8) ? nil : arguments[index] }
        func hex(_ index: Int) -> String? {
            let text = arguments[index].description
            return text == "." ? nil : text
        }
        path = arguments.count == 9 ? arguments[7] : arguments[0]
        oldPath = arguments.count == 9 && arguments[7].bytes != arguments[0].bytes ? arguments[0] : nil
        oldFile = file(1)
        oldHex = hex(2)
        newFile = file(4)
        newHex = hex(5)
    }

    /// The lines that open the path's diff, as git's own open with `diff --git`:
    /// `diff --per a/reports/report.json b/reports/report.json`, then `new file`, `deleted
    /// file` or the rename, then the blobs' short hashes (`index 7898192..6178079`).
    public var header: String {
        var lines = ["diff --per a/\(oldPath ?? path) b/\(path)"]
        if isUnmerged { return lines[0] + "\nunmerged path: nothing to compare\n" }
        if oldFile == nil { lines.append("new file") }
        if newFile == nil { lines.append("deleted file") }
        if let oldPath { lines.append("renamed from \(oldPath) to \(path)") }
        if oldHex != nil || newHex != nil {
            func short(_ hex: String?) -> String { String((hex ?? "0000000").prefix(7)) }
            lines.append("index \(short(oldHex))..\(short(newHex))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The list a sheet without a list column is named after: the path's name without its
    /// extension, whatever git called its temporary copy (both sides are one list, as in `per
    /// diff`).
    public var listName: String { InputFile(path: path).defaultListName }

    /// The one line said when a side is no report or sheet per reads, before git's line diff
    /// of the path (or instead of it, when `diff` cannot be run).
    public static func unreadable(_ reason: String) -> String {
        "per cannot compare this path as reports or sheets, so a line diff follows: \(ControlCharacters.shown(reason))\n"
    }
}
