import Foundation
import Testing

/// `per inspect`, and the reading line `per report` writes for each file it read by inferring.
@Suite struct InspectCommandTests {
    let directory: URL

    /// A Croatian chain's export as it is published: Windows-1250, `;`, decimal commas, sale
    /// cells of `0`, and a header per knows by its words alone.
    static let cjenik: [UInt8] = {
        let text = "naziv;šifra;neto količina;jedinica mjere;MPC (EUR);cijena za jedinicu mjere (EUR);"
            + "MPC za vrijeme posebnog oblika prodaje (EUR);kategorija proizvoda\n"
            + "Čokolada lješnjak 100 g;1;0,1;kg;1,99;19,90;0;Hrana\n"
            + "Mlijeko 1 l;2;1;l;1,09;1,09;0,00;Hrana\n"
            + "Šećer 1 kg;3;1;kg;0,99;0,99;0,89;Hrana\n"
        // Windows-1250 for the letters above ASCII this text has.
        let table: [Character: UInt8] = ["č": 0xE8, "Č": 0xC8, "ć": 0xE6, "š": 0x9A, "Š": 0x8A, "ž": 0x9E, "ń": 0xF1, "đ": 0xF0]
        return text.map { character in character.isASCII ? character.asciiValue! : table[character]! }
    }()

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-inspect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(Self.cjenik).write(to: directory.appendingPathComponent("cjenik.csv"))
    }

    @Test func inspectPrintsThePlanAndTheFirstRowsAsRead() throws {
        let result = try PerProcess.run(["inspect", "cjenik.csv"], in: directory)
        #expect(result.status == 0, "\(result)")
        let text = result.stdoutText
        #expect(text.contains("read as windows-1250 (its bytes are not UTF-8)"), "\(text)")
        #expect(text.contains("';'-separated"))
        #expect(text.contains("decimal comma"))
        #expect(text.contains("5. \"MPC (EUR)\": price (its header's words (mpc, currency EUR))"), "\(text)")
        #expect(text.contains("7. \"MPC za vrijeme posebnog oblika prodaje (EUR)\": sale price"), "\(text)")
        // A product code the header names is the key by default (--key none: none).
        #expect(text.contains("2. \"šifra\": key (its header's words (sifra), a product code: the key by default)"), "\(text)")
        // The rows as read: sizes, prices, the sale of 0 as no sale, the stated figure, the unit price.
        #expect(text.contains("Čokolada lješnjak 100 g  0.1 kg   1.99           19.90 per kg  19.9000 per kg"), "\(text)")
        #expect(text.contains("Šećer 1 kg               1 kg     0.89     0.99   0.99 per kg   0.8900 per kg"), "\(text)")
        #expect(result.stderrText.isEmpty, "\(result)")
    }

    @Test func aReportSaysHowItReadTheFileUnlessQuiet() throws {
        let result = try PerProcess.run(["report", "-o", "report.md", "cjenik.csv"], in: directory)
        #expect(result.status == 0, "\(result)")
        let lines = result.stderrText.split(separator: "\n")
        #expect(lines.first?.hasPrefix("per: cjenik.csv: read as windows-1250 (its bytes are not UTF-8); ';'-separated; decimal comma; "
                                       + "name \"naziv\", size \"neto količina\", unit \"jedinica mjere\", price \"MPC (EUR)\"") == true,
                "\(result)")
        #expect(lines.first?.contains("(--encoding, --delimiter, --decimal-mark, --column FIELD=HEADER") == true, "\(result)")
        #expect(lines.last == "per: 3 rows read: 3 ranked in 2 lists, 0 mismatched, 0 rejected; stated unit prices: 3 of 3 agree (100.0%)",
                "\(result)")
        let quiet = try PerProcess.run(["report", "--quiet", "-o", "report.md", "cjenik.csv"], in: directory)
        #expect(quiet.stderrText.isEmpty, "\(quiet)")
    }

    /// A file per cannot read names the one option that would, and the columns closest.
    @Test func aRefusedFileNamesTheOptionThatReadsIt() throws {
        var rows = "Produkt;Preis\n"
        for index in 0..<60 { rows += "Artikel \(index);1,\(index % 10)9\n" }
        rows += "Milch 1 l;1,09\n"
        try Data(rows.utf8).write(to: directory.appendingPathComponent("shop.csv"))
        let result = try PerProcess.run(["report", "shop.csv"], in: directory)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderrText.contains("1 of the first 61 names end in a size: --size-from-name reads each row's size from there"),
                "\(result)")
    }
    /// `per inspect - -` is refused before anything is read (64), as `per report - -` is.
    /// (Before: it printed the first, then exited 65, "no report written", on the empty second.)
    @Test func standardInputTwiceIsRefusedBeforeReading() throws {
        let result = try PerProcess.run(["inspect", "-", "-"], in: directory, stdin: Data("name,quantity,unit,price\nmilk,1,l,0.99\n".utf8))
        #expect(result.status == 64, "\(result)")
        #expect(result.stdout.isEmpty && result.stderrText.contains("Standard input (-) can be read only once."), "\(result)")
    }
    /// A JSON report given where a price sheet is read (`per inspect`, `per basket`, `per
    /// report`) is said to be one, with what to give instead. (Before: 'it has "{"; map one
    /// with --column'.)
    @Test func aJSONReportGivenAsASheetIsRecognised() throws {
        try Data("name,quantity,unit,price\nmilk,1,l,0.99\n".utf8).write(to: directory.appendingPathComponent("s.csv"))
        let report = try PerProcess.run(["report", "--format", "json", "-o", "report.json", "s.csv"], in: directory)
        #expect(report.status == 0, "\(report)")
        try Data("item,match\nMilk,milk\n".utf8).write(to: directory.appendingPathComponent("list.csv"))
        for arguments in [["inspect", "report.json"], ["basket", "list.csv", "report.json"], ["report", "report.json"]] {
            let result = try PerProcess.run(arguments, in: directory)
            #expect(result.status == 65, "\(result)")
            #expect(result.stderrText.contains("report.json:1: is a JSON report per wrote, not a price sheet: give the price sheets it was made from"),
                    "\(result)")
            #expect(!result.stderrText.contains("--column"), "\(result)")
        }
    }
}
