import PerKit

/// Mismatched and rejected rows on standard error, for --strict: the first 20, then a count.
enum Findings {
    static func say(_ sheet: ValidatedSheet, inputs: [InputFile], hint: String = "") {
        let findings = sheet.findings
        let shown = 20
        for finding in findings.prefix(shown) {
            let file = inputs[finding.source.file].path
            StandardError.say("\(file == "-" ? "<stdin>" : file):\(finding.source.line): \(finding.kind): \(finding.reason)")
        }
        if findings.count > shown { StandardError.say("… and \(findings.count - shown) more\(hint)") }
    }
}
