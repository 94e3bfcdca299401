import PerKit

/// Reads and validates price sheets for a command: progress on a terminal, what per decided
/// about the files (`ValidatedSheet.notes`) on standard error, and every file-level error
/// thrown together (`RunFailure.inputs`) for `Per.main()` to report.
enum SheetLoading {
    /// With `held`, the notes are held there to be said later, with other inputs'.
    static func load(_ files: [InputFile], options: SheetOptions, quiet: Bool, held: HeldNotes? = nil) throws(RunFailure) -> ValidatedSheet {
        let validator = Validator(files: files, options: options)
        let progress = ProgressLine(files: files, quiet: quiet) { validator.rowsSoFar }
        let errors = validator.read { file, bytesRead in
            progress.update(file: file, bytesRead: bytesRead)
        }
        progress.finish()
        guard errors.isEmpty else { throw .inputs(errors) }
        let sheet = validator.finish()
        // What per decided about a file (a quantity column read as counts of packs) is said once.
        if let held { held.add(sheet.notes) } else if !quiet { Diagnostics.say(sheet.notes) { "… and \($0) more notes" } }
        return sheet
    }
}
