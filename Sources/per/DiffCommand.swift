import ArgumentParser
import Foundation
import PerKit

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two weeks: unit prices that rose or fell, products new or gone, best values that changed hands.",
        discussion: """
            OLD and NEW are price sheets (read and ranked with the same options as per report) or \
            JSON reports written by per report --format json. Products are matched by list and name; \
            a name that occurs several times in a list is matched in rank order. Unit prices are \
            compared as reports print them (four decimals per kg, l or each).

            Examples:
              per diff last-week.csv this-week.csv
              per diff --threshold 5 --format csv reports/2026-11-15.json reports/2026-11-22.json
              per diff --quiet --fail-on-increase 10 -o changes.md old.csv new.csv

            \\(ExitStatus.helpText)
            """
    )

    @Argument(help: "The older price sheet or JSON report.")
    var old: String

    @Argument(help: "The newer price sheet or JSON report.")
    var new: String

    @OptionGroup(title: "Reading price sheets")
    var sheet: SheetArguments

    @Option(name: .customLong("per"), parsing: .singleValue,
            help: ArgumentHelp("Compare unit prices per this amount, one per dimension (as for per report).", valueName: "unit"))
    var bases: [String] = []

    @OptionGroup(title: "Output")
    var output: OutputArguments

    @Option(help: ArgumentHelp("Hide unit-price changes smaller than PCT percent, and rank moves without a price change.", valueName: "pct"))
    var threshold: Double = 0

    @Option(help: ArgumentHelp("Exit with status 1 when any unit price rose by more than PCT percent, listing those on standard error.", valueName: "pct"))
    var failOnIncrease: Double?

    func validate() throws {
        _ = try sheet.sheetOptions()
        guard threshold >= 0, threshold.isFinite else { throw ValidationError("--threshold \(threshold): give a percentage of 0 or more.") }
        if let failOnIncrease, !(failOnIncrease >= 0 && failOnIncrease.isFinite) {
            throw ValidationError("--fail-on-increase \(failOnIncrease): give a percentage of 0 or more.")
        }
        if InputFile.firstSameFile(in: [InputFile(path: old), InputFile(path: new)]) != nil {
            throw ValidationError("\(old) and \(new) are the same file.")
        }
    }

    func run() throws {
        Interruption.install()
        let options = try sheet.sheetOptions()
        var bases: [PerKit.Dimension: ReportBasis] = [:]
        for text in self.bases {
            guard let (basis, dimension) = ReportBasis.parse(text, units: options.units), bases[dimension] == nil else {
                throw ValidationError("--per \(text): write one amount and unit per dimension, such as 100g, lb or fl oz.")
            }
            bases[dimension] = basis
        }
        let before = try snapshot(old, options: options, bases: bases)
        let after = try snapshot(new, options: options, bases: bases)
        let diff = ReportDiff(old: before, new: after, threshold: threshold)
        let inputs = [InputFile(path: old), InputFile(path: new)]
        for (format, path) in try output.targets(name: "diff") {
            try ReportOutput.write(to: path, inputs: inputs) { out in try DiffWriter(format: format).write(diff, to: out) }
        }
        if !output.quiet { StandardError.say(DiffWriter.sentence(diff.counts, lists: diff.lists.count)) }
        if let limit = failOnIncrease {
            let over = diff.rises.filter { Double($0.percentTimes10) > limit * 10 }
            if !over.isEmpty {
                for rise in over.prefix(20) {
                    StandardError.say("\(rise.list): \(rise.name) rose \(DiffWriter.percent(rise.percentTimes10))%")
                }
                if over.count > 20 { StandardError.say("… and \(over.count - 20) more") }
                throw ExitStatus.findings.exitCode
            }
        }
    }

    /// A JSON report read back, or a price sheet read and ranked.
    private func snapshot(_ path: String, options: SheetOptions, bases: [PerKit.Dimension: ReportBasis]) throws -> Snapshot {
        if path.lowercased().hasSuffix(".json") {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                return try Snapshot(json: data, file: path)
            } catch let error as SnapshotError {
                StandardError.say(error.description)
                throw ExitStatus.malformedInput.exitCode
            } catch {
                StandardError.say("\(path): cannot read the report: \(error.localizedDescription)")
                throw ExitStatus.unreadableInput.exitCode
            }
        }
        let sheet = try SheetLoading.load([InputFile(path: path)], options: options, quiet: output.quiet)
        return Snapshot(Ranker.rank(sheet) { bases[$0] ?? .standard(for: $0) })
    }
}
