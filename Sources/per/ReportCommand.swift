import ArgumentParser
import PerKit

struct ReportCommand: ParsableCommand, ReadsSheets, WritesReports {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Rank the products of each list by exact unit price.",
        discussion: """
            Each file's first row is its header. Name, quantity and price columns are \
            required; a unit column is optional when the quantities carry their units \
            (6x355ml), and a list column too (without it, each file is one list). Rows per \
            cannot rank are reported as mismatched or rejected, with their file and line.
              Examples:
                per report groceries.csv
                per report -o report.json store-a.csv store-b.csv
                per report --quiet --strict --output-dir reports *.csv
            \(ExitStatus.helpText(alerts: ["--strict: rows were mismatched or rejected;"]))
            """
    )

    /// `--strict`, the option of a run that must not pass a finding by.
    struct Alerts: ParsableArguments {
        @Flag(help: "Exit 1 on rows mismatched or rejected and products flagged, listing them on standard error.")
        var strict = false
    }

    /// `--files-from`.
    struct FileNames: ParsableArguments {
        @Option(help: ArgumentHelp("Read more file names, one a line, from this file or -.", valueName: "path"))
        var filesFrom: PathName?
    }

    /// `--rejects` and `--with-source`: where rows come from, and the ones not ranked.
    struct Rows: ParsableArguments {
        @Option(help: ArgumentHelp("Write the mismatched and rejected rows to this CSV, with file, line and reason, to fix.", valueName: "path"))
        var rejects: PathName?

        @Flag(help: "Add each ranked product's file and line to the report.")
        var withSource = false
    }

    @Argument(help: "CSV files to read, in order; - reads standard input.")
    var files: [PathName] = []

    @OptionGroup(title: "Main options") var outputFile: OutputFileArguments
    @OptionGroup(title: "Main options") var lists: ListKeyArguments
    @OptionGroup(title: "Main options") var alerts: Alerts
    @OptionGroup(title: "Reading sheets") var fileNames: FileNames
    @OptionGroup(title: "Reading sheets") var reading: ReadingArguments
    @OptionGroup(title: "Receipts") var receipts: ReceiptArguments
    @OptionGroup(title: "Checking") var stated: StatedPriceArguments
    @OptionGroup(title: "Checking") var rows: Rows
    @OptionGroup(title: "Output") var outputDir: OutputDirArguments
    @OptionGroup(title: "Output") var per: BasisArguments
    @OptionGroup(title: "Output") var dated: AsOfArguments

    var filesFrom: PathName? { fileNames.filesFrom }
    var rejects: PathName? { rows.rejects }
    var withSource: Bool { rows.withSource }
    var strict: Bool { alerts.strict }

    /// The files named as arguments, then those listed in `--files-from`.
    var inputPaths: [PathName] {
        get throws {
            // Many files named as arguments come from `ManyFiles`, the parser's way spared.
            let named = ManyFiles.names.isEmpty ? files : ManyFiles.names.map(PathName.init(argumentText:))
            guard let filesFrom else { return named }
            return named + (try FileList.read(filesFrom))
        }
    }

    func validate() throws {
        try output.validate()
        let files = try inputPaths
        guard !files.isEmpty else { throw ValidationError("Name at least one CSV file, or - for standard input.") }
        if filesFrom?.isDash == true && files.contains(where: \.isDash) { throw ValidationError("Standard input (-) can be read only once: --files-from - reads it.") }
        if files.count > RunLimits.maxFiles { throw ValidationError("At most \(RunLimits.maxFiles) files in one run.") }
        if files.filter(\.isDash).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        if let (first, second) = InputFile.firstSameFile(in: files.map { InputFile(path: $0) }) {
            throw ValidationError("\(first) and \(second) are the same file; name each file once, or its rows count twice.")
        }
        _ = try per.bases(units: sheet.sheetOptions().units)
        if let rejects, output.targets(name: "report").contains(where: { $0.path.map(OutputArguments.resolved) == OutputArguments.resolved(rejects) }) {
            throw ValidationError("--rejects \(rejects) is also where the report goes.")
        }
    }

    func run() throws {
        Interruption.install()
        let inputs = try inputPaths.map { InputFile(path: $0) }
        if StandardStreams.isInputClosed, inputs.contains(where: \.isStandardInput) {
            throw RunFailure.inputs([InputError(file: "-", .cannotRead(reason: "standard input is closed"))])
        }
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        let targets = output.targets(name: "report")
        try output.makeDirectory()
        // The files this run replaces leave the page cache while it loads, not in the rename.
        for path in targets.compactMap(\.path) + [rejects].compactMap({ $0 }) {
            ReplacedFile.releaseCache(at: path, inputs: inputs)
        }
        let sheet = try SheetLoading.load(inputs, options: options, quiet: output.quiet)
        let report = Ranker.rank(sheet) { bases[$0] ?? .standard(for: $0) }
        KeptUntilExit.keep(sheet, report)
        let reportOptions = ReportOptions(withSource: withSource, asOf: dated.asOf)
        var outputs = targets.map { format, path in
            ReportOutput.Target(path: path) { out in try format.write(report, options: reportOptions, to: out) }
        }
        if let rejects {
            outputs.append(ReportOutput.Target(path: rejects) { out in try RejectsWriter().write(sheet, to: out) })
        }
        try ReportOutput.write(outputs, inputs: inputs)
        let flagged = report.flaggedProducts()
        let findings = sheet.counts.mismatched + sheet.counts.rejected
        if !output.quiet {
            StandardError.say(RunSummary(report).sentence)
            if let hint = RunSummary.dimensionHint(sheet) { StandardError.say(hint) }
            // A CSV report lists ranked products only: say where the rest can be seen.
            if findings > 0, rejects == nil, !strict, targets.allSatisfy({ $0.format == .csv }) {
                StandardError.say("\(RunSummary.plural(findings, "row")) mismatched or rejected \(findings == 1 ? "is" : "are") not in a CSV report: "
                                  + "--rejects FILE writes them, --strict lists them and exits 1")
            }
        }
        if strict && findings + flagged.count > 0 {
            Diagnostics.say(report.diagnostics(flagged: flagged)) { "… and \($0) more\(rejects == nil ? " (--rejects writes them all)" : "")" }
            throw RunFailure.findings
        }
    }
}
