import Foundation
import Testing

/// The 39 tricky inputs of `Fixtures/conformance/price-sheet-bad-inputs` (see its RESULTS.md
/// for what other CSV readers make of them), plus the two 10 MB ones it describes, each with
/// the behaviour per chose (docs/bad-input.md).
@Suite struct BadInputsTests {
    static let folder = GoldenCase.fixtures.appendingPathComponent("conformance/price-sheet-bad-inputs")

    /// What `per report --format csv FILE` must do: exit status, and either the summary's
    /// counts (rows, ranked, mismatched, rejected) or the start of the error after the file name.
    enum Outcome: Sendable {
        case report(rows: Int, ranked: Int, mismatched: Int, rejected: Int)
        case error(status: Int32, message: String)
    }

    static let expectations: [(String, Outcome)] = [
        ("01_empty.csv", .error(status: 65, message: ": the file is empty")),
        ("02_header_only.csv", .report(rows: 0, ranked: 0, mismatched: 0, rejected: 0)),
        ("03_header_only_no_eol.csv", .report(rows: 0, ranked: 0, mismatched: 0, rejected: 0)),
        ("04_bom.csv", .report(rows: 1, ranked: 1, mismatched: 0, rejected: 0)),
        ("05_bom_quoted_header.csv", .report(rows: 1, ranked: 1, mismatched: 0, rejected: 0)),
        ("06_crlf.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("07_cr_only.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("08_mixed_eol.csv", .report(rows: 3, ranked: 3, mismatched: 0, rejected: 0)),
        ("09_no_final_eol.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("10_blank_lines.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("11_whitespace_line.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("12_unterminated_quote_eof.csv", .report(rows: 3, ranked: 2, mismatched: 0, rejected: 1)),
        ("13_text_after_closing_quote.csv", .report(rows: 3, ranked: 2, mismatched: 0, rejected: 1)),
        ("14_quote_in_unquoted.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("15_ragged_short.csv", .report(rows: 2, ranked: 1, mismatched: 0, rejected: 1)),
        ("16_ragged_long.csv", .report(rows: 2, ranked: 1, mismatched: 0, rejected: 1)),
        ("17_trailing_comma.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("18_embedded_newline.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("19_nul_byte.csv", .error(status: 65, message: ":2:3: the file has a NUL byte here")),
        ("20_invalid_utf8_latin1.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("21_utf16le_bom.csv", .report(rows: 1, ranked: 1, mismatched: 0, rejected: 0)),
        ("22_duplicate_header.csv", .error(status: 65, message: ":1: the header names \"price\" twice")),
        ("23_missing_column.csv", .report(rows: 1, ranked: 0, mismatched: 0, rejected: 1)),
        ("24_header_case_space.csv", .report(rows: 1, ranked: 1, mismatched: 0, rejected: 0)),
        ("25_semicolon_decimal_comma.csv", .report(rows: 1, ranked: 1, mismatched: 0, rejected: 0)),
        ("26_padded_values.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("27_qty_zero.csv", .report(rows: 1, ranked: 0, mismatched: 0, rejected: 1)),
        ("28_negative_price.csv", .report(rows: 1, ranked: 0, mismatched: 0, rejected: 1)),
        ("29_decimal_comma_quoted.csv", .report(rows: 1, ranked: 1, mismatched: 0, rejected: 0)),
        ("30_currency.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("31_huge_numbers.csv", .report(rows: 3, ranked: 0, mismatched: 0, rejected: 3)),
        ("32_nan_inf.csv", .report(rows: 3, ranked: 0, mismatched: 0, rejected: 3)),
        ("33_unknown_unit.csv", .report(rows: 1, ranked: 0, mismatched: 0, rejected: 1)),
        ("34_mixed_dimensions.csv", .report(rows: 2, ranked: 1, mismatched: 1, rejected: 0)),
        ("35_empty_values.csv", .report(rows: 3, ranked: 0, mismatched: 0, rejected: 3)),
        ("36_thousands_sep.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        // `tea,.5,pc,5.`: both numbers read (NumberReaderTests), but half a piece is no size.
        ("37_hex_underscore_plus.csv", .report(rows: 3, ranked: 0, mismatched: 0, rejected: 3)),
        ("38_formula_injection.csv", .report(rows: 2, ranked: 2, mismatched: 0, rejected: 0)),
        ("39_nbsp_in_number.csv", .report(rows: 1, ranked: 0, mismatched: 0, rejected: 1)),
    ]

    @Test func everyInputOfTheSuiteHasAnExpectation() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".csv") }
        #expect(Set(files) == Set(Self.expectations.map(\.0)))
    }

    @Test(arguments: expectations.map(\.0))
    func eachBadInputGetsTheDocumentedAnswer(_ name: String) throws {
        let outcome = Self.expectations.first { $0.0 == name }!.1
        let result = try PerProcess.run(["report", "--format", "json", name], in: Self.folder)
        switch outcome {
        case .report(let rows, let ranked, let mismatched, let rejected):
            #expect(result.status == 0, "\(result)")
            let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let summary = try #require(json["summary"] as? [String: Any])
            #expect([summary["rows"], summary["ranked"], summary["mismatched"], summary["rejected"]].map { $0 as? Int }
                    == [rows, ranked, mismatched, rejected], "\(result)")
            // Rows of another dimension than their list, whatever their share: a hint names the options.
            let one = mismatched == 1
            let hint = mismatched > 0
                ? "per: \(mismatched) row\(one ? "" : "s") of another dimension than \(one ? "its" : "their") list's: --split-dimensions ranks "
                    + "\(one ? "it in a list of its own" : "them in a list of their own"), --list-from-name makes each product (its name "
                    + "without its size) a list\n" : ""
            let lists = (json["lists"] as? [Any])?.count ?? 0
            let summaryLine = "per: \(rows) row\(rows == 1 ? "" : "s") read: \(ranked) ranked in "
                + "\(lists) list\(lists == 1 ? "" : "s"), \(mismatched) mismatched, \(rejected) rejected\n" + hint
            // Before it, the file's reading line when per inferred anything (a file of several
            // dimensions and no list column is ranked a dimension at a time, and says so).
            let lines = result.stderrText.split(separator: "\n", omittingEmptySubsequences: false)
            let reading = lines.first.map { $0.hasPrefix("per: \(name): ") } ?? false
            #expect(result.stderrText == (reading ? String(lines[0]) + "\n" : "") + summaryLine, "\(result)")
        case .error(let status, let message):
            #expect(result.status == status, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderrText.hasPrefix("per: \(name)\(message)"), "\(result)")
        }
    }

    /// 40 and 41 of RESULTS.md, made here: a 10 MB field, quoted and not.
    @Test(arguments: [true, false])
    func aTenMegabyteFieldStopsTheFileAtTheLimit(_ quoted: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = Array("name,quantity,unit,price\n".utf8)
        let field = [UInt8](repeating: quoted ? UInt8(ascii: "x") : UInt8(ascii: "y"), count: 10_000_000)
        bytes += quoted ? [UInt8(ascii: "\"")] + field + [UInt8(ascii: "\"")] : field
        bytes += Array(",1,pc,1\n".utf8)
        try Data(bytes).write(to: directory.appendingPathComponent("big.csv"))
        let result = try PerProcess.run(["report", "big.csv"], in: directory)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrText.hasPrefix("per: big.csv:2: a field is larger than the limit of 1048576 bytes"), "\(result)")
    }

    @Test func formulasInNamesAreDefusedInCSVAndKeptInJSON() throws {
        let csv = try PerProcess.run(["report", "--format", "csv", "38_formula_injection.csv"], in: Self.folder)
        #expect(csv.stdoutText.contains(",\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\","))
        #expect(csv.stdoutText.contains(",'+cmd,"))
        let json = try PerProcess.run(["report", "--format", "json", "38_formula_injection.csv"], in: Self.folder)
        #expect(json.stdoutText.contains("\"name\": \"=HYPERLINK(\\\"http://x\\\",\\\"y\\\")\","))
        #expect(json.stdoutText.contains("\"name\": \"+cmd\","))
    }
    /// A file with no header is read with its first line as its first row, and says so: read as
    /// a header, that row was lost and the columns named after its values ("3 rows read" from 4).
    @Test func aFileWithoutAHeaderIsReadWithItsFirstLineAsARow() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-noheader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("Milk,1 l,1.00\nBread,500 g,2.00\nEggs,10 each,3.00\nTea,100 g,2.50\n".utf8).write(to: directory.appendingPathComponent("prices.csv"))
        let result = try PerProcess.run(["report", "--format", "csv", "prices.csv"], in: directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText.contains(",Milk,1,l,1.00,"), "\(result)")
        #expect(result.stderrText.contains("4 rows read: 4 ranked"), "\(result)")
        #expect(result.stderrText.contains("the first line is a row, not a header"), "\(result)")
    }
}
