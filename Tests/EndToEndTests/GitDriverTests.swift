import Foundation
import Testing

/// Issue 45: per as git's diff driver (`per diff --git-driver`) and textconv (`per textconv`),
/// set up by the README's two lines, in temporary git repositories.
@Suite struct GitDriverTests {
    let directory: URL
    /// A git of its own: no user or system config, an author for commits.
    let git = ["GIT_AUTHOR_NAME": "cron", "GIT_AUTHOR_EMAIL": "cron@example.com", "GIT_COMMITTER_NAME": "cron",
               "GIT_COMMITTER_EMAIL": "cron@example.com", "GIT_CONFIG_NOSYSTEM": "1", "GIT_PAGER": "cat"]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-git-driver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// Runs `script` in the repository; a status other than 0 fails the test.
    @discardableResult
    func sh(_ script: String) throws -> String {
        let result = try PerProcess.shell(script, in: directory, environment: git.merging(["HOME": directory.path]) { $1 })
        #expect(result.status == 0, "\(result)")
        return result.stdoutText + result.stderrText
    }

    static var readme: String {
        get throws { try String(contentsOf: GoldenCase.fixtures.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8) }
    }

    /// The README's two set-up lines (the indented lines after its crontab line that write
    /// .gitattributes and the git config), and its crontab line's command as cron runs it.
    static func readmeLines(in directory: URL) throws -> (setup: [String], cron: String) {
        let lines = try readme.split(separator: "\n").map(String.init)
        let setup = lines.filter { $0.hasPrefix("    printf '%s\\n'") || $0.hasPrefix("    git config diff.per.command") }
            .map { String($0.dropFirst(4)) }
        let entry = try #require(lines.first { $0.hasPrefix("    0 6 * * 1  cd /srv/prices") })
        let cron = entry.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)[5]
            .replacingOccurrences(of: "\\%", with: "%").replacingOccurrences(of: "/srv/prices", with: directory.path)
        return (setup, cron)
    }

    /// A diff without its `index` lines (blob hashes, which any change to a report's bytes
    /// changes), after checking that each path's diff has one.
    static func withoutIndex(_ diff: String) throws -> String {
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("index ") }.count == lines.filter { $0.hasPrefix("diff --per ") }.count, "\(diff)")
        return lines.filter { !$0.hasPrefix("index ") }.joined(separator: "\n")
    }

    /// The changed lines of a diff (`+` and `-`, not the file names).
    static func changed(_ diff: String) -> [String] {
        diff.split(separator: "\n").map(String.init)
            .filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
    }

    static let week1 = [
        "Coffee,House Blend,500,g,8.99", "Coffee,Dark Roast,1,kg,17.98", "Coffee,Espresso,250,g,4.79",
        "Milk,Whole,1,l,1.19", "Milk,Organic,946,ml,2.19", "Eggs,Large,1,dozen,3.60", "Rice,Basmati,2,lb,3.49",
    ]

    /// The README's set-up and crontab lines over four weeks after the first: a quiet week (no
    /// commit), a price change, a new product and a resized one, each shown by `git diff
    /// HEAD~1` as per diff says it, and by the textconv as the lines of the products changed.
    @Test func theREADMEsSetUpShowsFourWeeksAsPerDiffSaysThem() throws {
        let (setup, cron) = try Self.readmeLines(in: directory)
        #expect(setup.count == 2, "the README's two set-up lines: \(setup)")
        try FileManager.default.createDirectory(at: file("exports"), withIntermediateDirectories: true)
        try sh("git init -q")
        for line in setup { try sh(line) }
        func week(_ rows: [String]) throws -> String {
            try Data(("list,name,quantity,unit,price\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: file("exports/shop.csv"))
            let run = try PerProcess.shell(cron, in: directory, environment: git.merging(["HOME": directory.path]) { $1 })
            #expect(run.status == 0 && run.stdout.isEmpty && run.stderr.isEmpty, "\(run)")
            return try sh("git rev-list --count HEAD")
        }
        #expect(try week(Self.week1) == "1\n")
        // A quiet week: nothing to commit, so nothing for git diff.
        #expect(try week(Self.week1) == "1\n")

        var rows = Self.week1
        rows[2] = "Coffee,Espresso,250,g,5.29"
        #expect(try week(rows) == "2\n")
        let rose = try Self.withoutIndex(try sh("git diff HEAD~1 -- reports/report.json"))
        #expect(rose == """
            diff --per a/reports/report.json b/reports/report.json
            # Price changes

            ## Coffee (mass)

            | Product | Size | Status | Old per kg | New per kg | Change | Rank |
            |:---|---:|:---|---:|---:|---:|:---|
            | Espresso | 250 g | rose | 19.16 | 21.16 | +10.4% | 3 |

            ## Summary

            1 rose, 0 fell, 0 new, 0 gone, 0 moved in 1 list.

            """, "\(rose)")
        // The textconv: git log -p without --ext-diff, and the CSV report alike.
        for report in ["reports/report.json", "reports/report.csv"] {
            let lines = Self.changed(try sh("git log -p -1 --format= -- \(report)"))
            #expect(lines == [
                "-Coffee (mass) | Espresso | 250 g | 4.79 | 19.1600 per kg", "+Coffee (mass) | Espresso | 250 g | 5.29 | 21.1600 per kg",
            ], "\(report): \(lines)")
        }

        rows.append("Milk,Oat,1,l,1.99")
        #expect(try week(rows) == "3\n")
        let new = try sh("git diff HEAD~1 -- reports/report.csv")
        #expect(new.hasPrefix("diff --per a/reports/report.csv b/reports/report.csv\n"), "\(new)")
        #expect(new.contains("| Oat | 1 l | new |  | 1.99 |  | 2 |"), "\(new)")
        #expect(new.contains("0 rose, 0 fell, 1 new, 0 gone, 0 moved in 1 list."), "\(new)")
        let added = Self.changed(try sh("git show --format= HEAD -- reports/report.json"))
        #expect(added == ["+Milk (volume) | Oat | 1 l | 1.99 | 1.9900 per l"], "\(added)")

        rows[6] = "Rice,Basmati,1.5,lb,3.49"
        #expect(try week(rows) == "4\n")
        let resized = try sh("git show --ext-diff --format= HEAD -- reports/report.json")
        #expect(resized.contains("| Basmati | 1.5 lb | quantity went from 2 lb to 1.5 lb; unit price +33.3% | 3.85 | 5.13 | +33.3% | 1 |"), "\(resized)")
        #expect(!resized.contains("Coffee") && !resized.contains("Milk"), "\(resized)")
        let resizedLines = Self.changed(try sh("git log -p -1 --format= -- reports/report.json"))
        #expect(resizedLines == [
            "-Rice (mass) | Basmati | 2 lb | 3.49 | 3.847066475126 per kg", "+Rice (mass) | Basmati | 1.5 lb | 3.49 | 5.129421966835 per kg",
        ], "\(resizedLines)")
        // The files' own lines, when asked.
        let raw = try sh("git show --no-ext-diff --no-textconv --format= HEAD -- reports/report.json")
        #expect(raw.contains("\"quantity\": 1.5"), "\(raw)")
    }

    /// The issue's measure: one price among 300 products, a new best value that renumbers the
    /// ranks and percentages of its list. git's own diff of report.json is hundreds of lines;
    /// with the driver, `git diff HEAD~1` names that product and no other, and the textconv's
    /// diff is one line out and one in.
    @Test func onePriceAmongThreeHundredIsAFewLinesOfGitDiff() throws {
        try sh("git init -q")
        for line in try Self.readmeLines(in: directory).setup { try sh(line) }
        func sheet(_ cheap: Bool) -> String {
            "list,name,quantity,unit,price\n" + (0..<300).map { index in
                "Groceries,item \(index),1,kg,\(index == 150 && cheap ? "5.00" : "\(10 + index).00")"
            }.joined(separator: "\n") + "\n"
        }
        try Data(sheet(false).utf8).write(to: file("prices.csv"))
        try sh("per report --quiet --output-dir reports prices.csv && git add -A && git commit -qm 1")
        try Data(sheet(true).utf8).write(to: file("prices.csv"))
        try sh("per report --quiet --output-dir reports prices.csv && git add -A && git commit -qm 2")

        let raw = Self.changed(try sh("git diff --no-ext-diff --no-textconv HEAD~1 -- reports/report.json"))
        #expect(raw.count > 900, "git's own diff: \(raw.count) lines")
        let driver = try sh("git diff HEAD~1 -- reports/report.json")
        #expect(driver.split(separator: "\n").count <= 16, "\(driver)")
        #expect(driver.contains("| item 150 | 1 kg | fell, now best value | 160.00 | 5.00 | -96.9% | 151 → 1 |"), "\(driver)")
        let products = driver.split(separator: "\n").filter { $0.hasPrefix("| item") }
        #expect(products.count == 2 && products[0].hasPrefix("| item 0 |"), "the old best value, which lost it, and item 150: \(driver)")
        #expect(Self.changed(try sh("git diff --no-ext-diff HEAD~1 -- reports/report.json")) == [
            "-Groceries | item 150 | 1 kg | 160.00 | 160.0000 per kg", "+Groceries | item 150 | 1 kg | 5.00 | 5.0000 per kg",
        ])
    }

    /// A path per cannot read does not stop git diff: a line says why, then the line diff; and
    /// a file added or deleted is every product new, or gone. Status 0 each time.
    @Test func aPathPerCannotReadGetsALineAndTheLineDiff() throws {
        try sh("git init -q && printf '*.md diff=per\\n*.csv diff=per\\n' > .gitattributes && git config diff.per.command 'per diff --git-driver'")
        try Data("# Notes\n\nfirst\n".utf8).write(to: file("notes.md"))
        try Data("list,name,quantity,unit,price\nTea,Green,100,g,3.00\n".utf8).write(to: file("gone.csv"))
        try sh("git add -A && git commit -qm 1")
        try Data("# Notes\n\nsecond\n".utf8).write(to: file("notes.md"))
        try Data("list,name,quantity,unit,price\nTea,Black,100,g,2.00\n".utf8).write(to: file("added.csv"))
        try sh("git rm -q gone.csv && git add -A")
        let diff = try Self.withoutIndex(try sh("git diff --cached --no-renames"))
        #expect(diff == """
            diff --per a/added.csv b/added.csv
            new file
            # Price changes

            ## Tea

            Best value: none → Black.

            | Product | Size | Status | Old per kg | New per kg | Change | Rank |
            |:---|---:|:---|---:|---:|---:|:---|
            | Black | 100 g | new, now best value |  | 20.00 |  | 1 |

            ## Summary

            0 rose, 0 fell, 1 new, 0 gone, 0 moved in 1 list.
            diff --per a/gone.csv b/gone.csv
            deleted file
            # Price changes

            ## Tea

            Best value: Green → none.

            | Product | Size | Status | Old per kg | New per kg | Change | Rank |
            |:---|---:|:---|---:|---:|---:|:---|
            | Green | 100 g | gone, no longer best value | 30.00 |  |  | was 1 |

            ## Summary

            0 rose, 0 fell, 0 new, 1 gone, 0 moved in 1 list.
            diff --per a/notes.md b/notes.md
            per cannot compare this path as reports or sheets, so a line diff follows: a/notes.md: a Markdown report is for reading, not for per to read back: give the JSON report (per report --format json) or the price sheet
            --- a/notes.md
            +++ b/notes.md
            @@ -1,3 +1,3 @@
             # Notes
             
            -first
            +second

            """, "\(diff)")
    }

    /// git gives an unmerged path alone; anything but 1, 7 or 9 arguments is bad usage, as are
    /// the options that would end the driver with status 1.
    @Test func theDriverTakesGitsArgumentsAndAlwaysExitsZero() throws {
        let unmerged = try PerProcess.run(["diff", "--git-driver", "reports/report.json"])
        #expect(unmerged.status == 0 && unmerged.stderr.isEmpty, "\(unmerged)")
        #expect(unmerged.stdoutText == "diff --per a/reports/report.json b/reports/report.json\nunmerged path: nothing to compare\n")
        let three = try PerProcess.run(["diff", "--git-driver", "a", "b", "c"])
        #expect(three.status == 64 && three.stderrText.contains("3 given: set it up with per git-setup"), "\(three)")
        let strict = try PerProcess.run(["diff", "--git-driver", "--strict", "p", "/dev/null", ".", ".", "/dev/null", ".", "."])
        #expect(strict.status == 64 && strict.stderrText.contains("leave out --strict"), "\(strict)")
        let plain = try PerProcess.run(["diff", "a.csv", "b.csv", "c.csv"])
        #expect(plain.status == 64 && plain.stderrText.contains("per diff compares two files, OLD and NEW; 3 given."), "\(plain)")
        let one = try PerProcess.run(["diff", "a.csv"])
        #expect(one.status == 64 && one.stderrText.contains("Missing expected argument '<new>'"), "\(one)")
    }

    /// `per git-setup --write` adds only the lines missing, sets the config, and outside a
    /// repository writes nothing and says why (74).
    @Test func gitSetupWritesItsLinesOnce() throws {
        let outside = try PerProcess.shell("GIT_CEILING_DIRECTORIES=\"$(dirname \"$PWD\")\" per git-setup --write", in: directory,
                                           environment: git.merging(["HOME": directory.path]) { $1 })
        #expect(outside.status == 74 && outside.stderrText.hasPrefix("per: git config diff.per.command failed: "), "\(outside)")
        #expect(!FileManager.default.fileExists(atPath: file(".gitattributes").path))
        try sh("git init -q && printf '*.png binary\\n' > .gitattributes")
        #expect(try sh("per git-setup --write") == "per: git config diff.per.command and diff.per.textconv set; "
                + ".gitattributes: reports/*.json diff=per, reports/*.csv diff=per\n")
        #expect(try sh("per git-setup --write --pattern 'weekly/*.json'").hasSuffix(".gitattributes: weekly/*.json diff=per\n"))
        #expect(try sh("per git-setup --write") == "per: git config diff.per.command and diff.per.textconv set; .gitattributes had its lines already\n")
        #expect(try String(contentsOf: file(".gitattributes"), encoding: .utf8)
                == "*.png binary\nreports/*.json diff=per\nreports/*.csv diff=per\nweekly/*.json diff=per\n")
        #expect(try sh("git config diff.per.command && git config diff.per.textconv") == "per diff --git-driver\nper textconv\n")
    }
}
