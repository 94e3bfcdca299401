#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// A snapshot for `per diff` and `per history`: a JSON report read back (known by its first
/// bytes, whatever the file is called), or a price sheet read and ranked as `per report` ranks
/// it.
enum SnapshotLoading {
    /// A sheet with mismatched or rejected rows is added to `findings` (they are not compared).
    /// What per decided about a sheet's reading is held in `notes`, to be said with the others'.
    static func load(_ file: InputFile, options: SheetOptions, bases: [PerKit.Dimension: ReportBasis], quiet: Bool,
                     findings: inout [(InputFile, ValidatedSheet)], notes: HeldNotes) throws(RunFailure) -> Snapshot {
        try refuseUnreadable(file.shownPath)
        if file.size == nil {
            // A pipe (`<(git show HEAD~1:report.json)`, standard input) is read once: its first
            // bytes say what it is; a report is then read whole, up to a limit, and a sheet
            // streamed on from them as `per report` reads it, with its limits and its answers.
            let stream: InputFile
            do {
                stream = try file.peeked(Self.headLength)
            } catch {
                throw .inputs([error])
            }
            if Snapshot.looksLikeReport(stream.stream?.head ?? []) {
                return try report(contents(of: stream, limit: (Self.streamedReportWhat, options.runLimits.maxKeptBytes)), file: file.shownPath)
            }
            return try sheet(stream, options: options, bases: bases, quiet: quiet, findings: &findings, notes: notes)
        }
        if file.shownPath.lowercased().hasSuffix(".json") || Snapshot.looksLikeReport(head(of: file)) {
            return try report(contents(of: file), file: file.shownPath)
        }
        return try sheet(file, options: options, bases: bases, quiet: quiet, findings: &findings, notes: notes)
    }

    /// Whether a snapshot may be a JSON report, before it is read: named `.json`, starting as
    /// one, or a pipe (read whole, then known). A report may carry its date (`as_of`).
    static func mayBeReport(_ file: InputFile) -> Bool {
        file.shownPath.lowercased().hasSuffix(".json") || file.size == nil || Snapshot.looksLikeReport(head(of: file))
    }

    private static func contents(of file: InputFile, limit: (what: String, bytes: Int)? = nil) throws(RunFailure) -> [UInt8] {
        do {
            return try file.contents(limit: limit)
        } catch {
            throw .inputs([error])
        }
    }

    /// How many first bytes say whether a file is a JSON report.
    static let headLength = 64
    /// A JSON report on a pipe is read whole, as the run's kept text (`RunLimits.maxKeptBytes`).
    static let streamedReportWhat = "bytes of a JSON report on a pipe (a report in a file has no such limit)"

    /// A regular file's first bytes (none when it cannot be read: the sheet reader says why).
    private static func head(of file: InputFile) -> [UInt8] {
        guard let stream = file.path.withCString({ fopen($0, "rb") }) else { return [] }
        defer { fclose(stream) }
        var bytes = [UInt8](repeating: 0, count: headLength)
        let count = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, headLength, stream) }
        return Array(bytes.prefix(count))
    }

    private static func sheet(_ file: InputFile, options: SheetOptions, bases: [PerKit.Dimension: ReportBasis], quiet: Bool,
                              findings: inout [(InputFile, ValidatedSheet)], notes: HeldNotes) throws(RunFailure) -> Snapshot {
        let sheet = try SheetLoading.load([file], options: options, quiet: quiet, held: notes)
        if sheet.counts.mismatched + sheet.counts.rejected > 0 { findings.append((file, sheet)) }
        return Snapshot(Ranker.rank(sheet) { bases[$0] ?? .standard(for: $0) })
    }

    /// A Markdown or HTML report is for people: read as a price sheet it would fail on its
    /// first line, saying nothing useful.
    static func refuseUnreadable(_ name: String) throws(RunFailure) {
        let lowered = name.lowercased()
        guard let format = lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") ? "Markdown"
                : lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") ? "HTML" : nil else { return }
        throw .snapshotInput("\(name): a \(format) report is for reading, not for per to read back: give the JSON report "
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
