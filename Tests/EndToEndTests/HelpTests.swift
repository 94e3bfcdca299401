import Foundation
import Testing

/// What a newcomer reads: `per --help` and each command's, at 80 columns, and the man page
/// that swift-argument-parser's generate-manual makes from the same text.
@Suite struct HelpTests {
    static let commands = [[], ["report"], ["diff"], ["history"], ["units"]]

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
        #expect(Set(discussions.keys).isSuperset(of: ["per", "report", "diff", "history", "units"]))
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
        #expect(shown.contains { $0.contains("64  bad usage") } || command == ["units"], "\(help)")
        #expect(!shown.contains { $0.count > 80 }, "\(help)")
    }

    /// A choice's values are listed with what each means, in --help and (the same data) in the
    /// man page, where a list in the option's text alone did not reach.
    @Test func everyChoiceListsItsValues() throws {
        let help = try PerProcess.run(["report", "--help"], environment: ["COLUMNS": "80"]).stdoutText
        for value in ["comma", "semicolon", "tab", "pipe", "utf-8", "windows-1250", "windows-1252", "iso-8859-1", "iso-8859-2",
                      "point", "us", "imperial", "csv", "json", "markdown"] {
            #expect(help.contains("\n        \(value.padding(toLength: 18, withPad: " ", startingAt: 0))- "), "\(value)\n\(help)")
        }
        let dump = try PerProcess.run(["--experimental-dump-help"]).stdoutText
        #expect(dump.contains("\"Windows, Central European\""))
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
