import ArgumentParser
import PerKit

/// Reads and validates price sheets for a command: progress on a terminal, every file-level
/// error on standard error, and the exit status for them.
enum SheetLoading {
    static func load(_ files: [InputFile], options: SheetOptions, quiet: Bool) throws -> ValidatedSheet {
        let validator = Validator(files: files, options: options)
        let progress = ProgressLine(files: files, quiet: quiet) { validator.rowsSoFar }
        let errors = validator.read { file, bytesRead in
            progress.update(file: file, bytesRead: bytesRead)
        }
        progress.finish()
        guard errors.isEmpty else {
            errors.forEach { StandardError.say($0.description) }
            StandardError.say("no report written: \(errors.count == 1 ? "an input has" : "\(errors.count) inputs have") problems")
            throw ExitStatus.forInputErrors(errors).exitCode
        }
        return validator.finish()
    }
}
