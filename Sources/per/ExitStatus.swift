import ArgumentParser

/// Every exit status per uses. Which one a run ends with is decided in `Per.main()` and
/// nowhere else: the commands throw a `RunFailure`, swift-argument-parser its own errors.
enum ExitStatus: Int32 {
    /// The report was written. Mismatched and rejected rows are findings, not failures.
    case success = 0
    /// With --strict: the report was written, and some rows were mismatched or rejected; with
    /// --fail-on-increase: the diff was written, and a unit price rose by more than the limit.
    case findings = 1
    /// Bad usage: an unknown option, a missing file argument (swift-argument-parser's status).
    case usage = 64
    /// An input is malformed: broken quoting, no header, a missing or doubled column.
    case malformedInput = 65
    /// An input cannot be opened or read.
    case unreadableInput = 66
    /// The report cannot be written.
    case outputFailed = 74
    /// The reader of the report went away (`per report ... | head`); nothing is said.
    case closedPipe = 141

    /// For the commands' discussions, laid out as `HelpTests` checks: no blank line (the man
    /// page would warn of it), every line starting with a space (else the man page joins it to
    /// the one before), none wider than 64 columns (so that neither `--help` at 80 columns nor
    /// the man page's list of subcommands rewraps it). Short: what each status means at length
    /// is in the README.
    static let helpText = helpText(alerts: ["--strict: rows were mismatched or rejected;", "--fail-on-increase: a unit price rose above the limit;"])

    /// The same block with the alerts of a command that has other ones than the root's, each
    /// a line.
    static func helpText(alerts: [String]) -> String {
        """
          Exit status: 0 output written; 1 written, and
        \(alerts.map { "      " + $0 }.joined(separator: "\n"))
            64 bad usage; 65 an input is malformed, 66 unreadable
            (nothing written); 74 the output cannot be written;
            141 its reader went away (per ... | head)
        """
    }

    var exitCode: ExitCode { ExitCode(rawValue) }
}
