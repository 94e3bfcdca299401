/// How a repository has git show `per diff` for its reports: `.gitattributes` lines that give
/// the report files the diff driver `per`, and the driver's two git config settings, its
/// external diff (`per diff --git-driver`, for `git diff`, `git log -p --ext-diff`, `git show
/// --ext-diff`) and its textconv (`per textconv`, for what takes only a textconv). What `per
/// git-setup` prints as two shell lines, and writes with `--write`.
public struct GitSetup: Sendable {
    /// The files, as `.gitattributes` patterns: JSON and CSV reports, which per reads back
    /// (Markdown and HTML reports are for reading: git's line diff shows them).
    public var patterns: [String]

    public static let defaultPatterns = ["reports/*.json", "reports/*.csv"]

    public init(patterns: [String] = GitSetup.defaultPatterns) {
        self.patterns = patterns
    }

    /// `reports/*.json diff=per`, a line each.
    public var attributeLines: [String] { patterns.map { "\($0) diff=per" } }

    /// The git config settings, in the order set.
    public static let settings: [(key: String, value: String)] = [
        ("diff.per.command", "per diff --git-driver"),
        ("diff.per.textconv", "per textconv"),
    ]

    /// The two lines to run in the repository: the attributes appended, then the settings.
    public var shellLines: [String] {
        [
            "printf '%s\\n' " + attributeLines.map(Self.quoted).joined(separator: " ") + " >> .gitattributes",
            Self.settings.map { "git config \($0.key) \(Self.quoted($0.value))" }.joined(separator: " && "),
        ]
    }

    /// `text` for a POSIX shell, in single quotes.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// The attribute lines a `.gitattributes` lacks.
    public func missingLines(in existing: [UInt8]) -> [String] {
        let present = Set(existing.split(separator: UInt8(ascii: "\n")).map {
            String(decoding: $0, as: UTF8.self).trimmingBlanks
        })
        return attributeLines.filter { !present.contains($0) }
    }

    /// A `.gitattributes` with the lines it lacks appended (a line it has, blanks aside, is
    /// kept where it is); nil when it has them all.
    public func attributes(adding existing: [UInt8]) -> [UInt8]? {
        let missing = missingLines(in: existing)
        guard !missing.isEmpty else { return nil }
        var text = existing
        if let last = text.last, last != UInt8(ascii: "\n") { text.append(UInt8(ascii: "\n")) }
        for line in missing { text += Array(line.utf8) + [UInt8(ascii: "\n")] }
        return text
    }
}

private extension String {
    var trimmingBlanks: String {
        let scalars = unicodeScalars
        let start = scalars.firstIndex { $0 != " " && $0 != "\t" && $0 != "\r" } ?? scalars.endIndex
        let end = scalars.lastIndex { $0 != " " && $0 != "\t" && $0 != "\r" }.map { scalars.index(after: $0) } ?? start
        return start < end ? String(scalars[start..<end]) : ""
    }
}
