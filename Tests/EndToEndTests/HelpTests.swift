import Foundation
import Testing

/// What a newcomer reads: `per --help` and each command's, at 80 columns, and the man page
/// that swift-argument-parser's generate-manual makes from the same text.
@Suite struct HelpTests {
    static let commands = [[], ["report"], ["diff"], ["history"], ["sales"], ["basket"], ["inspect"], ["units"], ["git-setup"], ["textconv"]]

    /// Each command's discussion, as generate-manual reads it (`--experimental-dump-help`).
    static func discussions() throws -> [String: String] {
        let dump = try PerProcess.run(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        var discussions: [String: String] = [:]
        for command in [root] + (root["subcommands"] as? [[String: Any]] ?? []) {
            if let name = command["commandName"] as? String, let discussion = command["discussion"] as? String {
                discussions[name] = discussion
            }
        }
        return discussions
    }

    /// generate-manual copies a discussion into the man page as it is: an empty line there
    /// makes `man` warn ("Empty input line"), and a line that starts without a blank is joined
    /// to the one before. 64 columns is what the man page's list of subcommands holds at 80.
    @Test func discussionsAreLaidOutForTheManPage() throws {
        let discussions = try Self.discussions()
        #expect(Set(discussions.keys).isSuperset(of: ["per", "report", "diff", "history", "basket", "inspect", "units"]))
        for (command, discussion) in discussions {
            let lines = discussion.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(!lines.contains { $0.allSatisfy(\.isWhitespace) }, "\(command): a blank line\n\(discussion)")
            for line in lines.dropFirst() {
                #expect(line.first == " ", "\(command): joined to the line before in the man page: \(line)")
                #expect(line.count <= 64, "\(command): wider than 64 columns: \(line)")
            }
        }
    }

    /// swift-argument-parser rewraps a discussion to the terminal: each line laid out by hand
    /// (examples, exit statuses) must come out whole at 80 columns.
    @Test(arguments: commands)
    func helpAtEightyColumnsKeepsEveryLineLaidOutByHand(_ command: [String]) throws {
        let help = try PerProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0, "\(help)")
        let shown = Set(help.stdoutText.split(separator: "\n").map(String.init))
        let discussion = try #require(try Self.discussions()[command.first ?? "per"])
        for line in discussion.split(separator: "\n").dropFirst() {
            #expect(shown.contains(String(line)), "rewrapped at 80 columns: \(line)\n\(help.stdoutText)")
        }
        #expect(shown.contains { $0.contains("64 bad usage") } || command == ["units"] || command == ["inspect"], "\(help)")
        #expect(!shown.contains { $0.count > 80 }, "\(help)")
    }

    /// A choice's values are named in --help, a line for them all, and the man page (made from
    /// `--experimental-dump-help`) also says what each means, which --help has no room for.
    @Test func everyChoiceNamesItsValuesAndTheManPageSaysWhatEachMeans() throws {
        let help = try PerProcess.run(["report", "--help"], environment: ["COLUMNS": "200"]).stdoutText
        for values in ["comma, semicolon, tab, pipe", "double, backslash", "utf-8, windows-1250, windows-1252, iso-8859-1, iso-8859-2",
                       "point, comma", "us, imperial", "csv, json, markdown, html"] {
            #expect(help.contains("(values: \(values)"), "\(values)\n\(help)")
        }
        #expect(!help.contains("Windows, Central European"), "\(help)")
        let dump = try PerProcess.run(["--experimental-dump-help"]).stdoutText
        for description in ["Windows, Central European", "a tab character", "a quote in a quoted field is doubled", ", as in 2,49",
                            "British (imperial) ones", "a row per product, for spreadsheets"] {
            #expect(dump.contains("\"\(description)"), "\(description)")
        }
    }

    /// Issue 32: a command's help is held in one look at 80 columns (`per --help` grew a line
    /// with `per sales`, issue 44).
    @Test(arguments: [([], 46), (["sales"], 110), (["report"], 100), (["diff"], 110), (["history"], 110), (["basket"], 110), (["inspect"], 80), (["units"], 25)])
    func helpKeepsWithinItsLines(_ command: [String], _ budget: Int) throws {
        let help = try PerProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
        #expect(help.status == 0, "\(help)")
        let lines = help.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count
        #expect(lines <= budget, "\(lines) lines\n\(help.stdoutText)")
    }

    /// Issue 32: each command's options come in titled groups, the few that matter for it
    /// first, then reading, receipts, checking and output.
    @Test(arguments: [
        ("report", ["--output", "--format", "--split-dimensions", "--key", "--strict"]),
        ("diff", ["--threshold", "--moves", "--fail-on-increase", "--split-dimensions", "--key"]),
        ("history", ["--git", "--since", "--until", "--product", "--list", "--changed", "--split-dimensions", "--key"]),
        ("sales", ["--git", "--since", "--until", "--shop", "--split-dimensions", "--key"]),
        ("basket", ["--max-shops", "--shop-column", "--split-dimensions", "--key"]),
        ("inspect", ["--rows", "--split-dimensions", "--key"]),
    ])
    func theOptionsThatMatterComeFirst(_ command: String, _ first: [String]) throws {
        let help = try PerProcess.run([command, "--help"], environment: ["COLUMNS": "80"]).stdoutText
        let titles = help.split(separator: "\n").filter { $0.hasSuffix(":") && $0.first?.isUppercase == true && $0.uppercased() == $0 }
        let groups = ["MAIN OPTIONS:", "READING SHEETS:", "RECEIPTS:", "CHECKING:"] + (command == "inspect" ? [] : ["OUTPUT:"])
        #expect(titles == ["ARGUMENTS:"] + groups.map { Substring($0) } + ["OPTIONS:"], "\(help)")
        // The first group's options, each line's first option name (`-o, --output`: --output).
        let parts = help.components(separatedBy: "MAIN OPTIONS:\n")
        try #require(parts.count == 2, "\(help)")
        let main = parts[1].components(separatedBy: "\n\n")[0]
        let names = main.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  -") else { return nil }
            let label = line.dropFirst(2).split(separator: " ")[0].split(separator: "/")[0]
            return String(label.hasSuffix(",") ? line.dropFirst(2).split(separator: " ")[1] : label)
        }
        #expect(names == first, "\(help)")
        // The option most needed on real exports before the reading details.
        let split = try #require(help.range(of: "--split-dimensions"))
        let delimiter = try #require(help.range(of: "--delimiter"))
        #expect(split.lowerBound < delimiter.lowerBound)
    }

    /// The unit may be in the quantity cell (`6x355ml`): the help may not call its column required.
    /// Issue 31: each command's exit statuses name only its own alerts (`per report` has no
    /// `--fail-on-increase`), and `per history` offers no `--as-of` to refuse.
    @Test func helpOffersOnlyWhatACommandHas() throws {
        let report = try PerProcess.run(["report", "--help"]).stdoutText
        #expect(report.contains("--strict: rows were mismatched or rejected"))
        #expect(!report.contains("fail-on-increase"))
        let diff = try PerProcess.run(["diff", "--help"]).stdoutText
        #expect(diff.contains("--fail-on-increase: a unit price rose above the limit"))
        #expect(diff.contains("--as-of"))
        #expect(!(try PerProcess.run(["history", "--help"]).stdoutText.contains("--as-of")))
    }

    @Test func reportHelpCallsOnlyNameQuantityAndPriceRequired() throws {
        let help = try PerProcess.run(["report", "--help"], environment: ["COLUMNS": "200"]).stdoutText
        #expect(help.contains("Name, quantity and price columns are required; a unit column is optional"), "\(help)")
        #expect(!help.contains("unit and price are required"), "\(help)")
    }
}
