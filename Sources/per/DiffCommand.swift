import ArgumentParser
import BigInt
import Foundation
import PerKit

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two weeks: unit prices that rose or fell, products new or gone, best values that changed hands.",
        discussion: """
            OLD and NEW are price sheets (read and ranked with the same options as per report) or \
            JSON reports written by per report --format json. Products are matched by list and name \
            (same size first, then in rank order). Unit prices compare exactly between two sheets, \
            and as reports print them (four decimals) when a side is a JSON report. A sheet without a \
            list column is one list on both sides, whatever the two files are called. Rows that are \
            mismatched or rejected are not compared; standard error says how many.

            Examples:
              per diff last-week.csv this-week.csv
              per diff --threshold 5 --format csv reports/2026-11-15.json reports/2026-11-22.json
              per diff --quiet --fail-on-increase 10 -o changes.md old.csv new.csv

            \(ExitStatus.helpText)
            """
    )

    @Argument(help: "The older price sheet or JSON report.")
    var old: String

    @Argument(help: "The newer price sheet or JSON report.")
    var new: String

    @OptionGroup(title: "Reading price sheets")
    var sheet: SheetArguments

    @OptionGroup var per: BasisArguments

    @OptionGroup(title: "Output")
    var output: OutputArguments

    @Option(help: ArgumentHelp("Hide unit-price changes smaller than PCT percent, and rank moves without a price change.", valueName: "pct"))
    var threshold: Double = 0

    @Option(help: ArgumentHelp("Exit with status 1 when any unit price rose by more than PCT percent, listing those on standard error.", valueName: "pct"))
    var failOnIncrease: Double?

    @Flag(help: "Exit with status 1 when a sheet has mismatched or rejected rows (which are not compared), listing them on standard error.")
    var strict = false

    func validate() throws {
        _ = try per.bases(units: sheet.sheetOptions().units)
        guard threshold >= 0, threshold.isFinite else { throw ValidationError("--threshold \(threshold): give a percentage of 0 or more.") }
        if let failOnIncrease, !(failOnIncrease >= 0 && failOnIncrease.isFinite) {
            throw ValidationError("--fail-on-increase \(failOnIncrease): give a percentage of 0 or more.")
        }
    }

    func run() throws {
        Interruption.install()
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        // Both weeks' files are one list when they have no list column, whatever their names.
        let newFile = InputFile(path: new)
        let oldFile = InputFile(path: old, listName: newFile.defaultListName)
        var findings: [(InputFile, ValidatedSheet)] = []
        let before = try snapshot(oldFile, options: options, bases: bases, findings: &findings)
        let after = try snapshot(newFile, options: options, bases: bases, findings: &findings)
        let diff = ReportDiff(old: before, new: after, threshold: threshold)
        KeptUntilExit.keep(before, after, diff, findings)
        let inputs = [oldFile, newFile]
        for (format, path) in try output.targets(name: "diff") {
            try ReportOutput.write(to: path, inputs: inputs) { out in
                try DiffWriter(format: format, asOf: output.asOf).write(diff, to: out)
            }
        }
        if !output.quiet { StandardError.say(DiffWriter.sentence(diff.counts, lists: diff.lists.count)) }
        var alert = false
        for (file, sheet) in findings {
            let count = sheet.counts.mismatched + sheet.counts.rejected
            if !output.quiet || strict {
                StandardError.say("\(file.path): \(RunSummary.plural(count, "row")) mismatched or rejected, not compared"
                                  + (strict ? "" : " (per report --strict lists them)"))
            }
            if strict {
                Findings.say(sheet, inputs: [file])
                alert = true
            }
        }
        if let limit = failOnIncrease {
            let over = diff.rises.filter { $0.isMore(thanPercent: limit) }
            for rise in over.prefix(20) {
                let by = rise.percentTimes10.map { "\(DiffWriter.percent($0))%" } ?? "from a unit price of 0.0000"
                StandardError.say("\(rise.list): \(rise.name) (\(rise.size)) rose \(by)")
            }
            if over.count > 20 { StandardError.say("… and \(over.count - 20) more") }
            alert = alert || !over.isEmpty
        }
        if alert { throw ExitStatus.findings.exitCode }
    }

    /// A JSON report read back, or a price sheet read and ranked.
    private func snapshot(_ file: InputFile, options: SheetOptions, bases: [PerKit.Dimension: ReportBasis],
                          findings: inout [(InputFile, ValidatedSheet)]) throws -> Snapshot {
        let path = file.path
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
        let sheet = try SheetLoading.load([file], options: options, quiet: output.quiet)
        if sheet.counts.mismatched + sheet.counts.rejected > 0 { findings.append((file, sheet)) }
        return Snapshot(Ranker.rank(sheet) { bases[$0] ?? .standard(for: $0) })
    }
}
