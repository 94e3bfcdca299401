/// The date of a snapshot for `per history`: given for it (`--dates`, a git commit's day), the
/// `as_of` a JSON report was written with, or a `YYYY-MM-DD` in its file name. Two of these
/// that disagree, or a name with two dates, are refused: which one is meant cannot be told.
public enum SnapshotDate {
    /// The snapshot's date, or why it has none.
    public static func date(file: String, given: String?, asOf: String?) throws(SnapshotDateError) -> String {
        if let given {
            guard isDate(given) else { throw SnapshotDateError(file: file, problem: "\(given) is no date: write it as YYYY-MM-DD") }
            return given
        }
        let named = Set(inName(file))
        if named.count > 1 {
            throw SnapshotDateError(file: file, problem: "its name holds \(named.count) dates (\(named.sorted().joined(separator: ", "))), "
                                    + "so which is the snapshot's is not clear: give the dates with --dates")
        }
        if let asOf {
            guard isDate(asOf) else { throw SnapshotDateError(file: file, problem: "its as_of \"\(asOf)\" is no date (YYYY-MM-DD)") }
            if let name = named.first, name != asOf {
                throw SnapshotDateError(file: file, problem: "its name says \(name) and the report says it is as of \(asOf): "
                                        + "give the date with --dates")
            }
            return asOf
        }
        if let name = named.first { return name }
        throw SnapshotDateError(file: file, problem: "has no date: put one in its name (prices-2024-03-04.csv), "
                                + "write the report with --as-of, or give the dates with --dates")
    }

    /// Dates written `YYYY-MM-DD` in the last part of a path, not inside a longer run of digits.
    public static func inName(_ path: String) -> [String] {
        let name = Array(path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? [])
        var found: [String] = []
        var start = 0
        while start + 10 <= name.count {
            let candidate = name[start..<start + 10]
            let before = start > 0 ? name[start - 1] : nil
            let after = start + 10 < name.count ? name[start + 10] : nil
            let text = String(decoding: candidate, as: UTF8.self)
            if !(before.map(Byte.isDigit) ?? false) && !(after.map(Byte.isDigit) ?? false) && isDate(text) {
                found.append(text)
                start += 10
            } else {
                start += 1
            }
        }
        return found
    }

    /// Whether `text` is a day of the Gregorian calendar written `YYYY-MM-DD`.
    public static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return false }
        let digits = [0, 1, 2, 3, 5, 6, 8, 9]
        guard digits.allSatisfy({ Byte.isDigit(bytes[$0]) }) else { return false }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + Int(bytes[$1] - 48) } }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        guard (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return day <= days
    }
}

public struct SnapshotDateError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var problem: String

    public var description: String { "\(file): \(problem)" }
}
