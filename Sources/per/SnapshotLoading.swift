import PerKit

/// A snapshot for `per diff` and `per history`: a JSON report read back (by its `.json` name),
/// or a price sheet read and ranked as `per report` ranks it.
enum SnapshotLoading {
    /// A sheet with mismatched or rejected rows is added to `findings` (they are not compared).
    static func load(_ file: InputFile, options: SheetOptions, bases: [PerKit.Dimension: ReportBasis], quiet: Bool,
                     findings: inout [(InputFile, ValidatedSheet)]) throws(RunFailure) -> Snapshot {
        try refuseUnreadable(file.shownPath)
        if file.shownPath.lowercased().hasSuffix(".json") {
            let data: [UInt8]
            do {
                data = try file.contents()
            } catch {
                throw .inputs([error])
            }
            return try report(data, file: file.shownPath)
        }
        let sheet = try SheetLoading.load([file], options: options, quiet: quiet)
        if sheet.counts.mismatched + sheet.counts.rejected > 0 { findings.append((file, sheet)) }
        return Snapshot(Ranker.rank(sheet) { bases[$0] ?? .standard(for: $0) })
    }

    /// A Markdown or HTML report is for people: read as a price sheet it would fail on its
    /// first line, saying nothing useful.
    static func refuseUnreadable(_ name: String) throws(RunFailure) {
        let lowered = name.lowercased()
        guard let format = lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") ? "Markdown"
                : lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") ? "HTML" : nil else { return }
        throw .historyInput("\(name): a \(format) report is for reading, not for per to read back: give the JSON report "
                            + "(per report --format json) or the price sheet", unreadable: false)
    }

    /// A JSON report's bytes read back.
    static func report(_ data: [UInt8], file: String) throws(RunFailure) -> Snapshot {
        do {
            return try Snapshot(json: data, file: file)
        } catch {
            throw .malformedReport(error)
        }
    }
}
