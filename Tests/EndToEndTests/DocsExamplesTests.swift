import Foundation
import Testing

/// Every example in README.md and docs/*.md is run or checked, so that what a reader copies
/// does what the page says.
///
/// The convention, for whoever writes a page:
/// - A fenced block ```` ```console ```` is run. A line starting with `$ ` is a command (a line
///   ending in `\` goes on in the next line, which starts with `> `); the lines after it, up to
///   the next command or the block's end, are what the terminal shows: standard output and
///   standard error together, in the order per wrote them, byte for byte. Write `2>/dev/null`
///   or `>/dev/null` in the command to show one of them only. The block's commands run one
///   after the other in one `/bin/sh`, in a fresh copy of `Fixtures/docs/` (so they may write
///   files there), with the `per` under test first in `PATH`. A command that exits with a
///   status other than 0 must be followed by `$ echo $?`, which shows it.
/// - A fenced block ```` ```sh ```` (and an indented block, such as the README's crontab line,
///   which `WeeklyWorkflowTests` runs) shows command lines that are not run: they must parse as
///   bash (`bash -n`; a crontab line as /bin/sh, without its five time fields, `\%` read as
///   `%`), each
///   `per COMMAND` must name options that command has, and each `make TARGET` a target of the
///   Makefile.
/// - A fenced block ```` ```text ```` is an illustration (a schema, a layout) and is not checked.
/// - Everywhere, an option in inline code (`` `--key HEADER` ``, `` `per diff --moves` ``)
///   must be one per has, a `--column FIELD=` must name a field per takes, and every relative
///   link must lead to a file (and heading) that exists.
///
/// `DOCS_RECORD=1 swift test --filter DocsExamplesTests` rewrites each console block's output
/// from what per prints, and fails, so that a person reads it before committing it.
@Suite struct DocsExamplesTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Fixtures/docs")
    static let recording = ProcessInfo.processInfo.environment["DOCS_RECORD"] == "1"

    /// README.md and every page in docs/, as paths relative to the repository.
    static var documents: [String] {
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + pages.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static func text(_ document: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    }

    // MARK: - Reading a page

    struct Block {
        var kind: String
        /// The line of the opening fence (or of an indented block's first line), from 1.
        var line: Int
        var lines: [String]
    }

    struct Page {
        var blocks: [Block] = []
        /// The page's lines outside code blocks, with their numbers.
        var prose: [(line: Int, text: String)] = []
        var problems: [String] = []
    }

    static func read(_ text: String) -> Page {
        var page = Page()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        var previousBlank = true
        while index < lines.count {
            let line = lines[index]
            let number = index + 1
            if line.hasPrefix("```") {
                let kind = line.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
                var body: [String] = []
                index += 1
                while index < lines.count && !lines[index].hasPrefix("```") {
                    body.append(lines[index])
                    index += 1
                }
                if index == lines.count { page.problems.append("line \(number): the fence is never closed") }
                page.blocks.append(Block(kind: kind, line: number, lines: body))
                index += 1
                previousBlank = false
            } else if line.hasPrefix("    ") && previousBlank {
                // An indented block: its lines and the blank lines between them.
                var body: [String] = []
                while index < lines.count && (lines[index].hasPrefix("    ") || lines[index].isEmpty) {
                    body.append(lines[index])
                    index += 1
                }
                while body.last == "" { body.removeLast() }
                page.blocks.append(Block(kind: "indented", line: number, lines: body))
                previousBlank = true
            } else {
                if line.drop(while: { $0 == " " }).hasPrefix("```") {
                    page.problems.append("line \(number): a fence must start at the line's start")
                }
                page.prose.append((number, line))
                previousBlank = line.trimmingCharacters(in: .whitespaces).isEmpty
                index += 1
            }
        }
        return page
    }

    /// The prose in paragraphs (lines up to a blank line or a block, joined by blanks), each with
    /// its first line's number, so that inline code and links may run over a line's end.
    static func paragraphs(_ page: Page) -> [(line: Int, text: String)] {
        var paragraphs: [(line: Int, text: String)] = []
        var previous = -1
        for (number, line) in page.prose {
            let blank = line.trimmingCharacters(in: .whitespaces).isEmpty
            if !blank && number == previous + 1 && !paragraphs.isEmpty {
                paragraphs[paragraphs.count - 1].text += " " + line
            } else if !blank {
                paragraphs.append((number, line))
            }
            previous = blank ? -1 : number
        }
        return paragraphs
    }

    // MARK: - Console blocks

    struct Command {
        var line: Int
        var text: String
        var expected: [String] = []
    }

    static func commands(in block: Block) throws -> [Command] {
        var commands: [Command] = []
        var continuing = false
        for (offset, line) in block.lines.enumerated() {
            let number = block.line + 1 + offset
            if continuing {
                guard line.hasPrefix("> ") else {
                    throw DocsProblem("line \(number): a command ending in \\ goes on in a line starting with \"> \"")
                }
                commands[commands.count - 1].text += "\n" + line.dropFirst(2)
                continuing = line.hasSuffix("\\")
            } else if line.hasPrefix("$ ") {
                commands.append(Command(line: number, text: String(line.dropFirst(2))))
                continuing = line.hasSuffix("\\")
            } else {
                guard !commands.isEmpty else { throw DocsProblem("line \(number): a console block starts with a command (\"$ \")") }
                commands[commands.count - 1].expected.append(line)
            }
        }
        return commands
    }

    struct DocsProblem: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// What each command printed and its status, run in order in one shell in a fresh copy of
    /// `Fixtures/docs/`.
    static func run(_ commands: [Command]) throws -> (outputs: [Data], statuses: [Int32], whole: PerProcess.Result) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-docs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(at: examples, to: directory)
        var script = "exec 2>&1\n__per_docs=0\n"
        for (index, command) in commands.enumerated() {
            script += "(exit $__per_docs); \(command.text)\n"
            script += "__per_docs=$?; printf '\\n\\036%d %d\\036\\n' \(index) \"$__per_docs\"\n"
        }
        let result = try PerProcess.shell(script, in: directory, environment: ["LC_ALL": "C.UTF-8", "TZ": "UTC"])
        var outputs: [Data] = []
        var statuses: [Int32] = []
        let stdout = result.stdout
        var from = stdout.startIndex
        for index in commands.indices {
            guard let marker = stdout.range(of: Data("\n\u{1E}\(index) ".utf8), in: from..<stdout.endIndex),
                  let end = stdout.range(of: Data("\u{1E}\n".utf8), in: marker.upperBound..<stdout.endIndex),
                  let status = Int32(String(decoding: stdout[marker.upperBound..<end.lowerBound], as: UTF8.self))
            else { throw DocsProblem("the shell stopped before command \(index + 1) ended\n\(result)") }
            outputs.append(Data(stdout[from..<marker.lowerBound]))
            statuses.append(status)
            from = end.upperBound
        }
        return (outputs, statuses, result)
    }

    static func expectedBytes(_ command: Command) -> Data {
        Data(command.expected.map { $0 + "\n" }.joined().utf8)
    }

    @Test func everyPageIsFound() {
        #expect(Self.documents.count >= 10, "\(Self.documents)")
        #expect(FileManager.default.fileExists(atPath: Self.examples.appendingPathComponent("prices.csv").path))
    }

    /// Each console block's commands print what the page shows, byte for byte.
    @Test(arguments: documents)
    func consoleExamplesPrintWhatThePageShows(_ document: String) throws {
        let text = try Self.text(document)
        let page = Self.read(text)
        #expect(page.problems.isEmpty, "\(document): \(page.problems)")
        var recorded = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var recordedAny = false
        for block in page.blocks.reversed() where block.kind == "console" {
            let commands = try Self.commands(in: block)
            let run = try Self.run(commands)
            if Self.recording {
                var lines: [String] = []
                for (index, command) in commands.enumerated() {
                    lines.append(contentsOf: command.text.split(separator: "\n", omittingEmptySubsequences: false)
                        .enumerated().map { $0.offset == 0 ? "$ " + $0.element : "> " + $0.element })
                    let output = String(decoding: run.outputs[index], as: UTF8.self)
                    if !output.isEmpty && !output.hasSuffix("\n") {
                        Issue.record("\(document):\(command.line): the output does not end with a line break")
                    }
                    lines.append(contentsOf: output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
                }
                let range = block.line..<(block.line + block.lines.count)
                if Array(recorded[range]) != lines {
                    recorded.replaceSubrange(range, with: lines)
                    recordedAny = true
                }
                continue
            }
            for (index, command) in commands.enumerated() {
                let actual = run.outputs[index]
                if actual != Self.expectedBytes(command) {
                    let shown = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    let first = zip(command.expected, shown).enumerated().first { $0.element.0 != $0.element.1 }
                    let at = first.map { "line \(command.line + 1 + $0.offset): the page shows\n  \($0.element.0)\nper prints\n  \($0.element.1)" }
                        ?? "the page shows \(command.expected.count) lines, per prints \(shown.count - 1)"
                    Issue.record("\(document):\(command.line): $ \(command.text)\n\(at)\n--- per prints:\n\(String(decoding: actual, as: UTF8.self))")
                }
                if run.statuses[index] != 0 {
                    let next = index + 1 < commands.count ? commands[index + 1].text : nil
                    #expect(next == "echo $?", "\(document):\(command.line): $ \(command.text) exits with \(run.statuses[index]): show it with \"$ echo $?\" after it")
                }
            }
        }
        if Self.recording && recordedAny {
            try Data(recorded.joined(separator: "\n").utf8).write(to: Self.root.appendingPathComponent(document))
            Issue.record("recorded the console output in \(document): read it, then run the tests without DOCS_RECORD")
        }
    }

    @Test func aConsoleBlockThatShowsOtherOutputFails() throws {
        let page = Self.read("```console\n$ echo one\none\n$ echo two\nthree\n$ false\n```\n")
        let commands = try Self.commands(in: try #require(page.blocks.first))
        let run = try Self.run(commands)
        #expect(run.outputs[0] == Self.expectedBytes(commands[0]))
        #expect(run.outputs[1] != Self.expectedBytes(commands[1]))
        #expect(run.statuses == [0, 0, 1])
    }

    // MARK: - Command lines that are not run

    /// Every option each command takes, from the same dump of the command line that
    /// generate-manual reads (so neither --help's wording nor its layout matters).
    static let knownOptions: [String: Set<String>] = (try? options()) ?? [:]

    static func options() throws -> [String: Set<String>] {
        let dump = try PerProcess.run(["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        let root = try #require(json["command"] as? [String: Any])
        var options: [String: Set<String>] = [:]
        for command in [root] + (root["subcommands"] as? [[String: Any]] ?? []) {
            let name = try #require(command["commandName"] as? String)
            var names: Set<String> = []
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for spelling in argument["names"] as? [[String: Any]] ?? [] {
                    guard let kind = spelling["kind"] as? String, let text = spelling["name"] as? String else { continue }
                    names.insert(kind == "long" ? "--" + text : "-" + text)
                }
            }
            options[name] = names
        }
        return options
    }

    static let commandNames = ["report", "inspect", "diff", "history", "basket", "units", "git-setup", "textconv"]

    /// Each `per COMMAND ...` in `text` (up to the end of its shell command) with the options it names.
    static func perCommands(in text: String) -> [(command: String, options: [String])] {
        var found: [(String, [String])] = []
        for line in text.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n") {
            found += perCommands(inLine: String(line))
        }
        return found
    }

    static func perCommands(inLine line: String) -> [(command: String, options: [String])] {
        var found: [(String, [String])] = []
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var index = 0
        while index < words.count {
            let word = words[index].trimmingCharacters(in: CharacterSet(charactersIn: "{(`"))
            if word == "per" || word == "$(per" || word.hasSuffix("/per"), index + 1 < words.count,
               commandNames.contains(words[index + 1]) {
                var options: [String] = []
                var next = index + 2
                while next < words.count {
                    let argument = words[next]
                    if ["&&", "||", ";", "|", "}", "#"].contains(argument) || argument.hasPrefix("#") { break }
                    if argument.hasPrefix("-"), argument.count > 1,
                       argument.dropFirst().first?.isLetter == true || argument.hasPrefix("--") {
                        let option = String(argument.prefix { $0 != "=" })
                            .trimmingCharacters(in: CharacterSet(charactersIn: ";)`"))
                        options.append(option)
                    }
                    if argument.hasSuffix(";") || argument.hasSuffix(")") { break }
                    next += 1
                }
                found.append((words[index + 1], options))
                index = next
            } else {
                index += 1
            }
        }
        return found
    }

    static func makeTargets() throws -> Set<String> {
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        var targets: Set<String> = []
        for line in makefile.split(separator: "\n") where !line.hasPrefix("\t") && !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":"), !line[colon...].hasPrefix(":=") else { continue }
            for target in line[..<colon].split(separator: " ") { targets.insert(String(target)) }
        }
        return targets
    }

    /// The command of a crontab line (after its five time fields), if `line` is one.
    static func crontabCommand(_ line: String) -> String? {
        let fields = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count == 6, fields[0].first != "-",
              fields[0..<5].allSatisfy({ $0.allSatisfy { $0.isNumber || "*/,-".contains($0) } }) else { return nil }
        return String(fields[5])
    }

    static func isCrontab(_ block: Block) -> Bool { block.lines.contains { crontabCommand($0) != nil } }

    /// A crontab line without its five time fields, `\%` read as `%`; other lines as they are.
    static func shellText(of block: Block) -> String {
        block.lines.map { line -> String in
            if let command = crontabCommand(line) { return command.replacingOccurrences(of: "\\%", with: "%") }
            return line.trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    @Test(arguments: documents)
    func commandLinesParseAndNameWhatExists(_ document: String) throws {
        let page = Self.read(try Self.text(document))
        let options = Self.knownOptions
        #expect(options["report"]?.contains("--format") == true, "per --experimental-dump-help lists no options")
        let targets = try Self.makeTargets()
        for block in page.blocks {
            #expect(["console", "sh", "text", "indented"].contains(block.kind),
                    "\(document):\(block.line): a fenced block is console, sh or text, not \"\(block.kind)\"")
            guard block.kind == "sh" || block.kind == "indented" || block.kind == "console" else { continue }
            let shell: String
            if block.kind == "console" {
                shell = try Self.commands(in: block).map(\.text).joined(separator: "\n")
            } else {
                shell = Self.shellText(of: block)
                // Cron runs a crontab line with /bin/sh; a line for a terminal may be bash's.
                let checker = Self.isCrontab(block) ? "sh" : "bash"
                let syntax = try PerProcess.shell("\(checker) -n -c \"$DOCS_SCRIPT\"", in: Self.root, environment: ["DOCS_SCRIPT": shell])
                #expect(syntax.status == 0, "\(document):\(block.line): not \(checker)\n\(shell)\n\(syntax.stderrText)")
                for line in shell.split(separator: "\n") where line.hasPrefix("make") {
                    for target in line.split(separator: "#")[0].split(separator: " ").dropFirst() where !target.contains("=") {
                        #expect(targets.contains(String(target)), "\(document):\(block.line): the Makefile has no target \(target)")
                    }
                }
            }
            for (command, named) in Self.perCommands(in: shell) {
                let known = options[command] ?? []
                for option in named {
                    #expect(known.contains(option), "\(document):\(block.line): per \(command) has no option \(option)")
                }
            }
        }
    }

    /// Inline code in the prose: `--option ...` must be an option of some command, `per
    /// COMMAND --option` one of that command's.
    @Test(arguments: documents)
    func optionsInTheProseExist(_ document: String) throws {
        let page = Self.read(try Self.text(document))
        let options = Self.knownOptions
        #expect(options["report"]?.contains("--format") == true, "per --experimental-dump-help lists no options")
        let every = options.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for (number, line) in Self.paragraphs(page) {
            let spans = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for span in spans {
                if span.hasPrefix("per ") {
                    for (command, named) in Self.perCommands(in: span) {
                        for option in named {
                            #expect(options[command]?.contains(option) == true, "\(document):\(number): per \(command) has no option \(option)")
                        }
                    }
                } else if span.hasPrefix("--") {
                    let option = String(span.prefix { $0 != " " && $0 != "=" })
                    #expect(every.contains(option), "\(document):\(number): per has no option \(option)")
                }
            }
        }
    }

    /// Each `--column FIELD=` anywhere in the pages names a field per takes: an unknown field is
    /// bad usage (64), a known one goes on to find the file missing (66).
    @Test func everyColumnFieldIsOnePerTakes() throws {
        var fields: Set<String> = []
        for document in Self.documents {
            let text = try Self.text(document)
            var rest = text[...]
            while let range = rest.range(of: "--column ") {
                let field = rest[range.upperBound...].prefix { $0.isLowercase || $0 == "-" }
                if rest[range.upperBound...].dropFirst(field.count).first == "=", !field.isEmpty { fields.insert(String(field)) }
                rest = rest[range.upperBound...]
            }
        }
        #expect(fields.contains("list") && fields.contains("count"), "\(fields)")
        for field in fields.sorted() {
            let result = try PerProcess.run(["report", "--column", "\(field)=x", "no-such-file.csv"], in: Self.root)
            #expect(result.status == 66, "--column \(field)= is no field per takes\n\(result)")
        }
    }

    // MARK: - Links

    /// GitHub's anchor for a heading: lower case, punctuation dropped, blanks as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    static func anchors(_ document: String) throws -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (_, line) in read(try text(document)).prose where line.hasPrefix("#") {
            let base = anchor(line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces))
            let count = seen[base, default: 0]
            anchors.insert(count == 0 ? base : "\(base)-\(count)")
            seen[base] = count + 1
        }
        return anchors
    }

    @Test(arguments: documents)
    func everyLinkLeadsSomewhere(_ document: String) throws {
        let page = Self.read(try Self.text(document))
        let folder = document.contains("/") ? String(document[..<document.lastIndex(of: "/")!]) : ""
        for (number, line) in Self.paragraphs(page) {
            // Links outside inline code.
            let outside = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = outside[...]
            while let open = rest.range(of: "](") {
                guard let close = rest[open.upperBound...].firstIndex(of: ")") else { break }
                let target = String(rest[open.upperBound..<close])
                rest = rest[close...]
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let linked = path.isEmpty ? document : (folder.isEmpty ? path : folder + "/" + path)
                let resolved = URL(fileURLWithPath: Self.root.appendingPathComponent(linked).path).standardized
                #expect(FileManager.default.fileExists(atPath: resolved.path), "\(document):\(number): \(target) leads nowhere")
                if parts.count == 2, linked.hasSuffix(".md") {
                    let relative = String(resolved.path.dropFirst(Self.root.standardized.path.count + 1))
                    #expect(try Self.anchors(relative).contains(String(parts[1])), "\(document):\(number): \(relative) has no heading #\(parts[1])")
                }
            }
        }
    }

    @Test func theREADMELinksToEveryPage() throws {
        let readme = try Self.text("README.md")
        for page in Self.documents.dropFirst() {
            #expect(readme.contains("](\(page)"), "README.md does not link to \(page)")
        }
    }
}
