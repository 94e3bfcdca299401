import ArgumentParser
import PerKit

/// `per inspect`: how per reads a file, without ranking it.
struct InspectCommand: ParsableCommand, ReadsSheets {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show how per reads a price sheet: its encoding, delimiter and decimal marks, each column's role and why, and its first rows as read.",
        discussion: """
            The first thing to run on a new export. Nothing is ranked: each row shows its name, \
            size, prices and unit prices, or why per would not rank it. The options that read \
            sheets work as in per report, to be tried here first.
              Examples:
                per inspect cjenik.csv
                per inspect --rows 30 --column quantity=units listing.csv
            """
    )

    /// `--rows`.
    struct Shown: ParsableArguments {
        @Option(help: ArgumentHelp("How many data rows to show of each file.", valueName: "count"))
        var rows = 10
    }

    @Argument(help: ArgumentHelp("The files to inspect; - reads standard input.", valueName: "file"))
    var files: [PathName]

    @OptionGroup(title: "Main options") var shown: Shown
    @OptionGroup(title: "Main options") var lists: ListKeyArguments
    @OptionGroup(title: "Reading sheets") var reading: ReadingArguments
    @OptionGroup(title: "Receipts") var receipts: ReceiptArguments
    @OptionGroup(title: "Checking") var stated: StatedPriceArguments

    var rows: Int { shown.rows }

    func validate() throws {
        guard rows >= 0 else { throw ValidationError("--rows must be 0 or more.") }
        // Read twice, standard input would be empty the second time: refused before reading, as
        // per report refuses it.
        if files.filter(\.isDash).count > 1 { throw ValidationError("Standard input (-) can be read only once.") }
        _ = try sheet.sheetOptions()
    }

    func run() throws {
        let options = try sheet.sheetOptions()
        var errors: [InputError] = []
        var out = ""
        for (index, path) in files.enumerated() {
            let input = InputFile(path: path)
            do {
                let inspection = try SheetInspection.inspect(input, options: options, rows: rows)
                if index > 0 { out += "\n" }
                out += InspectionText.text(inspection)
            } catch {
                errors.append(error)
            }
        }
        print(out, terminator: "")
        if !errors.isEmpty { throw RunFailure.inputs(errors) }
    }
}

/// An inspection as text: the plan, then the rows as a table. What the file holds (headers,
/// names, values) has its control characters shown (`ControlCharacters`), as in a report.
enum InspectionText {
    static func text(_ inspection: SheetInspection) -> String {
        var out = "\(ControlCharacters.shown(inspection.plan.file))\n"
        for line in inspection.plan.details { out += line.isEmpty ? "\n" : "  \(ControlCharacters.shown(line))\n" }
        guard !inspection.rows.isEmpty else { return out }
        out += "\n  The first \(inspection.rows.count == 1 ? "row" : "\(inspection.rows.count) rows") as read:\n\n"
        let header = ["line", "name", "size", "price", "regular", "stated", "unit price"]
        var table = [header]
        var notes: [String] = []
        for row in inspection.rows {
            let shownName = ControlCharacters.shown(row.name)
            let name = shownName.count > 48 ? String(shownName.prefix(47)) + "…" : shownName
            if row.problems.isEmpty {
                table.append([String(row.line), name] + [row.size, row.price, row.regular, row.stated, row.unitPrice].map { ControlCharacters.shown($0) })
            } else {
                table.append([String(row.line), name, "", "", "", "", "not ranked"])
                notes.append("  line \(row.line): \(ControlCharacters.shown(row.problems.joined(separator: "; ")))")
            }
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for row in table {
            let cells = row.indices.map { column -> String in
                let cell = row[column]
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 || column >= 3 ? pad + cell : cell + pad
            }
            out += "  " + cells.joined(separator: "  ").replacingTrailingSpaces() + "\n"
        }
        if !notes.isEmpty { out += "\n" + notes.joined(separator: "\n") + "\n" }
        return out
    }
}

extension String {
    fileprivate func replacingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
