import ArgumentParser

@main
struct Per: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per",
        abstract: "What you really pay per kilogram, litre or item, and how much more than the best value.",
        discussion: """
            Reads price sheets and receipts exported as CSV (name, quantity, unit, price and an \
            optional list column), groups the rows into lists of one dimension (mass, volume or \
            count) and ranks each list by exact unit price.

            Examples:
              per report groceries.csv
              per report --format csv -o report.csv week-*.csv
              per diff last-week.csv this-week.csv

            \(ExitStatus.helpText)
            """,
        version: "0.1.0",
        subcommands: [ReportCommand.self, DiffCommand.self, UnitsCommand.self]
    )
}
