#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

/// Sends a report to a file, atomically, or to standard output.
enum ReportOutput {
    /// Writes what `body` produces to `path` atomically, or to standard output when `path` is nil.
    static func write(to path: String?, inputs: [InputFile], _ body: (OutputBuffer) throws -> Void) throws {
        guard let path else {
            let out = OutputBuffer(descriptor: STDOUT_FILENO)
            do {
                try body(out)
                try out.flush()
            } catch let error as OutputError {
                // `per report ... | head`: the reader has what it wanted.
                throw error.isClosedPipe ? RunFailure.closedPipe : .standardOutput(error)
            }
            return
        }
        do {
            let file = try Interruption.withSignalsBlocked {
                let file = try AtomicFile(path: path, inputs: inputs)
                Interruption.removeOnSignal(file.temporaryPath)
                return file
            }
            defer { Interruption.withSignalsBlocked { Interruption.removeOnSignal(nil) } }
            let out = OutputBuffer(descriptor: file.descriptor, writesBackEarly: file.temporaryPath != nil)
            do {
                try body(out)
                try out.flush()
            } catch let error as OutputError {
                file.discard()
                if error.isClosedPipe { throw RunFailure.closedPipe }
                throw AtomicFileError.cannotWrite(path: path, reason: error.description)
            }
            try file.commit()
        } catch let error as AtomicFileError {
            throw RunFailure.output(error)
        }
    }
}
