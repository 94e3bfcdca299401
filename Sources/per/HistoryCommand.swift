import ArgumentParser
import PerKit

struct HistoryCommand: ParsableCommand, ReadsSheets, WritesReports {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Follow each product's unit price through many weeks: lowest, highest, changes, shrinking packs.",
        discussion: """
            SNAPSHOT files are price sheets (read as per report reads them) or JSON reports, \
            oldest first. A snapshot's date is the one --dates gives it, else its report's, \
            else a YYYY-MM-DD in its file name. Products are followed within their list as \
            per diff matches them: by key, else by name and size.
              Examples:
                per history reports/prices-*.json
                per history --key sku --since 2026-01-01 week-*.csv
                per history --git --product coffee reports/prices.json
            \(ExitStatus.helpText(alerts: ["--strict: rows were mismatched or rejected, or a key", "  was on rows of a list that differ;"]))
            """
    )

    /// Which snapshots are read, and which products shown.
    struct Following: ParsableArguments {
        @Flag(help: "Read every committed version of the one file given, each day's last, dated by its commit (needs git).")
        var git = false

        @Option(help: ArgumentHelp("Leave out snapshots before this day (YYYY-MM-DD).", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Leave out snapshots after this day (YYYY-MM-DD).", valueName: "date"))
        var until: String?

        @Option(help: ArgumentHelp("Show only products whose name holds TEXT (ASCII case ignored) or whose key is TEXT.", valueName: "text"))
        var product: String?

        @Option(help: ArgumentHelp("Show only the list of this name, or its parts split by dimension (ASCII case ignored).", valueName: "name"))
        var list: String?

        @Flag(help: "Show only products whose unit price or size changed, or that were ambiguous.")
        var changed = false
    }

    /// `--strict`.
    struct Alerts: ParsableArguments {
        @Flag(help: "Exit 1 when a sheet has rows mismatched or rejected, or one key on rows that differ, listing them.")
        var strict = false
    }

    @Argument(help: "Price sheets or JSON reports, oldest first (with --git: the one file whose committed versions to read).")
    var snapshots: [PathName] = []

    @OptionGroup(title: "Main options") var following: Following
    @OptionGroup(title: "Main options") var lists: ListKeyArguments
    @OptionGroup(title: "Reading sheets") var datesGiven: DatesArguments
    @OptionGroup(title: "Reading sheets") var reading: ReadingArguments
    @OptionGroup(title: "Receipts") var receipts: ReceiptArguments
    @OptionGroup(title: "Checking") var stated: StatedPriceArguments
    @OptionGroup(title: "Checking") var alerts: Alerts
    @OptionGroup(title: "Output") var outputFile: OutputFileArguments
    @OptionGroup(title: "Output") var outputDir: OutputDirArguments
    @OptionGroup(title: "Output") var per: BasisArguments

    var git: Bool { following.git }
    var since: String? { following.since }
    var until: String? { following.until }
    var product: String? { following.product }
    var list: String? { following.list }
    var changed: Bool { following.changed }
    var dates: String? { datesGiven.dates }
    var strict: Bool { alerts.strict }

    func validate() throws {
        try output.validate()
        try DatedSnapshots.validate(snapshots, git: git, dates: dates, since: since, until: until, command: "per history")
        _ = try per.bases(units: sheet.sheetOptions().units)
    }

    func run() throws {
        Interruption.install()
        try output.makeDirectory()
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        let history = PriceHistory()
        let notes = HeldNotes()
        let series = DatedSnapshots(paths: snapshots, git: git, dates: dates, since: since, until: until, quiet: output.quiet, strict: strict)
        let read = try series.read(options: options, bases: bases, notes: notes) { snapshot, date, file throws(HistoryError) in
            try history.add(snapshot, date: date, file: file)
        }
        notes.say(quiet: output.quiet)
        if history.sources.isEmpty && (since != nil || until != nil) { throw series.noneInWindow() }
        let report = history.report(HistoryFilter(product: product, list: list, changedOnly: changed))
        if !output.quiet {
            StandardError.say(HistoryCommand.notes(history, report, list: list, product: product))
        }
        KeptUntilExit.keep(history, report)
        let inputs = git ? [InputFile(path: snapshots[0])] : snapshots.map { InputFile(path: $0) }
        try ReportOutput.write(output.targets(name: "history").map { format, path in
            ReportOutput.Target(path: path) { out in try HistoryWriter(format: format).write(report, to: out) }
        }, inputs: inputs)
        if !output.quiet { StandardError.say(HistoryWriter.sentence(report.counts, snapshots: report.sources.count)) }
        var alert = false
        series.sayNotFollowed(read)
        for (_, sheet) in read.findings {
            Diagnostics.say(sheet.diagnostics)
            alert = true
        }
        if strict && read.duplicateKeys { alert = true }
        if alert { throw RunFailure.findings }
    }

    /// What a user should know about a history that looks emptier than meant: a filter that
    /// matched nothing, lists in no two snapshots, and one list under two names in different
    /// snapshots (read with and without --split-dimensions), which splits each product in two.
    static func notes(_ history: PriceHistory, _ report: HistoryReport, list: String?, product: String?) -> [String] {
        var notes: [String] = []
        let spans = history.listSpans
        if let list, report.lists.isEmpty {
            let names = spans.map(\.name)
            let shown = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", and \(names.count - 20) more" : "")
            notes.append("no list is named \"\(list)\" (--list); the lists are: \(shown)")
        } else if let product, report.counts.shown == 0 {
            notes.append("no product's name holds \"\(product)\" and no key is it (--product)")
        }
        if history.sources.count > 1 && !spans.isEmpty && spans.allSatisfy({ $0.first == $0.last }) {
            notes.append("no list is in more than one snapshot, so no product can be followed: a sheet without a list column is "
                         + "one list named after its file (a JSON report keeps that name); give the sheets a list column, or read the sheets themselves")
        }
        for (a, b) in history.listsUnderTwoNames() {
            notes.append("list \"\(a.name)\" is in the snapshots until \(a.last) and \"\(b.name)\" from \(b.first): "
                         + "read with and without --split-dimensions? Products are followed within one list, so each of them is two")
        }
        return notes
    }
}
