import ArgumentParser
import PerKit

/// `per diff --git-driver`: git's external diff (`diff.per.command`). git stops at a driver
/// that fails, so every path ends in output and status 0: a side per cannot read gets a line
/// saying so and `diff -u`'s line diff. Nothing goes to standard error (git shows it between
/// the paths' diffs).
extension DiffCommand {
    func validateAsGitDriver() throws {
        let given = [old, new].compactMap { $0 } + gitArguments
        do {
            _ = try GitDiffCall(arguments: given)
        } catch {
            throw ValidationError(error.description + ".")
        }
        if output.output != nil || output.outputDir != nil || output.quiet {
            throw ValidationError("--git-driver writes to standard output, for git: leave out -o, --output-dir and --quiet.")
        }
        if strict || failOnIncrease != nil {
            throw ValidationError("--git-driver always exits 0 (git stops at a driver that fails): leave out --strict and --fail-on-increase.")
        }
        if output.formats.count != 1 { throw ValidationError("--git-driver writes one format.") }
    }

    func runAsGitDriver() throws {
        let call = try GitDiffCall(arguments: [old, new].compactMap { $0 } + gitArguments)
        let body: (OutputBuffer) throws -> Void
        if call.isUnmerged {
            body = { $0.append(call.header) }
        } else {
            do {
                let diff = try gitDiff(call)
                let writer = DiffWriter(format: output.formats[0], asOf: dated.asOf)
                body = { out in
                    out.append(call.header)
                    try writer.write(diff, to: out)
                }
            } catch let failure as RunFailure {
                guard let problem = failure.inputProblem else { throw failure }
                let lines = Self.lineDiff(call)
                body = { out in
                    out.append(call.header)
                    out.append(GitDiffCall.unreadable(problem))
                    out.append(lines[...])
                }
            }
        }
        try ReportOutput.write([ReportOutput.Target(path: nil, body: body)], inputs: [])
    }

    /// Both sides read as `per diff` reads them, named `a/PATH` and `b/PATH`; a sheet without
    /// a list column is one list on both sides, named after the path (git's copies of old
    /// versions have names of their own).
    private func gitDiff(_ call: GitDiffCall) throws -> ReportDiff {
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        var findings: [(InputFile, ValidatedSheet)] = []
        let notes = HeldNotes()
        func side(_ file: PathName?, _ shown: String) throws(RunFailure) -> Snapshot {
            guard let file else { return Snapshot.empty() }
            return try SnapshotLoading.load(InputFile(path: file, listName: call.listName, shownAs: shown), options: options, bases: bases,
                                            quiet: true, findings: &findings, notes: notes)
        }
        let before = try side(call.oldFile, "a/\(call.oldPath ?? call.path)")
        let after = try side(call.newFile, "b/\(call.path)")
        let diff = ReportDiff(old: before, new: after, threshold: threshold, showsMoves: moves)
        KeptUntilExit.keep(before, after, diff, findings)
        return diff
    }

    /// `diff -u` of the two files, labelled as git labels them; nothing when it cannot run.
    private static func lineDiff(_ call: GitDiffCall) -> [UInt8] {
        let oldLabel = call.oldFile == nil ? "/dev/null" : "a/\(call.oldPath ?? call.path)"
        let newLabel = call.newFile == nil ? "/dev/null" : "b/\(call.path)"
        let arguments = ["diff", "-u", "--label", oldLabel, "--label", newLabel].map { Array($0.utf8) }
            + [(call.oldFile ?? PathName(bytes: Array("/dev/null".utf8))).bytes, (call.newFile ?? PathName(bytes: Array("/dev/null".utf8))).bytes]
        guard let run = try? ChildProcess.run(arguments), run.status <= 1 else { return [] }
        return run.output
    }
}
