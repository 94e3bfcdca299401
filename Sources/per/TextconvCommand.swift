import ArgumentParser
import PerKit

/// `per textconv`: a report or sheet as one line per product, for git's `diff.per.textconv`.
struct TextconvCommand: ParsableCommand, ReadsSheets {
    static let configuration = CommandConfiguration(
        commandName: "textconv",
        abstract: "Print a report or sheet as one line per product, sorted by list and product, with no ranks: git's textconv.",
        discussion: """
            For git commands that take only a textconv (git log -p without --ext-diff, git \
            blame, tools built on git): a changed price changes its product's line and no \
            other. FILE is a JSON or CSV report of per report, or a price sheet. A file that \
            is no report or sheet per reads is printed as it is, after a line saying why.
              Set up with per git-setup; by hand:
                per textconv reports/report.json
              Exit status: 0 printed (a file per does not read too);
                64 bad usage; 66 the file cannot be opened; 74 the
                output cannot be written; 141 its reader went away
            """
    )

    @Argument(help: ArgumentHelp("A JSON or CSV report, or a price sheet.", valueName: "file"))
    var file: PathName

    @OptionGroup(title: "Main options") var lists: ListKeyArguments
    @OptionGroup(title: "Reading sheets") var reading: ReadingArguments
    @OptionGroup(title: "Receipts") var receipts: ReceiptArguments
    @OptionGroup(title: "Checking") var stated: StatedPriceArguments
    @OptionGroup(title: "Output") var per: BasisArguments

    func validate() throws {
        _ = try per.bases(units: sheet.sheetOptions().units)
    }

    func run() throws {
        Interruption.install()
        let options = try sheet.sheetOptions()
        let bases = try per.bases(units: options.units)
        let input = InputFile(path: file)
        var findings: [(InputFile, ValidatedSheet)] = []
        let body: (OutputBuffer) throws -> Void
        do {
            let snapshot = try SnapshotLoading.load(input, options: options, bases: bases, quiet: true, findings: &findings, notes: HeldNotes())
            KeptUntilExit.keep(snapshot, findings)
            body = { try ProductLines.write(snapshot, to: $0) }
        } catch let failure as RunFailure {
            // git stops at a textconv that fails: the file as it is, and why.
            guard let problem = failure.inputProblem, let bytes = try? input.contents() else { throw failure }
            body = { out in
                out.append(ProductLines.unreadable(problem))
                out.append(bytes[...])
            }
        }
        try ReportOutput.write([ReportOutput.Target(path: nil, body: body)], inputs: [input])
    }
}
