import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PerKit

@main
struct Per: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per",
        abstract: "What you really pay per kilogram, litre or item, and how much more than the best value.",
        discussion: """
            Reads price sheets and receipts exported as CSV (name, quantity and price columns, \
            optionally unit and list columns), groups the rows into lists of one dimension (mass, \
            volume or count) and ranks each list by exact unit price.
              Examples:
                per report groceries.csv
                per report --format csv -o report.csv week-*.csv
                per diff last-week.csv this-week.csv
                per history reports/*.json
                per basket --key barkod list.csv shop-a.csv shop-b.csv
            \(ExitStatus.helpText)
            """,
        version: "0.1.0",
        subcommands: [ReportCommand.self, InspectCommand.self, DiffCommand.self, HistoryCommand.self, SalesCommand.self, BasketCommand.self, UnitsCommand.self,
                      GitSetupCommand.self, TextconvCommand.self]
    )

    /// Parses, runs, and ends the process with the exit status of what the run threw: the one
    /// place where an error becomes a status and a message.
    static func main() {
        let failure: RunFailure
        do {
            StandardStreams.holdClosedOnes()
            let given = arguments()
            ManualPage.isBeingWritten = given.contains("--experimental-dump-help")
            var command = try parseAsRoot(ManyFiles.arguments(given))
            try command.run()
            return
        } catch let error as RunFailure {
            failure = error
        } catch {
            // swift-argument-parser's own: usage errors (64, with the usage line), --help and
            // --version (0).
            exit(withError: error)
        }
        let status: ExitStatus
        switch failure {
        case .inputs(let errors):
            Diagnostics.say(errors.map(\.diagnostic)) { "… and \($0) more inputs with problems" }
            StandardError.say("no report written: \(errors.count == 1 ? "an input has" : "\(errors.count) inputs have") problems")
            // Unreadable only when no file was malformed.
            status = errors.allSatisfy(\.isUnreadable) ? .unreadableInput : .malformedInput
        case .malformedReport(let error):
            StandardError.say(error.description)
            status = .malformedInput
        case .snapshotInput(let message, let unreadable):
            StandardError.say(message)
            status = unreadable ? .unreadableInput : .malformedInput
        case .output(let error):
            StandardError.say(error.description)
            status = .outputFailed
        case .standardOutput(let error):
            StandardError.say("cannot write the report to standard output: \(error)")
            status = .outputFailed
        case .outputDirectory(let path, let reason):
            StandardError.say("\(path): cannot create the directory for the reports: \(reason)")
            status = .outputFailed
        case .setup(let message):
            StandardError.say(message)
            status = .outputFailed
        case .standardOutputClosed:
            StandardError.say("standard output is closed, so the report has nowhere to go: write it to a file with -o FILE")
            status = .outputFailed
        case .closedPipe:
            status = .closedPipe
        case .findings:
            status = .findings
        }
        exit(withError: status.exitCode)
    }

    /// The arguments after the command's name, every byte kept: `CommandLine.arguments` puts
    /// U+FFFD for bytes that are no UTF-8, and a path such as `caf\xE9.csv` would name another
    /// file.
    static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            let argument = CommandLine.unsafeArgv[index]!
            return PathName.argumentText(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }
}
