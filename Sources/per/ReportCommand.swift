import ArgumentParser
import PerKit

extension ReportFormat: ExpressibleByArgument {}

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Rank the products of each list by exact unit price.",
        discussion: """
            The first row of each file is its header: name, quantity, unit and price are \
            required, list is optional (without it, each file is one list named after the \
            file). A list takes the dimension of its first valid row; rows of another \
            dimension are reported as mismatches, rows that cannot be ranked as rejected, \
            each with its file and line. Standard error gets one summary line.

            Examples:
              per report groceries.csv
              per report --format json -o report.json store-a.csv store-b.csv
              cat receipt.csv | per report --format csv -

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: "CSV files to read, in order; - reads standard input.")
    var files: [String]

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .markdown

    @Option(name: .shortAndLong, help: ArgumentHelp("Write the report to this file (atomically) instead of standard output.", valueName: "path"))
    var output: String?

    @Flag(help: "Add each ranked product's file and line to the report.")
    var withSource = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Name at least one CSV file, or - for standard input.") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
    }

    func run() throws {
        let inputs = files.map(InputFile.init(path:))
        let validator = Validator(files: inputs)
        let errors = PriceSheetReader().read(inputs, into: validator)
        guard errors.isEmpty else {
            errors.forEach { StandardError.say($0.description) }
            StandardError.say("no report written: \(errors.count == 1 ? "an input has" : "\(errors.count) inputs have") problems")
            throw ExitStatus.forInputErrors(errors).exitCode
        }
        let report = Ranker.rank(validator.finish())
        try ReportOutput.write(report, format: format, options: ReportOptions(withSource: withSource),
                               to: output, inputs: inputs)
        StandardError.say(RunSummary(report).sentence)
    }
}
