import ArgumentParser
import PerKit

/// `per git-setup`: the two lines that make `git diff` show `per diff` for committed reports.
struct GitSetupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "git-setup",
        abstract: "Print (or with --write, apply) the two lines that make git diff show per diff for committed reports.",
        discussion: """
            The first line gives the report files git's diff driver per in \
            .gitattributes; the second sets the driver in the repository's git config: \
            per diff --git-driver for git diff (and git log -p --ext-diff, git show \
            --ext-diff), per textconv for what takes only a textconv (git log -p, git \
            blame). git diff --no-ext-diff --no-textconv shows the files' own lines. per \
            must be on the PATH that git runs it with.
              Examples:
                per git-setup
                per git-setup --write --pattern 'weekly/*.json'
              Exit status: 0 printed, or written; 64 bad usage; 74 the
                git config or .gitattributes cannot be written (outside
                a repository: nothing is written)
            """
    )

    @Option(help: ArgumentHelp("A .gitattributes pattern of report files, repeatable (default: reports/*.json and reports/*.csv).",
                               valueName: "glob"))
    var pattern: [String] = []

    @Flag(help: "Apply the lines: add those missing to ./.gitattributes, and set the git config of the repository here.")
    var write = false

    var setup: GitSetup { pattern.isEmpty ? GitSetup() : GitSetup(patterns: pattern) }

    func validate() throws {
        if let bad = pattern.first(where: { $0.isEmpty || $0.contains("\n") || $0.contains(" ") }) {
            throw ValidationError("--pattern '\(bad)': a .gitattributes pattern is one word (write a space as [[:space:]]).")
        }
    }

    func run() throws {
        let setup = self.setup
        guard write else {
            try ReportOutput.write([ReportOutput.Target(path: nil) { out in
                for line in setup.shellLines { out.append(line + "\n") }
            }], inputs: [])
            return
        }
        // The config first: outside a repository nothing is written.
        for (key, value) in GitSetup.settings {
            let run: ChildProcess
            do {
                run = try ChildProcess.run(["git", "config", key, value].map { Array($0.utf8) })
            } catch {
                throw RunFailure.setup("cannot run git (\(error.description)): install git, then run per git-setup --write again")
            }
            guard run.status == 0 else {
                let said = String(decoding: run.errors, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "exit status \(run.status)"
                throw RunFailure.setup("git config \(key) failed: \(said)")
            }
        }
        let path = PathName(bytes: Array(".gitattributes".utf8))
        let existing = (try? InputFile(path: path).contents()) ?? []
        var said = "git config diff.per.command and diff.per.textconv set"
        if let attributes = setup.attributes(adding: existing) {
            try ReportOutput.write([ReportOutput.Target(path: path) { $0.append(attributes[...]) }], inputs: [])
            said += "; .gitattributes: " + setup.missingLines(in: existing).joined(separator: ", ")
        } else {
            said += "; .gitattributes had its lines already"
        }
        StandardError.say(said)
    }
}
