import Foundation
import Testing

/// The cron-and-git workflow: a report per week committed to git, `git diff` showing only what
/// changed, `per diff` naming each change, and quiet runs.
@Suite struct WeeklyWorkflowTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-weekly-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("reports"), withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    @discardableResult
    func shell(_ command: String) throws -> String {
        let result = try PerProcess.shell(command, in: directory)
        #expect(result.status == 0, "\(result)")
        return result.stdoutText + result.stderrText
    }

    static let week1 = [
        "Coffee,House Blend,500,g,8.99", "Coffee,Dark Roast,1,kg,17.98", "Coffee,Espresso,250,g,4.79",
        "Milk,Whole,1,l,1.19", "Milk,Organic,946,ml,2.19", "Milk,Half Gallon,0.5,gal,2.49",
        "Eggs,Large,1,dozen,3.60", "Eggs,Free Range,6,each,2.10", "Rice,Basmati,2,lb,3.49", "Rice,Jasmine,1,kg,3.85",
    ]

    @Test func aWeekOfPriceChangesShowsOnlyInTheirListsAndInPerDiff() throws {
        let header = "list,name,quantity,unit,price\n"
        try Data((header + Self.week1.joined(separator: "\n") + "\n").utf8).write(to: file("prices.csv"))
        let quietRun = try PerProcess.run(["report", "--quiet", "--output-dir", "reports", "prices.csv"], in: directory)
        #expect(quietRun.status == 0)
        #expect(quietRun.stdout.isEmpty && quietRun.stderr.isEmpty, "\(quietRun)")
        try shell("git init -q . && git add -A && git -c user.name=t -c user.email=t@t commit -qm week1")
        try FileManager.default.copyItem(at: file("prices.csv"), to: file("last-week.csv"))

        // Week 2: two prices change (Espresso up, Organic milk down), rows shuffled.
        var week2 = Self.week1
        week2[2] = "Coffee,Espresso,250,g,5.29"
        week2[4] = "Milk,Organic,946,ml,1.89"
        week2.reverse()
        week2.swapAt(0, 5)
        try Data((header + week2.joined(separator: "\n") + "\n").utf8).write(to: file("prices.csv"))
        let second = try PerProcess.run(["report", "--quiet", "--output-dir", "reports", "prices.csv"], in: directory)
        #expect(second.stdout.isEmpty && second.stderr.isEmpty, "\(second)")

        for report in ["reports/report.md", "reports/report.csv", "reports/report.json"] {
            let diff = try shell("git diff --unified=0 -- \(report)")
            let changed = diff.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
            #expect(!changed.isEmpty, "\(report) did not change")
            for line in changed {
                let text = String(line.dropFirst())
                let belongsToChangedList = ["Coffee", "Milk", "Espresso", "Organic", "House Blend", "Dark Roast", "Whole", "Half Gallon"]
                    .contains { text.contains($0) } || text.contains("\"rank\"") || text.contains("\"pct_more\"")
                    || text.contains("\"unit_price\"") || text.contains("\"price\"") || text.contains("\"best\"")
                    || text.contains("\"name\"") || text.contains("\"quantity\"") || text.contains("\"unit\"")
                #expect(belongsToChangedList, "\(report): unexpected change \(line)")
                #expect(!text.contains("Eggs") && !text.contains("Rice") && !text.contains("Basmati") && !text.contains("Jasmine")
                        && !text.contains("Large") && !text.contains("Free Range"), "\(report): \(line)")
            }
        }
        // The JSON diff stays inside the Coffee and Milk lists.
        let json = try shell("git diff --unified=0 -- reports/report.json")
        let hunks = json.split(separator: "\n").filter { $0.hasPrefix("@@") }
        let report = try String(contentsOf: file("reports/report.json"), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let eggs = try #require(report.firstIndex { $0.contains("\"name\": \"Eggs\"") })
        for hunk in hunks {
            let newStart = Int(hunk.split(separator: " ")[2].dropFirst().split(separator: ",")[0]) ?? 0
            let coffee = try #require(report.firstIndex { $0.contains("\"name\": \"Coffee\"") })
            let milk = try #require(report.firstIndex { $0.contains("\"name\": \"Milk\"") })
            let rice = try #require(report.firstIndex { $0.contains("\"name\": \"Rice\"") })
            #expect((newStart > coffee && newStart < eggs) || (newStart > milk && newStart < rice), "\(hunk)")
        }

        let diff = try PerProcess.run(["diff", "--format", "csv", "last-week.csv", "prices.csv"], in: directory)
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stdoutText == """
            list,name,size,old_size,change,old_rank,new_rank,old_price,new_price,old_unit_price,new_unit_price,per,pct_change,best
            Coffee,Espresso,250 g,,rose,3,3,4.79,5.29,19.1600,21.1600,kg,10.4,
            Milk,Organic,946 ml,,fell,3,3,2.19,1.89,2.315010570825,1.997885835095,l,-13.7,

            """)
        #expect(diff.stderrText == "per: 1 rose, 1 fell, 0 new, 0 gone, 0 moved in 2 lists\n")
        let alert = try PerProcess.run(["diff", "--quiet", "--fail-on-increase", "10", "-o", "changes.md", "last-week.csv", "prices.csv"], in: directory)
        #expect(alert.status == 1)
        #expect(alert.stderrText == "per: Coffee: Espresso (250 g) rose 10.4%\n")
        let calm = try PerProcess.run(["diff", "--quiet", "--fail-on-increase", "11", "-o", "changes.md", "last-week.csv", "prices.csv"], in: directory)
        #expect(calm.status == 0 && calm.stderr.isEmpty && calm.stdout.isEmpty, "\(calm)")
        let fromJSON = try PerProcess.run(["diff", "--format", "csv", "reports/report.json", "prices.csv"], in: directory)
        #expect(fromJSON.stdoutText == "list,name,size,old_size,change,old_rank,new_rank,old_price,new_price,old_unit_price,new_unit_price,per,pct_change,best\n",
                "a report read back equals the sheet it came from")
    }

    @Test func theReportDoesNotDependOnTheOrderOfRows() throws {
        let header = "list,name,quantity,unit,price\n"
        var outputs: Set<String> = []
        for seed in 0..<5 {
            var rows = Self.week1 + ["Rice,Basmati,2,lb,3.49", "Milk,Whole,1000,ml,1.19"]
            var generator = SplitMix(seed: UInt64(seed))
            rows.shuffle(using: &generator)
            try Data((header + rows.joined(separator: "\n") + "\n").utf8).write(to: file("prices.csv"))
            for format in ["markdown", "csv", "json"] {
                let result = try PerProcess.run(["report", "--format", format, "prices.csv"], in: directory)
                outputs.insert(format + result.stdoutText)
            }
        }
        #expect(outputs.count == 3, "each format gives one report whatever the row order")
    }

    /// The README's crontab line, as cron would run it (`\%` is `%`), in a temporary git
    /// repository: silent on a good week, committing only what changed, loud when git fails.
    @Test func theREADMEsCrontabLineCommitsOnlyChangesAndFailsLoudly() throws {
        let readme = try String(contentsOf: GoldenCase.fixtures.deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let entry = try #require(readme.split(separator: "\n").first { $0.hasPrefix("    0 6 * * 1  cd /srv/prices") })
        let command = entry.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)[5]
            .replacingOccurrences(of: "\\%", with: "%").replacingOccurrences(of: "/srv/prices", with: directory.path)
        let git = ["GIT_AUTHOR_NAME": "cron", "GIT_AUTHOR_EMAIL": "cron@example.com", "GIT_COMMITTER_NAME": "cron",
                   "GIT_COMMITTER_EMAIL": "cron@example.com", "HOME": directory.path, "GIT_CONFIG_NOSYSTEM": "1"]
        try FileManager.default.removeItem(at: file("reports"))
        try FileManager.default.createDirectory(at: file("exports"), withIntermediateDirectories: true)
        #expect(try PerProcess.shell("git init -q", in: directory, environment: git).status == 0)
        func week(_ rows: [String]) throws -> (result: PerProcess.Result, commits: String) {
            try Data(("list,name,quantity,unit,price\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: file("exports/shop.csv"))
            let result = try PerProcess.shell(command, in: directory, environment: git)
            let commits = try PerProcess.shell("git rev-list --count HEAD", in: directory, environment: git).stdoutText
            return (result, commits)
        }
        let first = try week(Self.week1)
        #expect(first.result.status == 0 && first.result.stdout.isEmpty && first.result.stderr.isEmpty, "\(first.result)")
        #expect(first.commits == "1\n")
        let quiet = try week(Self.week1)
        #expect(quiet.result.status == 0 && quiet.result.stdout.isEmpty && quiet.result.stderr.isEmpty, "\(quiet.result)")
        #expect(quiet.commits == "1\n", "no commit when nothing changed")
        let changed = try week(Self.week1.map { $0.replacingOccurrences(of: "8.99", with: "9.49") })
        #expect(changed.result.status == 0 && changed.result.stdout.isEmpty && changed.result.stderr.isEmpty, "\(changed.result)")
        #expect(changed.commits == "2\n")
        let findings = try week(Self.week1 + ["Rice,Wild,1.5,furlong,4.99"])
        #expect(findings.result.status == 1 && findings.result.stderrText.contains("furlong"), "\(findings.result)")
        #expect(findings.commits == "3\n", "the reports of a week with findings are committed too")
        try Data().write(to: file(".git/index.lock"))
        let broken = try week(Self.week1)
        #expect(broken.result.status == 128 && broken.result.stderrText.contains("index.lock"), "\(broken.result)")
        #expect(broken.commits == "3\n")
    }
}

/// A small deterministic generator for shuffles in tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
