import Foundation
import Testing

/// The command line around `per diff`: its limits, and how its inputs fail.
@Suite struct DiffCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A rose exactly 0.1%, B exactly 0.3%.
        try Data("list,name,quantity,unit,price\nL,A,1,kg,10.00\nL,B,1,kg,10.00\n".utf8).write(to: file("old.csv"))
        try Data("list,name,quantity,unit,price\nL,A,1,kg,10.01\nL,B,1,kg,10.03\n".utf8).write(to: file("new.csv"))
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Issue 31: a JSON report is known by its first bytes, whatever its name: from standard
    /// input (a pipe, as `<(git show HEAD~1:report.json)` is) or a file not named `.json`; a
    /// sheet from a pipe is still a sheet. (Before: "the header has no name column; it has {".)
    @Test func aJSONReportIsKnownByItsContent() throws {
        for week in ["old", "new"] {
            let report = try PerProcess.run(["report", "--quiet", "--format", "json", "-o", "\(week).json", "\(week).csv"], in: directory)
            #expect(report.status == 0, "\(report)")
        }
        let old = try Data(contentsOf: file("old.json"))
        try old.write(to: file("old-report.txt"))
        for (arguments, stdin) in [(["-", "new.json"], old), (["old-report.txt", "new.json"], nil),
                                   (["-", "new.csv"], try Data(contentsOf: file("old.csv")))] {
            let result = try PerProcess.run(["diff", "--format", "csv"] + arguments, in: directory, stdin: stdin)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdoutText.contains("A,1,kg,rose") || result.stdoutText.contains(",rose,"), "\(arguments): \(result.stdoutText)")
            #expect(result.stderrText.contains("2 rose"), "\(arguments): \(result.stderrText)")
        }
    }

    /// Issue 31: an export's product code is the key with no option, said on standard error;
    /// a product listed once per barcode at one price is one product whose fall is one row
    /// (it was "ambiguous: 2 before and 2 now", the fall lost); `--key none` turns it off.
    @Test func anExportsProductCodeIsTheKeyAndItsRepeatsAreOneProduct() throws {
        let header = "šifra;barkod;naziv;neto količina;jedinica mjere;MPC\n"
        try Data((header + "1001;3850000000011;Mlijeko 1 l;1;l;1,09\n1001;3850000000028;Mlijeko 1 l;1;l;1,09\n"
                  + "2002;3850000000035;Jogurt 500 g;500;g;0,99\n").utf8).write(to: file("dan1.csv"))
        try Data((header + "1001;3850000000011;Mlijeko 1l;1;l;0,99\n1001;3850000000028;Mlijeko 1l;1;l;0,99\n"
                  + "2002;3850000000035;Jogurt 500 g;500;g;0,99\n").utf8).write(to: file("dan2.csv"))
        let result = try run(["--format", "csv", "dan1.csv", "dan2.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText.split(separator: "\n").dropFirst().map(String.init)
                == ["dan2 (volume),Mlijeko 1l,1001,1 l,,fell,1,1,1.09,0.99,1.0900,0.9900,l,-9.2,"], "\(result.stdoutText)")
        #expect(result.stderrText.contains("products known by their code in \"šifra\" (the key)"), "\(result.stderrText)")
        #expect(result.stderrText.contains("--key none, --no-split-dimensions to say otherwise"), "\(result.stderrText)")
        #expect(result.stderrText.contains("0 rose, 1 fell"), "\(result.stderrText)")
        // Without the key the renamed product is one gone and one new: the key is what matched it.
        let unkeyed = try run(["--key", "none", "--format", "csv", "dan1.csv", "dan2.csv"])
        #expect(unkeyed.status == 0, "\(unkeyed)")
        #expect(unkeyed.stdoutText.contains(",new,") && unkeyed.stdoutText.contains(",gone,"), "\(unkeyed.stdoutText)")
        #expect(!unkeyed.stderrText.contains("(the key)"), "\(unkeyed.stderrText)")
    }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(["diff"] + arguments, in: directory)
    }

    /// The limit is the decimal typed, digit for digit: 0.29999999999999999 and 0.3 are one
    /// double, and were one limit while the options were read as doubles.
    @Test func limitsAreTheDecimalsTypedDigitForDigit() throws {
        let atLimit = try run(["--fail-on-increase", "0.3", "--format", "csv", "old.csv", "new.csv"])
        #expect(atLimit.status == 0, "\(atLimit)")
        let belowLimit = try run(["--fail-on-increase", "0.29999999999999999", "--format", "csv", "old.csv", "new.csv"])
        #expect(belowLimit.status == 1, "\(belowLimit)")
        #expect(belowLimit.stderrText == "per: 2 rose, 0 fell, 0 new, 0 gone, 0 moved in 1 list\nper: L: B (1 kg) rose 0.3%\n",
                "\(belowLimit)")
        let shown = try run(["--threshold", "0.1", "--format", "csv", "old.csv", "new.csv"])
        #expect(shown.stdoutText.contains("L,A,1 kg,,rose"), "\(shown)")
        let hidden = try run(["--threshold", "0.10000000000000001", "--format", "csv", "old.csv", "new.csv"])
        #expect(hidden.status == 0 && !hidden.stdoutText.contains("L,A,1 kg,,rose") && hidden.stdoutText.contains("L,B,1 kg,,rose"),
                "\(hidden)")
        #expect(try run(["--threshold", ".5", "--fail-on-increase", "5.", "old.csv", "new.csv"]).status == 0)
    }

    /// Reports with flags, stated unit prices and refined sizes (issue 18's keys) are read as
    /// before: a flagged product that is not the best value stays so, and a diff against a
    /// report without the keys compares the same figures.
    @Test func reportsWithFlagsAndStatedUnitPricesAreRead() throws {
        try Data("name,quantity,price,shop\nChallah,708x708.0g,4.29,0.61/100g\nWhite,675g,2.99,4.43\nRye,500g,2.49,4.98\nPate 135g,0.14 kg,1.49,11.04\nBun,100g,1,10\nRoll,100g,1.2,12\n".utf8)
            .write(to: file("week.csv"))
        let flagged = try PerProcess.run(["report", "--stated-unit-price", "shop", "--format", "json", "-o", "with.json", "week.csv"], in: directory)
        #expect(flagged.status == 0, "\(flagged)")
        let plain = try PerProcess.run(["report", "--format", "json", "-o", "without.json", "week.csv"], in: directory)
        #expect(plain.status == 0, "\(plain)")
        let json = try String(contentsOf: file("with.json"), encoding: .utf8)
        #expect(json.contains("\"flags\": [\"unit_price_outlier\", \"pack_count_is_size\", \"stated_unit_price_disagrees\"]"))
        #expect(json.contains("\"refined_from\": {\"quantity\": 0.14, \"unit\": \"kg\"}"))
        let same = try run(["--format", "csv", "with.json", "with.json"])
        #expect(same.status == 0 && same.stderrText.hasPrefix("per: 0 rose, 0 fell, 0 new, 0 gone"), "\(same)")
        let across = try run(["--format", "csv", "without.json", "with.json"])
        #expect(across.status == 0 && across.stderrText.hasPrefix("per: 0 rose, 0 fell, 0 new, 0 gone"), "\(across)")
    }

    /// A sheet on a pipe is streamed as `per report` streams it, with its limits: an endless
    /// field stops both with 65 at the field limit, under a memory cap of 2 GB. (Before: per
    /// diff read the pipe whole, with no limit, before looking at it, and died at the cap.)
    @Test func aSheetOnAPipeIsReadAsPerReportReadsIt() throws {
        let stream = "ulimit -v 2000000; (printf 'name,quantity,unit,price\\n'; yes x | tr -d '\\n')"
        let diff = try PerProcess.shell("\(stream) | timeout 120 \"$PER\" diff - new.csv", in: directory)
        let report = try PerProcess.shell("\(stream) | timeout 120 \"$PER\" report -", in: directory)
        for result in [diff, report] {
            #expect(result.status == 65, "\(result)")
            #expect(result.stderrText.contains("per: <stdin>:2: a field is larger than the limit of 1048576 bytes\n"), "\(result)")
        }
    }

    /// Standard input twice is refused as `per report` refuses it (64), not read as an empty
    /// second file.
    @Test func standardInputTwiceIsRefused() throws {
        let result = try PerProcess.run(["diff", "-", "-"], in: directory, stdin: Data("name,quantity,unit,price\nmilk,1,l,1\n".utf8))
        #expect(result.status == 64 && result.stderrText.contains("Standard input (-) can be read only once."), "\(result)")
    }

    @Test(arguments: [
        ("--threshold=-1", "give a percentage of 0 or more."),
        ("--fail-on-increase=-0.5", "give a percentage of 0 or more."),
        ("--threshold=1e-7", "write the percentage as a decimal number, such as 5 or 0.25."),
        ("--fail-on-increase=nan", "write the percentage as a decimal number, such as 5 or 0.25."),
        ("--threshold=1,5", "write the percentage as a decimal number, such as 5 or 0.25."),
        ("--threshold=0.0000000000000000001", "give at most 18 digits."),
    ])
    func aPercentageIsADecimalOfZeroOrMore(_ option: String, _ message: String) throws {
        let result = try run([option, "old.csv", "new.csv"])
        #expect(result.status == 64, "\(result)")
        let value = option.split(separator: "=", maxSplits: 1)[1]
        let name = option.split(separator: "=")[0]
        #expect(result.stderrText.hasPrefix("Error: The value '\(value)' is invalid for '\(name) <pct>': \(message)\n"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aReportThatCannotBeReadExitsWith66AndOneThatIsNotPersWith65() throws {
        let missing = try run(["missing.json", "new.csv"])
        #expect(missing.status == 66, "\(missing)")
        #expect(missing.stderrText.hasPrefix("per: missing.json: cannot open the file: No such file or directory\n"), "\(missing)")
        try Data(#"{"lists": 1}"#.utf8).write(to: file("other.json"))
        let other = try run(["other.json", "new.csv"])
        #expect(other.status == 65, "\(other)")
        #expect(other.stderrText == "per: other.json:1:11: lists: expected an array, found a number\n", "\(other)")
        #expect(missing.stdout.isEmpty && other.stdout.isEmpty)
    }

    @Test func strictListsTheRowsNotComparedAndExitsWith1() throws {
        try Data("list,name,quantity,unit,price\nL,A,1,kg,10.01\nL,B,1,kg,10.03\nL,C,1,furlong,1\n".utf8).write(to: file("newer.csv"))
        let result = try run(["--strict", "-o", "diff.md", "old.csv", "newer.csv"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrText == """
            per: 2 rose, 0 fell, 0 new, 0 gone, 0 moved in 1 list
            per: newer.csv: 1 row mismatched or rejected, not compared
            per: newer.csv:4: rejected: the unit "furlong" is unknown (per units lists the known ones; --unit-alias adds one)

            """, "\(result)")
        #expect(try String(contentsOf: file("diff.md"), encoding: .utf8).contains("rose"))
    }

    /// A key on 300 products is one line naming its first 10 places and a count, not 300
    /// places (300k products on 7 keys were 7.6 MB of standard error, a cron mail).
    @Test func aKeyOnManyProductsIsNamedByItsFirstPlacesAndACount() throws {
        let rows = (1...300).map { "L,P\($0),same,1,kg,\($0).00\n" }.joined()
        try Data(("list,name,id,quantity,unit,price\n" + rows).utf8).write(to: file("keys.csv"))
        let result = try run(["--key", "id", "-o", "diff.md", "keys.csv", "keys.csv"])
        #expect(result.status == 0, "\(result)")
        let places = (2...11).map { "line \($0)" }.joined(separator: ", ")
        #expect(result.stderrText == """
            per: 0 rose, 0 fell, 0 new, 0 gone, 0 moved in 0 lists
            per: keys.csv: list "L": the key "same" is on 300 products that differ (\(places), and 290 more); they are matched by name and size
            per: keys.csv: list "L": the key "same" is on 300 products that differ (\(places), and 290 more); they are matched by name and size

            """, "\(result)")
    }

    @Test func aDeviceIsNoReportAndAFIFOIsReadToItsEnd() throws {
        let device = try PerProcess.shell(#"ln -s /dev/zero zero.json && "$PER" diff zero.json new.csv"#, in: directory)
        #expect(device.status == 66, "\(device)")
        #expect(device.stderrText.hasPrefix("per: zero.json: is a character device, not a file\n"), "\(device)")
        let fifo = try PerProcess.shell(#"mkfifo old.json && { "$PER" report --format json old.csv > old.json & } && "$PER" diff --format csv old.json new.csv"#, in: directory)
        #expect(fifo.status == 0, "\(fifo)")
        #expect(fifo.stdoutText.contains("L,A,1 kg,,rose,1,1,10.00,10.01,10.0000,10.0100,kg,0.1,\n"), "\(fifo)")
    }
}

