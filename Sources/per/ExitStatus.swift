import ArgumentParser
import PerKit

/// Every exit status per uses, decided here and nowhere else.
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

    static let helpText = """
        Exit status:
          0   the output was written (rows that were mismatched or rejected are in it)
          1   what you asked to be alerted to: with --strict, rows were mismatched or rejected;
              with --fail-on-increase, a unit price rose by more than the limit (output written)
          64  bad usage
          65  an input is malformed (nothing is written)
          66  an input cannot be read (nothing is written)
          74  the report cannot be written
          141 the reader of the report went away (per report ... | head); quiet
        """

    var exitCode: ExitCode { ExitCode(rawValue) }

    /// The status for file-level input errors: unreadable only when no file was malformed.
    static func forInputErrors(_ errors: [InputError]) -> ExitStatus {
        errors.allSatisfy(\.isUnreadable) ? .unreadableInput : .malformedInput
    }
}
