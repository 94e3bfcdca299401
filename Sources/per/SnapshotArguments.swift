import ArgumentParser
import PerKit

/// `--dates`, as `per history` and `per sales` take it.
struct DatesArguments: ParsableArguments {
    @Option(help: ArgumentHelp("The snapshots' dates, one a file in order: YYYY-MM-DD,...", valueName: "dates"))
    var dates: String?
}

extension DatedSnapshots {
    /// What `per history` and `per sales` ask of the snapshots they are given, in one place:
    /// some to read, one file with `--git` (and no `--dates`), files not standard input, one
    /// date a file, dates written YYYY-MM-DD, and `--until` not before `--since`.
    static func validate(_ snapshots: [PathName], git: Bool, dates: String?, since: String?, until: String?, command: String) throws {
        if snapshots.isEmpty { throw ValidationError("Name the snapshots to read (or, with --git, the one file).") }
        if git && snapshots.count != 1 { throw ValidationError("--git reads the versions of one file: name just that file.") }
        if git && dates != nil { throw ValidationError("--git dates each version by its commit: leave out --dates.") }
        if snapshots.contains(where: \.isDash) { throw ValidationError("\(command) reads files: standard input (-) is not one.") }
        if let dates, case let count = dates.split(separator: ",", omittingEmptySubsequences: false).count, count != snapshots.count {
            throw ValidationError("--dates gives \(RunSummary.plural(count, "date")) for \(RunSummary.plural(snapshots.count, "snapshot")): give one date a file.")
        }
        for (name, date) in [("--since", since), ("--until", until)] {
            if let date, !SnapshotDate.isDate(date) { throw ValidationError("\(name) \(date): write the date as YYYY-MM-DD.") }
        }
        if let since, let until, until < since { throw ValidationError("--until \(until) is before --since \(since): no snapshot can be in between.") }
    }
}
