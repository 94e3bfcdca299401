#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// Sends a run's reports (each format, the rejects) to their files, atomically and all or
/// none, and to standard output.
enum ReportOutput {
    /// One report: its file (nil: standard output) and what writes it.
    struct Target {
        var path: PathName?
        var body: (OutputBuffer) throws -> Void
    }

    /// Writes every target. Each file goes first to a temporary file beside it; standard output
    /// gets its report once every file is written; then the files are put in place. A file that
    /// cannot be written leaves every file as it was (the report and its rejects: both or
    /// neither).
    static func write(_ targets: [Target], inputs: [InputFile]) throws {
        let files: [(AtomicFile, Target)]
        do {
            files = try Interruption.withSignalsBlocked {
                let opened = try targets.compactMap { target in
                    try target.path.map { (try AtomicFile(path: $0, inputs: inputs), target) }
                }
                Interruption.removeOnSignal(opened.compactMap(\.0.temporaryPath))
                return opened
            }
        } catch let error as AtomicFileError {
            throw RunFailure.output(error)
        }
        defer { Interruption.withSignalsBlocked { Interruption.removeOnSignal([]) } }
        let discardAll = { files.forEach { $0.0.discard() } }
        for (file, target) in files {
            let out = OutputBuffer(descriptor: file.descriptor, writesBackEarly: file.temporaryPath != nil)
            do {
                try target.body(out)
                try out.flush()
            } catch let error as OutputError {
                discardAll()
                if error.isClosedPipe { throw RunFailure.closedPipe }
                throw RunFailure.output(.cannotWrite(path: file.path, reason: error.description))
            }
        }
        var closedPipe = false
        for target in targets where target.path == nil {
            guard !StandardStreams.isOutputClosed else {
                discardAll()
                throw RunFailure.standardOutputClosed
            }
            let out = OutputBuffer(descriptor: STDOUT_FILENO)
            do {
                try target.body(out)
                try out.flush()
            } catch let error as OutputError {
                // `per report ... | head`: the reader has what it wanted; the files still go.
                guard error.isClosedPipe else {
                    discardAll()
                    throw RunFailure.standardOutput(error)
                }
                closedPipe = true
            }
        }
        do {
            for (file, _) in files { try file.commit() }
        } catch let error as AtomicFileError {
            discardAll()
            throw RunFailure.output(error)
        }
        if closedPipe { throw RunFailure.closedPipe }
    }
}
