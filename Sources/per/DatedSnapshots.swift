import PerKit

/// The snapshots `per history` and `per sales` read: price sheets or JSON reports, oldest first,
/// each dated by `--dates`, its report's `as_of` or its name (`SnapshotDate`), within `--since`
/// and `--until`; or, with `--git`, every day's last committed version of one file.
struct DatedSnapshots {
    var paths: [PathName]
    var git: Bool
    var dates: String?
    var since: String?
    var until: String?
    var quiet: Bool
    var strict: Bool

    /// What reading found to say: per sheet, rows not followed (mismatched or rejected); the
    /// sheets with such rows, kept whole only for `--strict`, which lists them; and whether a
    /// snapshot had a key on rows of a list that differ.
    struct Read {
        var notFollowed: [(InputFile, Int)] = []
        var findings: [(InputFile, ValidatedSheet)] = []
        var duplicateKeys = false
    }

    /// Reads every snapshot, oldest first, handing each with its date and file to `add`.
    func read(options: SheetOptions, bases: [PerKit.Dimension: ReportBasis], notes: HeldNotes,
              into add: (Snapshot, String, String) throws(HistoryError) -> Void) throws(RunFailure) -> Read {
        var read = Read()
        // A year of sheets held until the end would hold every week's rows: only --strict keeps them.
        func keep(_ found: inout [(InputFile, ValidatedSheet)]) {
            for (file, sheet) in found {
                read.notFollowed.append((file, sheet.counts.mismatched + sheet.counts.rejected))
                if strict { read.findings.append((file, sheet)) }
            }
            found.removeAll()
        }
        if git {
            read.duplicateKeys = try readVersions(of: paths[0], options: options, bases: bases, notes: notes, keep: keep, add: add)
            return read
        }
        // Sheets without a list column are one list, named after the newest file.
        let listName = InputFile(path: paths[paths.count - 1]).defaultListName
        let given = dates.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        for (index, path) in paths.enumerated() {
            let file = InputFile(path: path, listName: listName)
            let named = try date(file.shownPath, given: given?[index], asOf: nil, allowLater: SnapshotLoading.mayBeReport(file))
            if let named, !inWindow(named) { continue }
            var found: [(InputFile, ValidatedSheet)] = []
            let snapshot = try SnapshotLoading.load(file, options: options, bases: bases, quiet: quiet, findings: &found, notes: notes)
            keep(&found)
            guard let date = try date(file.shownPath, given: given?[index], asOf: snapshot.asOf, allowLater: false), inWindow(date) else { continue }
            read.duplicateKeys = try self.add(snapshot, date: date, file: file.shownPath, to: add) || read.duplicateKeys
        }
        return read
    }

    /// Each day's last committed version of a file, oldest first.
    private func readVersions(of path: PathName, options: SheetOptions, bases: [PerKit.Dimension: ReportBasis], notes: HeldNotes,
                              keep: (inout [(InputFile, ValidatedSheet)]) -> Void,
                              add: (Snapshot, String, String) throws(HistoryError) -> Void) throws(RunFailure) -> Bool {
        var duplicateKeys = false
        let file = InputFile(path: path)
        try SnapshotLoading.refuseUnreadable(file.shownPath)
        let versions = try GitVersions.versions(of: path)
        let isReport = file.shownPath.lowercased().hasSuffix(".json")
        // A sheet's versions are read from copies in one temporary folder, gone when this returns.
        let folder = isReport ? nil : try VersionFolder(for: file)
        defer { folder?.remove() }
        for version in versions where inWindow(version.date) {
            let shown = "\(file.shownPath)@\(version.commit.prefix(12))"
            let data = try GitVersions.contents(of: version, path: path)
            let snapshot: Snapshot
            if let folder {
                var found: [(InputFile, ValidatedSheet)] = []
                snapshot = try folder.withCopy(data, of: shown) { copy throws(RunFailure) in
                    do throws(RunFailure) {
                        return try SnapshotLoading.load(InputFile(path: copy, listName: file.defaultListName, shownAs: shown), options: options,
                                                        bases: bases, quiet: quiet, findings: &found, notes: notes)
                    } catch .inputs(let errors) {
                        // The reader names some problems (an empty or binary file) by the path it
                        // opened: the copy's, which is gone by the time they are read.
                        throw .inputs(errors.map { error in
                            var error = error
                            if error.file == copy.description { error.file = shown }
                            return error
                        })
                    }
                }
                keep(&found)
            } else {
                snapshot = try SnapshotLoading.report(data, file: shown)
            }
            duplicateKeys = try self.add(snapshot, date: version.date, file: shown, to: add) || duplicateKeys
        }
        return duplicateKeys
    }

    /// Adds a snapshot; returns whether it had a key on rows of a list that differ.
    private func add(_ snapshot: Snapshot, date: String, file: String,
                     to add: (Snapshot, String, String) throws(HistoryError) -> Void) throws(RunFailure) -> Bool {
        // A key on rows of a list that differ: said as per diff says it.
        if !quiet || strict {
            Diagnostics.say(snapshot.duplicateKeys.map { $0.diagnostic(file: file) }) { "\(file): … and \($0) more keys on more than one product" }
        }
        do {
            try add(snapshot, date, file)
        } catch {
            throw .snapshotInput(error.description, unreadable: false)
        }
        return !snapshot.duplicateKeys.isEmpty
    }

    /// A snapshot's date; before it is read, when it may be a report (`allowLater`), nil when
    /// only its report can tell.
    private func date(_ file: String, given: String?, asOf: String?, allowLater: Bool) throws(RunFailure) -> String? {
        if allowLater && given == nil { return nil }
        do {
            return try SnapshotDate.date(file: file, given: given, asOf: asOf)
        } catch {
            throw .snapshotInput(error.description, unreadable: false)
        }
    }

    private func inWindow(_ date: String) -> Bool {
        (since.map { date >= $0 } ?? true) && (until.map { date <= $0 } ?? true)
    }

    /// A window that held no snapshot.
    func noneInWindow() -> RunFailure {
        .snapshotInput("no snapshot is dated within \(since.map { "--since \($0)" } ?? "")\(since != nil && until != nil ? " and " : "")"
                       + "\(until.map { "--until \($0)" } ?? ""): nothing to follow", unreadable: false)
    }

    /// Rows not followed, per sheet, as both commands say them.
    func sayNotFollowed(_ read: Read) {
        guard !quiet || strict else { return }
        StandardError.say(read.notFollowed.map { file, count in
            "\(file.messageName): \(RunSummary.plural(count, "row")) mismatched or rejected, not followed" + (strict ? "" : " (--strict lists them)")
        })
    }
}
