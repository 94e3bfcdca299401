import ArgumentParser
import Foundation
import PerKit

struct DiffCommand: ParsableCommand, ReadsSheets, WritesReports {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two weeks: unit prices that rose or fell, products new or gone, best values that changed hands.",
        // OLD and NEW are optional to the parser only: git gives a driver one argument for an
        // unmerged path (validate() asks for both otherwise).
        usage: "per diff [<options>] <old> <new>",
        discussion: """
            OLD and NEW are price sheets (read as per report reads them) or JSON reports of per \
            report. Products are matched within their list: by key (--key), else by name and \
            size; a name whose one size changed is resized, and products per cannot tell apart \
            are ambiguous. Rows mismatched or rejected are not compared.
              Examples:
                per diff last-week.csv this-week.csv
                per diff --threshold 5 --format csv old.json new.json
                per diff --fail-on-increase 10 -o changes.md old.csv new.csv
              As git's diff driver: see per git-setup.
            \(ExitStatus.helpText)
            """
    )

    /// What is compared and shown, and the alert on a rise.
    struct Comparison: ParsableArguments {
        @Option(help: ArgumentHelp("Hide unit-price changes (and with --moves, rank moves) smaller than this percent, such as 5 or 0.5 (default: 0).", valueName: "pct"),
                transform: { try Percent.parse($0) })
        var threshold: ExactDecimal = ExactDecimal(significand: 0, scale: 0)

        @Flag(help: "Also show products that only moved in rank (one that gained or lost the best value always shows).")
        var moves = false

        @Option(help: ArgumentHelp("Exit 1 when a unit price rose by more than this percent, listing those on standard error.", valueName: "pct"),
                transform: { try Percent.parse($0) })
        var failOnIncrease: ExactDecimal?
    }

    /// `--strict`.
    struct Alerts: ParsableArguments {
        @Flag(help: "Exit 1 when a sheet has rows mismatched or rejected, or one key on rows that differ, listing them.")
        var strict = false
    }

    /// `--git-driver`.
    struct GitDriver: ParsableArguments {
        @Flag(help: "Run as git's diff driver (per git-setup sets it up): read git's arguments, print the path's changes, exit 0.")
        var gitDriver = false
    }

    @Argument(help: "The older price sheet or JSON report.")
    var old: PathName?

    @Argument(help: "The newer price sheet or JSON report.")
    var new: PathName?

    /// With `--git-driver`, the rest of git's arguments (OLD and NEW hold its first two).
    @Argument(help: .private)
    var gitArguments: [PathName] = []

    @OptionGroup(title: "Main options") var comparison: Comparison
    @OptionGroup(title: "Main options") var lists: ListKeyArguments
    @OptionGroup(title: "Reading sheets") var reading: ReadingArguments
    @OptionGroup(title: "Receipts") var receipts: ReceiptArguments
    @OptionGroup(title: "Checking") var stated: StatedPriceArguments
    @OptionGroup(title: "Checking") var alerts: Alerts
    @OptionGroup(title: "Output") var outputFile: OutputFileArguments
    @OptionGroup(title: "Output") var outputDir: OutputDirArguments
    @OptionGroup(title: "Output") var per: BasisArguments
    @OptionGroup(title: "Output") var dated: AsOfArguments
    @OptionGroup(title: "Output") var git: GitDriver

    var threshold: ExactDecimal { comparison.threshold }
    var moves: Bool { comparison.moves }
    var failOnIncrease: ExactDecimal? { comparison.failOnIncrease }
    var strict: Bool { alerts.strict }

    func validate() throws {
        try output.validate()
        _ = try per.bases(units: sheet.sheetOptions().units)
        if git.gitDriver { return try validateAsGitDriver() }
        guard let old, let new else { throw ValidationError("Missing expected argument '<\(old == nil ? "old" : "new")>': per diff compares OLD with NEW.") }
        guard gitArguments.isEmpty else { throw ValidationError("per diff compares two files, OLD and NEW; \(2 + gitArguments.count) given.") }
        if old.isDash && new.isDash { throw ValidationError("Standard input (-) can be read only once.") }
    }

    func run() throws {
        Interruption.install()
        guard !git.gitDriver else { return try runAsGitDriver() }
        let (old, new) = (old!, new!)
        try output.makeDirectory()
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        // Both weeks' files are one list when they have no list column, whatever their names.
        let newFile = InputFile(path: new)
        let oldFile = InputFile(path: old, listName: newFile.defaultListName)
        var findings: [(InputFile, ValidatedSheet)] = []
        let notes = HeldNotes()
        let before = try SnapshotLoading.load(oldFile, options: options, bases: bases, quiet: output.quiet, findings: &findings, notes: notes)
        let after = try SnapshotLoading.load(newFile, options: options, bases: bases, quiet: output.quiet, findings: &findings, notes: notes)
        notes.say(quiet: output.quiet)
        let diff = ReportDiff(old: before, new: after, threshold: threshold, showsMoves: moves)
        KeptUntilExit.keep(before, after, diff, findings)
        try ReportOutput.write(output.targets(name: "diff").map { format, path in
            ReportOutput.Target(path: path) { out in try DiffWriter(format: format, asOf: dated.asOf).write(diff, to: out) }
        }, inputs: [oldFile, newFile])
        if !output.quiet { StandardError.say(DiffWriter.sentence(diff.counts, lists: diff.lists.count)) }
        var alert = false
        // A key on rows of a list that differ is a finding: those rows are matched by name and size.
        for (file, snapshot) in [(oldFile, before), (newFile, after)] where !snapshot.duplicateKeys.isEmpty {
            Diagnostics.say(snapshot.duplicateKeys.map { $0.diagnostic(file: file.shownPath) }) {
                "\(file.shownPath): … and \($0) more keys on more than one product"
            }
            alert = alert || strict
        }
        for (file, sheet) in findings {
            let count = sheet.counts.mismatched + sheet.counts.rejected
            if !output.quiet || strict {
                StandardError.say("\(file.path): \(RunSummary.plural(count, "row")) mismatched or rejected, not compared"
                                  + (strict ? "" : " (per report --strict lists them)"))
            }
            if strict {
                Diagnostics.say(sheet.diagnostics)
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
