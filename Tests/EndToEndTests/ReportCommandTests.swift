import Foundation
import Testing

/// The command line around the report: output files, exit statuses, `per units`.
@Suite struct ReportCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("name,quantity,unit,price\nmilk,1,l,0.99\nbread,500,g,1.49\n".utf8).write(to: file("sheet.csv"))
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func run(_ arguments: [String], stdin: Data? = nil) throws -> PerProcess.Result {
        try PerProcess.run(arguments, in: directory, stdin: stdin)
    }

    @Test func outputReplacesTheTargetOnlyWhenComplete() throws {
        try Data("previous report\n".utf8).write(to: file("report.md"))
        let good = try run(["report", "-o", "report.md", "sheet.csv"])
        #expect(good.status == 0, "\(good)")
        #expect(try String(contentsOf: file("report.md"), encoding: .utf8).hasPrefix("# Unit prices\n"))
        try Data("previous report\n".utf8).write(to: file("report.md"))
        let failed = try run(["report", "-o", "report.md", "sheet.csv", "missing.csv"])
        #expect(failed.status == 66, "\(failed)")
        #expect(try String(contentsOf: file("report.md"), encoding: .utf8) == "previous report\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    /// A link to a file not made yet is followed too: the file is made where it points, and the
    /// link stays (before, the link was replaced by a file).
    @Test func outputThroughADanglingLinkMakesItsFile() throws {
        try FileManager.default.createDirectory(at: file("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: file("dangling.md").path, withDestinationPath: "sub/report.md")
        let result = try run(["report", "-o", "dangling.md", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file("dangling.md").path) == "sub/report.md")
        #expect(try String(contentsOf: file("sub/report.md"), encoding: .utf8).hasPrefix("# Unit prices"))
    }

    @Test func outputFollowsALinkAndWritesSpecialFilesDirectly() throws {
        try Data("old\n".utf8).write(to: file("target.md"))
        try FileManager.default.createSymbolicLink(atPath: file("link.md").path, withDestinationPath: "target.md")
        #expect(try run(["report", "-o", "link.md", "sheet.csv"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file("link.md").path) == "target.md")
        #expect(try String(contentsOf: file("target.md"), encoding: .utf8).hasPrefix("# Unit prices"))
        let null = try run(["report", "-o", "/dev/null", "sheet.csv"])
        #expect(null.status == 0, "\(null)")
        var status = stat()
        #expect(stat("/dev/null", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test func aReportNeverOverwritesAnInput() throws {
        let result = try run(["report", "-o", "sheet.csv", "sheet.csv"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderrText.contains("a report never overwrites an input"))
        #expect(try String(contentsOf: file("sheet.csv"), encoding: .utf8).hasPrefix("name,quantity"))
    }

    @Test func anUnwritableOutputExitsWith74() throws {
        let result = try run(["report", "-o", "no-such-directory/report.md", "sheet.csv"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderrText.contains("no-such-directory/report.md: cannot create the report"))
    }

    @Test(arguments: [
        ["report"], ["report", "--format", "pdf", "sheet.csv"], ["report", "--column", "colour=x", "sheet.csv"],
        ["report", "--per", "furlong", "sheet.csv"], ["report", "--per", "kg", "--per", "lb", "sheet.csv"],
        ["report", "-", "-"], ["report", "sheet.csv", "./sheet.csv"], ["report", "--encoding", "ebcdic", "sheet.csv"],
        ["report", "--unit-alias", "bag=sack", "sheet.csv"], ["report", "--decimal-mark", "semicolon", "sheet.csv"],
        ["report", "--delimiter", "x", "sheet.csv"], ["report", "--volume-system", "metric", "sheet.csv"],
        ["units", "--volume-system", "metric"], ["report", "--format", "csv,pdf", "--output-dir", ".", "sheet.csv"],
        ["report", "--format", "csv,json", "sheet.csv"], ["report", "--as-of", "2026-13-45", "sheet.csv"],
        // Issue 31: a file named .json written as CSV would be read back as a report.
        ["report", "-o", "x.json", "--format", "csv", "sheet.csv"], ["history", "--as-of", "2026-01-01", "sheet.csv"],
    ])
    func badUsageExitsWith64AndSaysWhy(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrText.contains("Error:"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    /// swift-argument-parser refuses a value that is none of a choice's, and names them all.
    @Test(arguments: [
        (["--format", "pdf"], "'--format <formats>'. Please provide one of 'csv', 'json', 'markdown' or 'html'."),
        (["--format", "csv,pdf", "--output-dir", "."], "'--format <formats>'. Please provide one of 'csv', 'json', 'markdown' or 'html'."),
        (["--encoding", "ebcdic"], "'--encoding <name>'. Please provide one of the following:\n  - utf-8\n  - windows-1250\n  - windows-1252\n"
            + "  - iso-8859-1\n  - iso-8859-2\n  - utf-16"),
        (["--decimal-mark", "semicolon"], "'--decimal-mark <mark>'. Please provide one of 'point' and 'comma'."),
        (["--delimiter", "x"], "'--delimiter <char>'. Please provide one of 'comma', 'semicolon', 'tab' or 'pipe'."),
        (["--volume-system", "metric"], "'--volume-system <system>'. Please provide one of 'us' and 'imperial'."),
    ])
    func aBadChoiceNamesTheValuesItTakes(_ option: [String], _ message: String) throws {
        let result = try run(["report"] + option + ["sheet.csv"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrText.hasPrefix("Error: The value '\(option[1])' is invalid for \(message)\n"), "\(result)")
    }

    /// The other names of each choice, in any case, as before they were enums.
    @Test(arguments: [
        ["--encoding", "LATIN1"], ["--encoding", "cp1252"], ["--encoding", "UTF8"], ["--encoding", "iso_8859_2"],
        ["--decimal-mark", "."], ["--decimal-mark", "Dot"], ["--decimal-mark", "POINT"],
        ["--delimiter", ","], ["--delimiter", "Comma"],
        ["--volume-system", "IMPERIAL"], ["--volume-system", "US"],
        ["--format", "CSV"], ["--format", " md "], ["--format", "json,"],
    ])
    func choicesTakeTheirOtherNamesInAnyCase(_ option: [String]) throws {
        let result = try run(["report", "--no-split-dimensions"] + option + ["sheet.csv"])
        #expect(result.status == 0, "\(result)")
        let csv = option.last?.lowercased() == "csv"
        #expect(result.stderrText == "per: 2 rows read: 1 ranked in 1 list, 1 mismatched, 0 rejected\n"
                + "per: 1 row of another dimension than its list's: --split-dimensions ranks it in a list of its own, --list-from-name makes each product (its name without its size) a list\n"
                + (csv ? "per: 1 row mismatched or rejected is not in a CSV report: --rejects FILE writes them, --strict lists "
                    + "them and exits 1\n" : ""), "\(result)")
    }

    @Test func theDelimiterAndDecimalMarkByNameReadASemicolonSheet() throws {
        try Data("name;quantity;unit;price\nmilk;1;l;0,99\n".utf8).write(to: file("semi.csv"))
        for delimiter in [";", "semicolon", "SEMICOLON"] {
            for mark in [",", "comma"] {
                let result = try run(["report", "--format", "csv", "--delimiter", delimiter, "--decimal-mark", mark, "semi.csv"])
                #expect(result.stdoutText == "list,rank,name,quantity,unit,price,unit_price,per,pct_more,flags\nsemi,1,milk,1,l,0.99,0.9900,l,0.0,\n",
                        "\(result)")
            }
        }
        try Data("name\tquantity\tunit\tprice\nmilk\t1\tl\t0.99\n".utf8).write(to: file("tabs.csv"))
        for delimiter in ["tab", "\t", "\\t", "TAB"] {
            #expect(try run(["report", "--delimiter", delimiter, "tabs.csv"]).status == 0, "\(delimiter)")
        }
    }

    @Test(arguments: [
        ("2026-13-45", "there is no month 13."), ("2026-00-01", "there is no month 00."),
        ("2026-02-29", "there is no such day."), ("2026-1-1", "write the date as YYYY-MM-DD."),
        ("22.11.2026", "write the date as YYYY-MM-DD."),
    ])
    func asOfSaysWhatIsWrongWithTheDate(_ date: String, _ message: String) throws {
        let result = try run(["report", "--as-of", date, "sheet.csv"])
        #expect(result.status == 64, "\(result)")
        #expect(result.stderrText.hasPrefix("Error: --as-of \(date): \(message)\n"), "\(result)")
        #expect(try run(["report", "--as-of", "2024-02-29", "sheet.csv"]).status == 0)
    }

    @Test func aClosedPipeEndsQuietly() throws {
        var rows = "name,quantity,unit,price\n"
        for index in 0..<200_000 { rows += "item \(index),\(index % 900 + 1),g,\(index % 97 + 1).99\n" }
        try Data(rows.utf8).write(to: file("big.csv"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // `trap '' PIPE` makes per see EPIPE instead of dying of SIGPIPE: both must be quiet.
        process.arguments = ["-c", "trap '' PIPE; '\(PerProcess.binary.path)' report --format csv big.csv 2>err.txt | head -c 10 >/dev/null"]
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        #expect(try String(contentsOf: file("err.txt"), encoding: .utf8) == "")
    }

    @Test func strictExitsWith1AndNamesTheRowsButStillWritesTheReport() throws {
        try Data("name,quantity,unit,price\nmilk,1,l,0.99\ncheese,1,kg,2\nrope,1,furlong,1\n".utf8).write(to: file("bad.csv"))
        let result = try run(["report", "--strict", "--no-split-dimensions", "-o", "report.md", "--rejects", "rejects.csv", "bad.csv"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderrText == """
            per: 3 rows read: 1 ranked in 1 list, 1 mismatched, 1 rejected
            per: 1 row of another dimension than its list's: --split-dimensions ranks it in a list of its own, --list-from-name makes each product (its name without its size) a list
            per: bad.csv:3: mismatch: the list "bad" holds volume, this row mass
            per: bad.csv:4: rejected: the unit "furlong" is unknown (per units lists the known ones; --unit-alias adds one)

            """)
        #expect(try String(contentsOf: file("report.md"), encoding: .utf8).contains("| 1 | milk |"))
        #expect(try String(contentsOf: file("rejects.csv"), encoding: .utf8) == """
            name,quantity,unit,price,file,line,kind,reason
            cheese,1,kg,2,bad.csv,3,mismatch,"the list ""bad"" holds volume, this row mass"
            rope,1,furlong,1,bad.csv,4,rejected,the unit ""furlong"" is unknown (per units lists the known ones; --unit-alias adds one)

            """.replacingOccurrences(of: ",the unit \"\"furlong\"\" is", with: ",\"the unit \"\"furlong\"\" is").replacingOccurrences(of: "alias adds one)\n", with: "alias adds one)\"\n"))
        try Data("name,quantity,unit,price\nmilk,1,l,0.99\n".utf8).write(to: file("clean.csv"))
        let clean = try run(["report", "--strict", "clean.csv"])
        #expect(clean.status == 0, "\(clean)")
    }

    @Test func anInterruptedRunLeavesThePreviousReportAndNoTemporaryFile() throws {
        var rows = "name,quantity,unit,price\n"
        for index in 0..<300_000 { rows += "item \(index),\(index % 900 + 1),g,\(index % 97 + 1).99\n" }
        try Data(rows.utf8).write(to: file("big.csv"))
        try Data("previous report\n".utf8).write(to: file("report.csv"))
        let process = Process()
        process.executableURL = PerProcess.binary
        process.arguments = ["report", "--format", "csv", "-o", "report.csv", "big.csv"]
        process.currentDirectoryURL = directory
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the report is being written, then interrupt.
        let deadline = Date().addingTimeInterval(60)
        var sawTemporary = false
        while process.isRunning && Date() < deadline {
            if try FileManager.default.contentsOfDirectory(atPath: directory.path).contains(where: { $0.contains(".tmp-") }) {
                sawTemporary = true
                kill(process.processIdentifier, SIGTERM)  // SIGINT may be ignored by the test runner
                break
            }
            usleep(1000)
        }
        process.waitUntilExit()
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
        #expect(sawTemporary, "the run ended before its temporary file was seen")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try String(contentsOf: file("report.csv"), encoding: .utf8) == "previous report\n")
    }

    @Test func unitsListsTheTableWithTheUsersAliases() throws {
        let result = try run(["units", "--volume-system", "imperial", "--unit-alias", "bag=each"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("imp gal"))
        #expect(result.stdoutText.contains("4546.09 ml"))
        #expect(result.stdoutText.contains(", bag"))
        #expect(result.stdoutText.contains("are imperial units"))
    }

    /// `--stated-per` gives bare stated figures their basis; without the stated column it is
    /// refused, as `--stated-per-column` is.
    @Test func statedFiguresTakeTheStatedPer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-stated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("name,quantity,price,shop\nPate,135g,1.49,1.10\nHam,100g,2.00,2.50\n".utf8).write(to: directory.appendingPathComponent("s.csv"))
        let per100 = try PerProcess.run(["report", "--stated-unit-price", "shop", "--stated-per", "100g", "--format", "csv", "s.csv"], in: directory)
        #expect(per100.status == 0, "\(per100)")
        #expect(per100.stdoutText.contains("Pate,135,g,1.49,11.037037037037,kg,0.0,,1.10,100 g,true\n"), "\(per100)")
        #expect(per100.stdoutText.contains("Ham,100,g,2.00,20.0000,kg,81.2,stated_unit_price_disagrees,2.50,100 g,false\n"), "\(per100)")
        let refused = try PerProcess.run(["report", "--stated-per-column", "shop", "s.csv"], in: directory)
        #expect(refused.status == 64 && refused.stderrText.contains("needs --stated-unit-price"), "\(refused)")
    }

    /// Standard input redirected from a file is that file: `-o` naming it is refused (74), as
    /// for a named input, and the file keeps its rows.
    @Test func aReportNeverReplacesTheFileBehindStandardInput() throws {
        let sheet = directory.appendingPathComponent("prices.csv")
        let rows = Data("name,quantity,unit,price\nmilk,1,l,1\nbad,x,l,1\n".utf8)
        try rows.write(to: sheet)
        let result = try PerProcess.run(["report", "--format", "csv", "-", "-o", "prices.csv"], in: directory, stdinFile: sheet)
        #expect(result.status == 74, "\(result)")
        #expect(result.stderrText.contains("prices.csv: is the input read as standard input; a report never overwrites an input"), "\(result)")
        #expect(try Data(contentsOf: sheet) == rows)
        let rejects = try PerProcess.run(["report", "-", "-o", "r.md", "--rejects", "prices.csv"], in: directory, stdinFile: sheet)
        #expect(rejects.status == 74, "\(rejects)")
        #expect(try Data(contentsOf: sheet) == rows)
    }

    /// `--files-from` reads more file names, one per line, after the arguments: the same
    /// report as naming them; from standard input too, which then cannot also be an input.
    @Test func filesFromAListReadLikeArguments() throws {
        for name in ["a", "b", "c"] {
            try Data("name,quantity,unit,price\n\(name) milk,1,l,1\n".utf8).write(to: directory.appendingPathComponent("\(name).csv"))
        }
        try Data("b.csv\n\nc.csv\r\n".utf8).write(to: directory.appendingPathComponent("list.txt"))
        let named = try run(["report", "--format", "csv", "a.csv", "b.csv", "c.csv"])
        let listed = try run(["report", "--format", "csv", "a.csv", "--files-from", "list.txt"])
        #expect(listed.status == 0 && listed.stdout == named.stdout, "\(listed)")
        let fromStdin = try run(["report", "--format", "csv", "a.csv", "--files-from", "-"], stdin: Data("b.csv\nc.csv\n".utf8))
        #expect(fromStdin.stdout == named.stdout, "\(fromStdin)")
        let twice = try run(["report", "-", "--files-from", "-"], stdin: Data("b.csv\n".utf8))
        #expect(twice.status == 64, "\(twice)")
    }

    /// Notes about files and inputs that fail are said for the first 20, then counted: a run
    /// over thousands of files stays a short cron mail.
    @Test func notesAndFailedInputsOnStandardErrorStopAfter20() throws {
        let names = (1...25).map { String(format: "f%02d.csv", $0) }
        for name in names { try Data("list,name,quantity,unit,price\nL,\(name),1,kg,1\n".utf8).write(to: file(name)) }
        let notes = try run(["report", "--key", "id", "-o", "report.md"] + names)
        #expect(notes.status == 0, "\(notes)")
        let noteLines = notes.stderrText.split(separator: "\n")
        #expect(noteLines.count == 22, "\(notes)")
        #expect(noteLines[19].hasPrefix("per: f20.csv: has no column \"id\" (--key)"), "\(notes)")
        #expect(noteLines[20] == "per: … and 5 more notes", "\(notes)")

        let empty = (1...25).map { String(format: "e%02d.csv", $0) }
        for name in empty { try Data().write(to: file(name)) }
        let failed = try run(["report", "-o", "report.md"] + empty)
        #expect(failed.status == 65, "\(failed)")
        let failedLines = failed.stderrText.split(separator: "\n")
        #expect(failedLines.count == 22, "\(failed)")
        #expect(failedLines[19].hasPrefix("per: e20.csv"), "\(failed)")
        #expect(failedLines[20] == "per: … and 5 more inputs with problems", "\(failed)")
        #expect(failedLines[21] == "per: no report written: 25 inputs have problems", "\(failed)")
    }

    /// Past 256 files named as arguments, the names are read around the parser (linear time):
    /// options between them, before and after, mean the same; the report is the one named
    /// through `--files-from`.
    @Test func manyFilesNamedAsArgumentsReadLikeAList() throws {
        var names: [String] = []
        for index in 0..<300 {
            let name = "m\(index).csv"
            try Data("name,quantity,unit,price\nmilk \(index),1,l,\(index + 1)\n".utf8).write(to: directory.appendingPathComponent(name))
            names.append(name)
        }
        try Data(names.joined(separator: "\n").utf8).write(to: directory.appendingPathComponent("names.txt"))
        let listed = try run(["report", "--format", "csv", "--files-from", "names.txt"])
        let named = try run(["report"] + Array(names[..<100]) + ["--format", "csv"] + Array(names[100...]) + ["--per", "100ml"])
        let listedPer = try run(["report", "--format", "csv", "--per", "100ml", "--files-from", "names.txt"])
        #expect(listed.status == 0 && named.status == 0, "\(named)")
        #expect(named.stdout == listedPer.stdout)
        #expect(named.stdout != listed.stdout)  // --per after the files counts
        let unknown = try run(["report"] + names + ["--formt", "csv"])
        #expect(unknown.status == 64 && unknown.stderrText.contains("--formt"), "\(unknown)")
    }

    @Test func standardInputIsAListNamedStdin() throws {
        let result = try run(["report", "--format", "csv", "-"], stdin: Data("name,quantity,unit,price\nmilk,1,l,1\n".utf8))
        #expect(result.stdoutText == "list,rank,name,quantity,unit,price,unit_price,per,pct_more,flags\nstdin,1,milk,1,l,1,1.0000,l,0.0,\n")
    }

    func shell(_ script: String) throws -> PerProcess.Result {
        try PerProcess.shell(script, in: directory)
    }

    @Test func pathsThatAreNoUTF8AreReadAndWrittenAsGivenAndShownEscaped() throws {
        let made = try shell(#"cp sheet.csv "$(printf 'caf\351.csv')" && printf 'caf\351.csv\n' > list.txt"#)
        #expect(made.status == 0, "\(made)")
        let report = try shell(#""$PER" report --no-split-dimensions --format json "$(printf 'caf\351.csv')" -o "$(printf 'rep\351.json')""#)
        #expect(report.status == 0, "\(report)")
        // The file asked for, no other; the report names its input as messages do.
        let written = try shell(#"test -f "$(printf 'rep\351.json')" && ls | grep -c '^rep' && grep -c '"file": "caf\\\\xE9.csv"' "$(printf 'rep\351.json')""#)
        #expect(written.stdoutText == "1\n2\n", "\(written)")
        let listed = try shell(#""$PER" report --quiet --files-from list.txt -o listed.md && head -1 listed.md"#)
        #expect(listed.status == 0 && listed.stdoutText == "# Unit prices\n", "\(listed)")
        let missing = try shell(#""$PER" report "$(printf 'nope\351.csv')""#)
        #expect(missing.status == 66)
        #expect(missing.stderrText.hasPrefix("per: nope\\xE9.csv: cannot open the file: No such file or directory\n"), "\(missing)")
    }

    @Test func aClosedStandardOutputIsSaidAndNoFileTakesItsPlace() throws {
        let closed = try shell(#""$PER" report sheet.csv >&-"#)
        #expect(closed.status == 74, "\(closed)")
        #expect(closed.stderrText.contains("per: standard output is closed, so the report has nowhere to go: write it to a file with -o FILE\n"), "\(closed)")
        #expect(try String(contentsOf: file("sheet.csv"), encoding: .utf8).hasPrefix("name,quantity"))
        let toFile = try shell(#""$PER" report sheet.csv -o report.md >&-"#)
        #expect(toFile.status == 0, "\(toFile)")
        #expect(try String(contentsOf: file("report.md"), encoding: .utf8).hasPrefix("# Unit prices"))
    }

    @Test func aReportAndItsRejectsAreWrittenBothOrNeither() throws {
        try Data("previous report\n".utf8).write(to: file("report.md"))
        try Data("name,quantity,unit,price\nmilk,1,l,0.99\nbad,1,furlong,1\n".utf8).write(to: file("bad.csv"))
        let result = try run(["report", "-o", "report.md", "--rejects", "no-such-directory/rejects.csv", "bad.csv"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderrText.hasPrefix("per: no-such-directory/rejects.csv: cannot create the report: No such file or directory\n"), "\(result)")
        #expect(try String(contentsOf: file("report.md"), encoding: .utf8) == "previous report\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    @Test func theOutputDirectoryIsCreatedAndAFileInItsWayIsSaid() throws {
        let result = try run(["report", "--format", "csv,json", "--output-dir", "reports/2026/week-47", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file("reports/2026/week-47").path).sorted() == ["report.csv", "report.json"])
        let blocked = try run(["report", "--output-dir", "sheet.csv/reports", "sheet.csv"])
        #expect(blocked.status == 74, "\(blocked)")
        #expect(blocked.stderrText.hasPrefix("per: sheet.csv/reports: cannot create the directory for the reports: Not a directory\n"), "\(blocked)")
    }

    /// HTML is one of the formats wherever they are listed: the -o file's extension, and every
    /// format that --output-dir writes by default.
    @Test func htmlIsChosenByExtensionAndWrittenByTheOutputDirectory() throws {
        #expect(try run(["report", "-o", "report.html", "sheet.csv"]).status == 0)
        #expect(try String(contentsOf: file("report.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>\n"))
        let all = try run(["report", "--output-dir", "all", "sheet.csv"])
        #expect(all.status == 0, "\(all)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: file("all").path).sorted()
                == ["report.csv", "report.html", "report.json", "report.md"])
        #expect(try String(contentsOf: file("all/report.html"), encoding: .utf8).hasSuffix("</html>\n"))
    }

    @Test func anOutputNameOfTheLongestLengthIsWritten() throws {
        let name = String(repeating: "r", count: 247) + ".md"
        let result = try run(["report", "-o", name, "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(try String(contentsOf: file(name), encoding: .utf8).hasPrefix("# Unit prices"))
    }
    /// Standard input redirected from a file also named is that file twice (`per report f.csv -
    /// < f.csv`): refused with 64, as `/dev/stdin` in its place is. (Before: its rows counted twice.)
    @Test func standardInputRedirectedFromANamedFileIsThatFileTwice() throws {
        let twice = try PerProcess.run(["report", "--format", "csv", "sheet.csv", "-"], in: directory, stdinFile: file("sheet.csv"))
        #expect(twice.status == 64, "\(twice)")
        #expect(twice.stderrText.contains("sheet.csv and - are the same file"), "\(twice)")
        try Data("name,quantity,unit,price\nmilk,1,l,0.89\n".utf8).write(to: file("other.csv"))
        let other = try PerProcess.run(["report", "--format", "csv", "sheet.csv", "-"], in: directory, stdinFile: file("other.csv"))
        #expect(other.status == 0, "\(other)")
    }

    /// A file whose letters come after its first 64 KiB of ASCII reads one way whether it is
    /// named or given on standard input (a pipe): both are decided on its first 4 MiB. (Before:
    /// Windows-1252 from the file, UTF-8 from the pipe, its two rows of letters rejected.)
    @Test func aFilesEncodingIsTheSameOnStandardInput() throws {
        var text = Array("name,quantity,unit,price\n".utf8)
        for index in 0..<4000 { text += Array("Article \(index),1,l,1.\(index % 90 + 10)\n".utf8) }
        text += Array("Caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me,1,l,2.00\n".utf8)
        text += Array("P".utf8) + [0xE2] + Array("t".utf8) + [0xE9] + Array(",500,g,3.00\n".utf8)
        #expect(text.count > 64 << 10)
        try Data(text).write(to: file("late.csv"))
        let named = try run(["report", "--format", "csv", "late.csv"])
        let piped = try run(["report", "--format", "csv", "-"], stdin: Data(text))
        for result in [named, piped] {
            #expect(result.status == 0, "\(result)")
            #expect(result.stderrText.contains("read as windows-1252 (its bytes are not UTF-8)"), "\(result)")
            #expect(result.stderrText.contains("4002 rows read: 4002 ranked"), "\(result)")
            #expect(result.stdoutText.contains("Café crème,1,l,2.00"), "\(result)")
        }
    }
}
