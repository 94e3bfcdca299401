#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input of a run, as the user named it.
public struct InputFile: Hashable, Sendable {
    /// The path as given on the command line; `-` for standard input.
    public let path: PathName
    /// The path as reports and messages show it (`PathName.description`), worked out once:
    /// writers put it on every row with `--with-source`.
    public let shownPath: String
    /// The list its rows belong to when it has no list column, if not named after the file
    /// (`per diff` gives both weeks' files one name).
    public var listName: String?
    /// A stream whose first bytes were read already (`InputBytes.openStream`): read from there.
    public var stream: OpenStream?

    /// `shownAs` names a file that is a stand-in for another (a temporary copy of a version
    /// `per history --git` read): messages and reports name that one.
    public init(path: PathName, listName: String? = nil, shownAs: String? = nil) {
        self.path = path
        shownPath = shownAs ?? path.description
        self.listName = listName
    }

    public var isStandardInput: Bool { path.isDash }

    /// How messages name the file: its path, or `<stdin>`.
    public var messageName: String { isStandardInput ? "<stdin>" : shownPath }

    /// The file's size in bytes, when it is a regular file.
    public var size: Int? {
        guard !isStandardInput else { return nil }
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The list a file's rows belong to when it has no list column: its file name without
    /// directory and extension (`stdin` for standard input).
    public var defaultListName: String {
        if let listName { return listName }
        if isStandardInput { return "stdin" }
        let base = PathName(bytes: path.lastComponent).description
        if let dot = base.lastIndex(of: "."), dot != base.startIndex {
            return String(base[..<dot])
        }
        return base
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension InputFile {
    /// The first two inputs that are one file under two names (`a.csv`, `./a.csv`), if any.
    public static func firstSameFile(in files: [InputFile]) -> (PathName, PathName)? {
        var seen: [FileIdentity: PathName] = [:]
        for file in files {
            // Standard input redirected from a file named too (`per report f.csv - < f.csv`) is that file.
            var status = stat()
            let found = file.isStandardInput ? fstat(0, &status) : file.path.withCString { stat($0, &status) }
            guard found == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
            let key = FileIdentity(status)
            if let first = seen[key] { return (first, file.path) }
            seen[key] = file.path
        }
        return nil
    }
}
