import PerKit

/// Why a command's run ends without success: what `run()` throws. `Per.main()` alone turns
/// each into an exit status and the message on standard error.
enum RunFailure: Error {
    /// Inputs that stop the run, each with its file, line and reason; nothing was written.
    case inputs([InputError])
    /// A JSON report given to `per diff` is not one per wrote.
    case malformedReport(SnapshotError)
    /// Snapshots that cannot make one history (dates, a list's basis or currency), or a
    /// file's git history that cannot be read (`unreadable`).
    case snapshotInput(String, unreadable: Bool)
    /// A report (or diff, or rejects file) cannot be written to its file.
    case output(AtomicFileError)
    /// `--output-dir` cannot be created: the directory that could not (it or one above it), why.
    case outputDirectory(PathName, reason: String)
    /// A report cannot be written to standard output.
    case standardOutput(OutputError)
    /// A report goes to standard output, which was closed when the run began (`>&-`).
    case standardOutputClosed
    /// The reader of standard output went away (`per report ... | head`): it has what it wanted.
    case closedPipe
    /// `per git-setup --write` could not set the repository's git config: why.
    case setup(String)
    /// `--strict` or `--fail-on-increase` found what it looks for; the output is written and
    /// the findings are listed on standard error already.
    case findings
}

extension RunFailure {
    /// Why an input could not be read, in one line (the first problem when there are several),
    /// for `per diff --git-driver` and `per textconv`, which say it in their output and go on;
    /// nil for a failure that is not about an input.
    var inputProblem: String? {
        switch self {
        case .inputs(let errors): errors.first?.description
        case .malformedReport(let error): error.description
        case .snapshotInput(let message, _): message
        default: nil
        }
    }
}
