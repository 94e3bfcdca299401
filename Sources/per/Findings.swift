import PerKit

/// Mismatched and rejected rows and flagged products on standard error, for --strict: the
/// first 20 in input order, then a count (`StandardError.shownLines`).
enum Findings {
    static func say(_ sheet: ValidatedSheet, flagged: [FlaggedProduct] = [], inputs: [InputFile], hint: String = "") {
        let findings = sheet.findings
        let lines = findings.map { (source: $0.source, text: "\($0.kind): \($0.reason)") }
            + flagged.map { (source: $0.source, text: "flagged \($0.flag): \($0.reason)") }
        let sorted = lines.enumerated().sorted(by: { ($0.element.source, $0.offset) < ($1.element.source, $1.offset) }).map(\.element)
        StandardError.say(sorted.lazy.map { "\(inputs[$0.source.file].messageName):\($0.source.line): \($0.text)" }) {
            "… and \($0) more\(hint)"
        }
    }

    /// Keys on more than one product of a list (`Snapshot.duplicateKeys`, each a line that
    /// names its first places), the first 20, then a count; `per diff` and `per history` say
    /// them alike.
    static func sayDuplicateKeys(_ snapshot: Snapshot, file: String) {
        StandardError.say(snapshot.duplicateKeys.lazy.map { "\(file): \($0)" }) { "\(file): … and \($0) more keys on more than one product" }
    }
}
