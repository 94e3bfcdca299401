import PerKit

/// Mismatched and rejected rows and flagged products on standard error, for --strict: the
/// first 20 in input order, then a count.
enum Findings {
    static func say(_ sheet: ValidatedSheet, flagged: [FlaggedProduct] = [], inputs: [InputFile], hint: String = "") {
        let findings = sheet.findings
        let lines = findings.map { (source: $0.source, text: "\($0.kind): \($0.reason)") }
            + flagged.map { (source: $0.source, text: "flagged \($0.flag): \($0.reason)") }
        let shown = 20
        for line in lines.enumerated().sorted(by: { ($0.element.source, $0.offset) < ($1.element.source, $1.offset) }).map(\.element).prefix(shown) {
            let file = inputs[line.source.file]
            StandardError.say("\(file.messageName):\(line.source.line): \(line.text)")
        }
        if lines.count > shown { StandardError.say("… and \(lines.count - shown) more\(hint)") }
    }

    /// Keys on more than one product of a list (`Snapshot.duplicateKeys`), the first 20, then
    /// a count; `per diff` and `per history` say them alike.
    static func sayDuplicateKeys(_ snapshot: Snapshot, file: String) {
        let shown = 20
        for duplicate in snapshot.duplicateKeys.prefix(shown) { StandardError.say("\(file): \(duplicate)") }
        if snapshot.duplicateKeys.count > shown {
            StandardError.say("\(file): … and \(snapshot.duplicateKeys.count - shown) more keys on more than one product")
        }
    }
}
