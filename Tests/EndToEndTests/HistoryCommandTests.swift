import Foundation
import Testing

/// The command line around `per history`: dating snapshots, a report kept in git, windows and
/// filters, and how bad inputs fail.
@Suite struct HistoryCommandTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ rows: String) throws {
        try Data(("list,name,quantity,unit,price\n" + rows).utf8).write(to: directory.appendingPathComponent(name))
    }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(["history"] + arguments, in: directory)
    }

    /// Whether git runs here; a test that needs it records why it cannot run when not.
    func gitIsInstalled() -> Bool {
        if (try? PerProcess.shell("git --version", in: directory))?.status == 0 { return true }
        Issue.record("git is not installed: the --git tests cannot run")
        return false
    }

    /// The date column headers of a CSV history.
    func dates(_ result: PerProcess.Result) -> [String] {
        let header = result.stdoutText.split(separator: "\n").first.map(String.init) ?? ""
        return header.split(separator: ",").map(String.init).filter { $0.first == "2" }
    }

    /// A list of rows of two dimensions whose rows were reordered between weeks ranks another
    /// dimension: the history stops, naming --split-dimensions, which then follows it. (Before:
    /// "rank every snapshot with the same --per", which fails again.)
    @Test func aListWhoseDimensionFlipsNamesSplitDimensions() throws {
        try write("w-2026-01-04.csv", "Milk,Whole,1,l,1.00\nMilk,Powder,500,g,3.00\n")
        try write("w-2026-01-11.csv", "Milk,Powder,500,g,3.10\nMilk,Whole,1,l,1.00\n")
        let flipped = try run(["w-2026-01-04.csv", "w-2026-01-11.csv"])
        #expect(flipped.status == 65, "\(flipped)")
        #expect(flipped.stderrText.contains("per: w-2026-01-11.csv (2026-01-11): list \"Milk\" is priced per kg (mass), and per l (volume) "
                                            + "since 2026-01-04: it holds rows of both, and its first row decides which it ranks; "
                                            + "--split-dimensions ranks each as a list of its own in every snapshot "
                                            + "(\"Milk (volume)\", \"Milk (mass)\"; a JSON report must be written with it)\n"), "\(flipped)")
        #expect(!flipped.stderrText.contains("same --per"), "\(flipped)")
        let split = try run(["--split-dimensions", "--format", "csv", "w-2026-01-04.csv", "w-2026-01-11.csv"])
        #expect(split.status == 0, "\(split)")
        #expect(split.stdoutText.contains("Milk (mass),Powder,500 g,"), "\(split)")
    }

    @Test func snapshotsAreDatedByNameOrByDatesAndWindowed() throws {
        try write("w-2026-01-04.csv", "L,Rice,1,kg,2.00\n")
        try write("w-2026-01-11.csv", "L,Rice,1,kg,2.20\n")
        try write("w-2026-01-18.csv", "L,Rice,1,kg,2.10\n")
        let all = try run(["--format", "csv", "w-2026-01-04.csv", "w-2026-01-11.csv", "w-2026-01-18.csv"])
        #expect(all.status == 0 && dates(all) == ["2026-01-04", "2026-01-11", "2026-01-18"], "\(all)")
        #expect(all.stdoutText.contains(",2.0000,2.2000,2.1000\n"), "\(all)")
        let window = try run(["--format", "csv", "--since", "2026-01-05", "--until", "2026-01-18", "w-2026-01-04.csv", "w-2026-01-11.csv", "w-2026-01-18.csv"])
        #expect(dates(window) == ["2026-01-11", "2026-01-18"], "\(window)")
        let given = try run(["--format", "csv", "--dates", "2025-12-01,2025-12-08", "w-2026-01-04.csv", "w-2026-01-11.csv"])
        #expect(dates(given) == ["2025-12-01", "2025-12-08"], "\(given)")
        let miscounted = try run(["--dates", "2025-12-01", "w-2026-01-04.csv", "w-2026-01-11.csv"])
        #expect(miscounted.status == 64 && miscounted.stderrText.contains("--dates gives 1 date for 2 snapshots"), "\(miscounted)")
    }

    @Test func undatedAndUnorderedSnapshotsAreRefusedWithTheFileNamed() throws {
        try write("a.csv", "L,Rice,1,kg,2.00\n")
        try write("w-2026-01-11.csv", "L,Rice,1,kg,2.20\n")
        try write("w-2026-01-04.csv", "L,Rice,1,kg,2.00\n")
        let undated = try run(["a.csv"])
        #expect(undated.status == 65, "\(undated)")
        #expect(undated.stderrText.contains("per: a.csv: has no date: put one in its name"), "\(undated)")
        let unordered = try run(["w-2026-01-11.csv", "w-2026-01-04.csv"])
        #expect(unordered.status == 65, "\(unordered)")
        #expect(unordered.stderrText.contains("w-2026-01-04.csv is dated 2026-01-04, before w-2026-01-11.csv (2026-01-11), which came first: give the snapshots oldest first"), "\(unordered)")
        #expect(unordered.stdout.isEmpty)
    }

    /// A JSON report kept in git: each day's last commit is a snapshot, dated by its day.
    @Test func aReportKeptInGitIsReadVersionByVersion() throws {
        guard gitIsInstalled() else { return }
        let script = """
            set -e
            git init -q repo && cd repo
            git config user.email t@example.com && git config user.name t
            week() { printf 'list,name,quantity,unit,price\\nL,Rice,1,kg,%s\\n' "$2" > /tmp/per-history-$$.csv
                     per report --quiet --format json -o prices.json /tmp/per-history-$$.csv
                     git add prices.json && GIT_COMMITTER_DATE="$1T12:00:00Z" GIT_AUTHOR_DATE="$1T12:00:00Z" git commit -qm "$1"; }
            week 2026-01-04 2.00
            week 2026-01-11 9.99
            week 2026-01-11 2.20
            week 2026-01-18 2.10
            rm -f /tmp/per-history-$$.csv
            per history --git --format csv prices.json
            """
        let result = try PerProcess.shell(script, in: directory)
        #expect(result.status == 0, "\(result)")
        #expect(dates(result) == ["2026-01-04", "2026-01-11", "2026-01-18"], "\(result)")
        #expect(result.stdoutText.contains(",2.0000,2.2000,2.1000\n"), "\(result)")
        let outside = try PerProcess.shell("per history --git \(directory.path)/nowhere.json", in: URL(fileURLWithPath: "/"))
        #expect(outside.status == 66 && outside.stderrText.contains("git"), "\(outside)")
        // Without git on PATH, per says so, and what to do instead.
        let noGit = try PerProcess.run(["history", "--git", "repo/prices.json"], in: directory, environment: ["PATH": directory.path])
        #expect(noGit.status == 66, "\(noGit)")
        #expect(noGit.stderrText == "per: --git needs git, which is not installed here: install it, or check out each version and give them as files\n",
                "\(noGit)")
    }

    /// A sheet's committed versions are read from temporary copies, but messages name the file
    /// and the commit.
    @Test func aSheetsVersionsAreNamedByFileAndCommit() throws {
        guard gitIsInstalled() else { return }
        let script = """
            set -e
            git init -q . && git config user.email t@example.com && git config user.name t
            printf 'list,name,quantity,unit,price\\nL,Rice,1,kg,2.00\\nL,Oat,1,furlong,1.00\\n' > prices.csv
            git add prices.csv && GIT_COMMITTER_DATE=2026-01-04T12:00:00Z git commit -qm one
            per history --git --strict --format csv prices.csv || echo "status $?"
            git log --format=%h -n 1 --abbrev=12
            """
        let result = try PerProcess.shell(script, in: directory)
        let commit = result.stdoutText.split(separator: "\n").last.map(String.init) ?? "?"
        #expect(result.stdoutText.contains("status 1"), "\(result)")
        #expect(result.stderrText.contains("per: prices.csv@\(commit):3: rejected: the unit \"furlong\" is unknown"), "\(result)")
        #expect(!result.stderrText.contains("/tmp/"), "\(result)")
    }

    @Test func productsAreFilteredByNameOrChange() throws {
        try write("w-2026-01-04.csv", "L,Green Tea,100,g,3.00\nL,Rice,1,kg,2.00\n")
        try write("w-2026-01-11.csv", "L,Green Tea,100,g,3.00\nL,Rice,1,kg,2.20\n")
        let tea = try run(["--format", "csv", "--product", "tea", "w-2026-01-04.csv", "w-2026-01-11.csv"])
        #expect(tea.stdoutText.split(separator: "\n").count == 2 && tea.stdoutText.contains("L,Green Tea,"), "\(tea)")
        let changed = try run(["--changed", "w-2026-01-04.csv", "w-2026-01-11.csv"])
        #expect(changed.stdoutText.contains("| Rice |") && !changed.stdoutText.contains("Green Tea"), "\(changed)")
        #expect(changed.stderrText == "per: 4 product rows in 2 snapshots followed as 2 products; 1 shown: 1 changed price or size, 0 resized\n",
                "\(changed)")
    }

    /// A year of weekly JSON reports (the cron line's) makes the same history as the sheets
    /// they were written from: the real year's golden CSV.
    @Test func aYearOfReportsMakesTheHistoryOfItsSheets() throws {
        let golden = GoldenCase(name: "real-at-heissepreise-year")
        let script = """
            set -e
            mkdir reports
            for sheet in \(golden.directory.path)/weeks/*.csv; do
              day=$(basename "$sheet" .csv); day=${day#bio-}
              per report --quiet --key id --column list=store --split-dimensions --as-of "$day" --format json -o "reports/$day-prices.json" "$sheet"
            done
            mv reports/2022-06-26-prices.json reports/first.json
            per history --quiet --format csv -o history.csv reports/first.json $(ls reports/2*.json)
            cat history.csv
            """
        let result = try PerProcess.shell(script, in: directory)
        #expect(result.status == 0, "\(result)")
        let expected = String(decoding: golden.read("expected.csv") ?? Data(), as: UTF8.self)
        #expect(result.stdoutText == expected, "\(result)")
    }

    /// Commits whose committers' days are not in order, and a file deleted and added again.
    @Test func gitHistoriesWithZonesAndDeletionsAreRead() throws {
        guard gitIsInstalled() else { return }
        let script = """
            set -e
            git init -q . && git config user.email t@example.com && git config user.name t
            week() { printf 'list,name,quantity,unit,price\\nL,Rice,1,kg,%s\\n' "$2" > prices.csv
                     git add prices.csv && GIT_COMMITTER_DATE="$1" git commit -qm "$1"; }
            week 2026-01-05T01:00:00+02:00 2.00
            week 2026-01-04T23:30:00+00:00 2.10
            week 2026-01-05T09:00:00+02:00 2.20
            git rm -q prices.csv && GIT_COMMITTER_DATE=2026-01-06T12:00:00Z git commit -qm gone
            week 2026-01-07T12:00:00Z 2.30
            per history --git --format csv prices.csv
            """
        let result = try PerProcess.shell(script, in: directory)
        #expect(result.status == 0, "\(result)")
        #expect(dates(result) == ["2026-01-04", "2026-01-05", "2026-01-07"], "\(result)")
        #expect(result.stdoutText.contains(",2.1000,2.2000,2.3000\n"), "\(result)")
    }

    @Test func filtersAndWindowsThatMatchNothingSaySo() throws {
        try write("w-2026-01-04.csv", "Coffee,Beans,1,kg,9.00\n")
        try write("w-2026-01-11.csv", "Coffee,Beans,1,kg,9.50\n")
        let files = ["w-2026-01-04.csv", "w-2026-01-11.csv"]
        let list = try run(["--list", "milk"] + files)
        #expect(list.status == 0 && list.stderrText.contains("per: no list is named \"milk\" (--list); the lists are: Coffee"), "\(list)")
        let folded = try run(["--format", "csv", "--list", "coffee"] + files)
        #expect(folded.stdoutText.contains("Coffee,Beans,"), "\(folded)")
        let window = try run(["--since", "2026-02-01"] + files)
        #expect(window.status == 65 && window.stderrText.contains("no snapshot is dated within --since 2026-02-01"), "\(window)")
        let reversed = try run(["--since", "2026-02-01", "--until", "2026-01-01"] + files)
        #expect(reversed.status == 64, "\(reversed)")
        try Data("# Unit prices\n".utf8).write(to: directory.appendingPathComponent("r-2026-01-18.md"))
        let markdown = try run(files + ["r-2026-01-18.md"])
        #expect(markdown.status == 65 && markdown.stderrText.contains("r-2026-01-18.md: a Markdown report is for reading"), "\(markdown)")
    }

    /// One list read with and without --split-dimensions is two lists: said.
    @Test func oneListUnderTwoNamesIsSaid() throws {
        try write("w-2026-01-04.csv", "Coffee,Beans,1,kg,9.00\n")
        try write("w-2026-01-11.csv", "Coffee,Beans,1,kg,9.50\n")
        let result = try PerProcess.shell("""
            per report --quiet --split-dimensions --as-of 2026-01-04 --format json -o a.json w-2026-01-04.csv
            per history -o h.md a.json w-2026-01-11.csv
            """, in: directory)
        #expect(result.stderrText.contains("list \"Coffee (mass)\" is in the snapshots until 2026-01-04 and \"Coffee\" from 2026-01-11: read with and without --split-dimensions?"),
                "\(result)")
    }

    /// Issue 31: a JSON report is known by its content whatever its name, and dated by its
    /// `as_of`. (Before: a report saved as `.txt` "has no date".)
    @Test func aReportNotNamedJSONIsDatedByItsAsOf() throws {
        try write("w-2026-01-04.csv", "Coffee,Beans,1,kg,9.00\n")
        try write("w-2026-01-11.csv", "Coffee,Beans,1,kg,9.50\n")
        let result = try PerProcess.shell("""
            per report --quiet --as-of 2026-01-04 --format json -o last-week.json w-2026-01-04.csv
            mv last-week.json last-week.txt
            per history --format csv last-week.txt w-2026-01-11.csv
            """, in: directory)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutText.contains("2026-01-04") && result.stdoutText.contains("5.6"), "\(result.stdoutText)")
    }
}
