import ArgumentParser
import PerKit

struct BasketCommand: ParsableCommand, ReadsSheets, WritesReports {
    static let configuration = CommandConfiguration(
        commandName: "basket",
        abstract: "Which shop is cheapest for a shopping list, in whole packs, and the cheapest split over a few shops.",
        discussion: """
            LIST is a CSV with an item column and, per line, a product code (key: the sheets' \
            barcode column, or --key's) or words its names hold (match), and optionally an \
            amount (1.5 kg, 2 packs; none is one pack). \
            Each SHEET is one shop, or each value of a shop column is. per buys the cheapest \
            whole packs that cover each line, and gives each shop's total, the cheapest shop \
            and the cheapest split.
              Examples:
                per basket list.csv konzum.csv spar.csv
                per basket --max-shops 2 -o basket.json list.csv shops/*.csv
            \(ExitStatus.helpText(alerts: ["--strict: rows were mismatched or rejected, or a list", "  line matched nothing or was left out;"]))
            """
    )

    /// The shops and how many a split may use.
    struct Shops: ParsableArguments {
        @Option(help: ArgumentHelp("The most shops a split may use (default: as many as save money).", valueName: "n"))
        var maxShops: Int?

        @Option(help: ArgumentHelp("The column that names each row's shop; none: one shop a file (default: a shop or store column every sheet has).", valueName: "HEADER"))
        var shopColumn: String?
    }

    /// `--strict`.
    struct Alerts: ParsableArguments {
        @Flag(help: "Exit 1 on sheet rows mismatched or rejected, or list lines matched nowhere or left out, listing them.")
        var strict = false
    }

    @Argument(help: "The shopping list (CSV); - reads standard input.")
    var list: PathName

    @Argument(help: "The shops' price sheets (CSV), one shop each unless --shop-column splits them.")
    var sheets: [PathName] = []

    @OptionGroup(title: "Main options") var shops: Shops
    @OptionGroup(title: "Main options") var lists: ListKeyArguments
    @OptionGroup(title: "Reading sheets") var reading: ReadingArguments
    @OptionGroup(title: "Receipts") var receipts: ReceiptArguments
    @OptionGroup(title: "Checking") var stated: StatedPriceArguments
    @OptionGroup(title: "Checking") var alerts: Alerts
    @OptionGroup(title: "Output") var outputFile: OutputFileArguments
    @OptionGroup(title: "Output") var outputDir: OutputDirArguments
    @OptionGroup(title: "Output") var dated: AsOfArguments

    var maxShops: Int? { shops.maxShops }
    var shopColumn: String? { shops.shopColumn }
    var strict: Bool { alerts.strict }

    func validate() throws {
        try output.validate()
        guard !sheets.isEmpty else { throw ValidationError("Name the shopping list, then at least one price sheet.") }
        let files = [list] + sheets
        if files.filter(\.isDash).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        if files.count > RunLimits.maxFiles { throw ValidationError("At most \(RunLimits.maxFiles) files in one run.") }
        if let (first, second) = InputFile.firstSameFile(in: files.map { InputFile(path: $0) }) {
            throw ValidationError("\(first) and \(second) are the same file; name each once.")
        }
        if let maxShops, maxShops < 1 { throw ValidationError("--max-shops \(maxShops): a split needs at least one shop.") }
        if let shopColumn, shopColumn.allSatisfy(\.isWhitespace) { throw ValidationError("--shop-column needs the header of a column.") }
        if shopColumn != nil, reading.columns.contains(where: { $0.lowercased().hasPrefix("list=") }) {
            throw ValidationError("--shop-column makes the shop column the sheets' lists: give it or --column list=, not both.")
        }
        _ = try sheet.sheetOptions()
    }

    func run() throws {
        Interruption.install()
        var options = try sheet.sheetOptions()
        // A list's keys are compared in every shop: a barcode, not a shop's own code, by default.
        options.keyPrefersBarcode = true
        options.keyUse = .findingListLines
        let inputs = sheets.map { InputFile(path: $0) }
        // A shop column every sheet has splits them, unless the lists are named otherwise.
        // `--shop-column none`: one shop a file, whatever columns the sheets have.
        let oneShopAFile = self.shopColumn?.trimmingCharacters(in: .whitespaces).lowercased() == "none"
        var shopColumn = oneShopAFile ? nil : self.shopColumn
        if shopColumn == nil, !oneShopAFile, options.columns[.list] == nil, let found = ShopColumn.common(in: inputs, options: options) {
            shopColumn = found
            if !output.quiet { StandardError.say("shops are the values of the \"\(found)\" column every sheet has (--shop-column none keeps one shop a file)") }
        }
        if let shopColumn {
            // The shop column read as the lists, each shop's dimensions apart unless told not to.
            options.columns[.list] = shopColumn
            if self.shopColumn != nil { options.columnOptions[.list] = "--shop-column" }
            if options.splitDimensions == nil { options.splitDimensions = true }
        }
        let listFile = InputFile(path: list)
        if StandardStreams.isInputClosed, ([listFile] + inputs).contains(where: \.isStandardInput) {
            throw RunFailure.inputs([InputError(file: "-", .cannotRead(reason: "standard input is closed"))])
        }
        try output.makeDirectory()
        let shoppingList: ShoppingList
        do {
            shoppingList = try ShoppingListReader(units: options.units).read(listFile, options: options)
        } catch {
            throw RunFailure.inputs([error])
        }
        let loaded = try SheetLoading.load(inputs, options: options, quiet: output.quiet)
        let shops: BasketShops
        do {
            shops = try BasketShops(report: Ranker.rank(loaded), byList: shopColumn != nil)
        } catch {
            throw RunFailure.inputs([error])
        }
        let answer = BasketAnswer(list: shoppingList, shops: shops, maxShops: maxShops)
        KeptUntilExit.keep(loaded, shops, answer)
        try ReportOutput.write(output.targets(name: "basket").map { format, path in
            ReportOutput.Target(path: path) { out in try BasketWriter(format: format, asOf: dated.asOf).write(answer, to: out) }
        }, inputs: [listFile] + inputs)
        let rows = loaded.counts.mismatched + loaded.counts.rejected
        if !output.quiet || strict {
            Diagnostics.say(answer.findings) { "… and \($0) more findings about the list" }
        }
        if !output.quiet {
            StandardError.say(BasketWriter.sentence(answer))
            if rows > 0 && !strict {
                StandardError.say("\(RunSummary.plural(rows, "row")) of the sheets mismatched or rejected, never bought (per report --strict lists them)")
            }
        }
        if strict && rows > 0 { Diagnostics.say(loaded.diagnostics) }
        if strict && (rows > 0 || answer.findings.contains(where: { $0.severity == .warning })) { throw RunFailure.findings }
    }
}
