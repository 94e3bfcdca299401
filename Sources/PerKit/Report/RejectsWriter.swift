/// Every mismatched and rejected row as CSV, to fix and feed back in: the row's fields as read
/// under its file's header, then `file`, `line`, `kind` (mismatch or rejected) and `reason`.
///
/// When files have different headers, the columns are the union of their titles (a title
/// that occurs twice in one file is two columns), each row's fields under its own titles and
/// the rest empty. Fields beyond a row's header go to columns `extra 1`, `extra 2`, ...
public struct RejectsWriter {
    public init() {}

    public func write(_ sheet: ValidatedSheet, to out: OutputBuffer) throws {
        let findings = sheet.findings
        // Column titles: (title, occurrence in its file), in order of first appearance.
        var columns: [String] = []
        var position: [String: Int] = [:]
        var mapping: [[Int]] = Array(repeating: [], count: sheet.files.count)
        for (file, header) in sheet.headers.enumerated() {
            guard let header else { continue }
            var seen: [String: Int] = [:]
            for title in header {
                let occurrence = seen[title, default: 0]
                seen[title] = occurrence + 1
                let key = "\(occurrence)\u{0}\(title)"
                if position[key] == nil {
                    position[key] = columns.count
                    columns.append(title)
                }
                mapping[file].append(position[key]!)
            }
        }
        let extras = findings.reduce(0) { extra, finding in
            max(extra, finding.record.count - (sheet.headers[finding.source.file]?.count ?? 0))
        }
        let width = columns.count + extras

        var fields = CSVFieldWriter()
        for (index, title) in (columns + (0..<extras).map { "extra \($0 + 1)" } + ["file", "line", "kind", "reason"]).enumerated() {
            if index > 0 { out.append(byte: Byte.comma) }
            fields.append(title, to: out)
        }
        out.append(byte: Byte.lf)
        for finding in findings {
            // Each cell's field in the record, or nil for an empty cell.
            var cells = [Int?](repeating: nil, count: width)
            let columnOf = mapping[finding.source.file]
            let record = finding.record
            for index in 0..<record.count {
                cells[index < columnOf.count ? columnOf[index] : columns.count + index - columnOf.count] = index
            }
            for (index, cell) in cells.enumerated() {
                if index > 0 { out.append(byte: Byte.comma) }
                if let cell { record[cell].withUnsafeBufferPointer { fields.append($0, to: out) } }
            }
            out.append(byte: Byte.comma)
            fields.append(sheet.files[finding.source.file].shownPath, to: out)
            out.append(byte: Byte.comma)
            out.append(integer: finding.source.line)
            out.append(byte: Byte.comma)
            fields.append(finding.kind, to: out)
            out.append(byte: Byte.comma)
            fields.append(finding.reason, to: out)
            out.append(byte: Byte.lf)
            try out.flushIfNeeded()
        }
    }
}
