import ArgumentParser
import Foundation
import PerKit

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two weeks: unit prices that rose or fell, products new or gone, best values that changed hands.",
        discussion: """
            OLD and NEW are price sheets (read and ranked with the same options as per report) or \
            JSON reports written by per report --format json, known by their first bytes whatever \
            their names (a pipe such as <(git show HEAD~1:report.json) too). Products are matched within their list, \
            by the rule per history follows: rows that say the same are one product; by key (--key, or a \
            report written with it), else by name and size (a key on one side only is no obstacle); a \
            name whose one size is gone and one new size appeared is resized; products per cannot tell \
            apart are ambiguous: per does not guess. Unit prices compare exactly between two sheets, \
            and as reports print them (12 decimals; 4 for a report of schema version 1) when a side is a JSON report. A sheet without a \
            list column is one list on both sides, whatever the two files are called. Rows that are \
            mismatched or rejected are not compared; standard error says how many.
              Examples:
                per diff last-week.csv this-week.csv
                per diff --threshold 5 --format csv old.json new.json
                per diff --fail-on-increase 10 -o changes.md old.csv new.csv
            \(ExitStatus.helpText)
            """
    )

    @Argument(help: "The older price sheet or JSON report.")
    var old: PathName

    @Argument(help: "The newer price sheet or JSON report.")
    var new: PathName

    @OptionGroup(title: "Reading price sheets")
    var sheet: SheetArguments

    @OptionGroup var per: BasisArguments

    @OptionGroup(title: "Output")
    var output: OutputArguments

    @OptionGroup(title: "Output") var dated: AsOfArguments

    @Option(help: ArgumentHelp("Hide unit-price changes smaller than PCT percent (a decimal such as 5 or 0.5), and with --moves the rank moves. Default: 0, show every change.", valueName: "pct"),
            transform: { try Percent.parse($0) })
    var threshold: ExactDecimal = ExactDecimal(significand: 0, scale: 0)

    @Option(help: ArgumentHelp("Exit with status 1 when any unit price rose by more than PCT percent (a decimal such as 10 or 2.5), listing those on standard error.", valueName: "pct"),
            transform: { try Percent.parse($0) })
    var failOnIncrease: ExactDecimal?

    @Flag(help: "Also show products that only moved in rank because others changed (a product that gained or lost the best value is always shown).")
    var moves = false

    @Flag(help: "Exit with status 1 when a sheet has mismatched or rejected rows (which are not compared), or a key on rows of a list that differ, listing them on standard error.")
    var strict = false

    func validate() throws {
        if old.isDash && new.isDash { throw ValidationError("Standard input (-) can be read only once.") }
        _ = try per.bases(units: sheet.sheetOptions().units)
    }

    func run() throws {
        Interruption.install()
        try output.makeDirectory()
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        // Both weeks' files are one list when they have no list column, whatever their names.
        let newFile = InputFile(path: new)
        let oldFile = InputFile(path: old, listName: newFile.defaultListName)
        var findings: [(InputFile, ValidatedSheet)] = []
        let before = try SnapshotLoading.load(oldFile, options: options, bases: bases, quiet: output.quiet, findings: &findings)
        let after = try SnapshotLoading.load(newFile, options: options, bases: bases, quiet: output.quiet, findings: &findings)
        let diff = ReportDiff(old: before, new: after, threshold: threshold, showsMoves: moves)
        KeptUntilExit.keep(before, after, diff, findings)
        try ReportOutput.write(output.targets(name: "diff").map { format, path in
            ReportOutput.Target(path: path) { out in try DiffWriter(format: format, asOf: dated.asOf).write(diff, to: out) }
        }, inputs: [oldFile, newFile])
        if !output.quiet { StandardError.say(DiffWriter.sentence(diff.counts, lists: diff.lists.count)) }
        var alert = false
        // A key on rows of a list that differ is a finding: those rows are matched by name and size.
        for (file, snapshot) in [(oldFile, before), (newFile, after)] where !snapshot.duplicateKeys.isEmpty {
            Findings.sayDuplicateKeys(snapshot, file: file.shownPath)
            alert = alert || strict
        }
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
            StandardError.say(over.lazy.map(\.description))
            alert = alert || !over.isEmpty
        }
        if alert { throw RunFailure.findings }
    }
}
