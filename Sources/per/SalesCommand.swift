import ArgumentParser
import PerKit

struct SalesCommand: ParsableCommand, ReadsSheets, WritesReports {
    static let configuration = CommandConfiguration(
        commandName: "sales",
        abstract: "Is this sale real? Sales against their 30-day low.",
        discussion: """
            SNAPSHOT files are one shop's price sheets, oldest first, dated \
            as per history dates them (--dates, else a YYYY-MM-DD in the \
            name). For every product on sale in the latest, per questions \
            a sale price not below the shop's published 30-day low, a \
            published low that per saw contradicted, a sale not below the \
            lowest price of the 30 days before it began, and a regular \
            price the shop did not charge in those days. Where per lacks \
            the days it says "not enough history". One snapshot is enough \
            for the shop's own columns. Rules: docs/sales.md.
              Examples:
                per sales konzum/konzum-2026-03-*.csv
                per sales --format json --shop konzum day-*.csv
            \(ExitStatus.helpText(alerts: ["--strict: a claim was questioned, or rows were", "  mismatched or rejected;"]))
            """
    )

    /// Which snapshots are read.
    struct Following: ParsableArguments {
        @Flag(help: "Read every committed version of the one file given, each day's last, dated by its commit (needs git).")
        var git = false

        @Option(help: ArgumentHelp("Leave out snapshots before this day (YYYY-MM-DD).", valueName: "date"))
        var since: String?

        @Option(help: ArgumentHelp("Leave out snapshots after this day (YYYY-MM-DD): the sales judged are those of the last one left.", valueName: "date"))
        var until: String?

        @Option(help: ArgumentHelp("The shop's name in the claims (default: the latest file's name without its date and extension).", valueName: "name"))
        var shop: String?
    }

    /// `--strict`.
    struct Alerts: ParsableArguments {
        @Flag(help: "Exit 1 when a claim is questioned, or a sheet has rows mismatched or rejected (listing them).")
        var strict = false
    }

    @Argument(help: "One shop's price sheets, oldest first (with --git: the one file whose committed versions to read).")
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

    private var series: DatedSnapshots {
        DatedSnapshots(paths: snapshots, git: following.git, dates: datesGiven.dates, since: following.since, until: following.until,
                       quiet: output.quiet, strict: alerts.strict)
    }

    func validate() throws {
        try output.validate()
        try DatedSnapshots.validate(snapshots, git: following.git, dates: datesGiven.dates, since: following.since, until: following.until,
                                    command: "per sales")
        if outputFile.format?.formats.contains(.html) == true { throw ValidationError("per sales writes markdown, csv and json; not html yet.") }
        _ = try sheet.sheetOptions()
    }

    func run() throws {
        Interruption.install()
        try output.makeDirectory()
        var options = try sheet.sheetOptions()
        options.readsReferencePrices = true
        let bases: [PerKit.Dimension: ReportBasis] = [:]
        let history = SalesHistory()
        let notes = HeldNotes()
        let series = self.series
        let read = try series.read(options: options, bases: bases, notes: notes) { snapshot, date, file throws(HistoryError) in
            try history.add(snapshot, date: date, file: file)
        }
        notes.say(quiet: output.quiet)
        if history.days.isEmpty { throw series.noneInWindow() }
        let latest = history.history.sources[history.history.sources.count - 1].file
        let report = SalesReport(history, shop: following.shop ?? Self.shopName(latest))
        KeptUntilExit.keep(history, report)
        let inputs = following.git ? [InputFile(path: snapshots[0])] : snapshots.map { InputFile(path: $0) }
        // --output-dir writes every format per sales has (no HTML yet).
        let targets = output.targets(name: "sales").filter { $0.format != .html }
        try ReportOutput.write(targets.map { format, path in
            ReportOutput.Target(path: path) { out in try SalesWriter(format: format).write(report, to: out) }
        }, inputs: inputs)
        if !output.quiet { StandardError.say([SalesWriter.sentence(report)]) }
        series.sayNotFollowed(read)
        var alert = alerts.strict && !report.claims.isEmpty
        for (_, sheet) in read.findings {
            Diagnostics.say(sheet.diagnostics)
            alert = true
        }
        if alert { throw RunFailure.findings }
    }

    /// A shop's name from its latest file: the name without folders, extension, date (and
    /// the `-`, `_` or space beside it), or `@commit` (`--git`): `konzum-2026-03-10.csv` is `konzum`.
    static func shopName(_ file: String) -> String {
        var name = String(file.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        if let at = name.lastIndex(of: "@") { name = String(name[..<at]) }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        for date in SnapshotDate.inName(name) { name = name.replacingOccurrences(of: date, with: "") }
        let separators: Set<Character> = ["-", "_", " ", "."]
        while let first = name.first, separators.contains(first) { name.removeFirst() }
        while let last = name.last, separators.contains(last) { name.removeLast() }
        return name.isEmpty ? file : name
    }
}
