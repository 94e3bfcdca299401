import Foundation
import Testing

/// Control characters in names, list names, units and keys (ESC, BEL, NUL, DEL, the C1 CSI)
/// reach no text output as they are: a terminal acts on them (a product called
/// `Evil ESC]0;pwned BEL ESC[2J` would retitle it and clear the screen) and a NUL makes git
/// and grep take a report for binary. Each output shows them as `\xHH`, every byte.
@Suite struct ControlCharacterTests {
    let directory: URL

    /// ESC ]0; ... BEL sets a terminal's title; ESC [2J clears its screen.
    static let evil = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J"
    /// The C1 control CSI (U+009B), which some terminals take for ESC [.
    static let list = "Snacks\u{9B}31m"

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-controls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let list = Self.list
        try write("sheet.csv", """
            list,name,id,quantity,unit,price
            \(list),\(Self.evil),k\u{1B}1,500,g,2.99
            \(list),Del\u{7F}ete,k2,1,kg,4.99
            \(list),Milk,k3,1,l,0.99
            \(list),Bad,k4,1,fur\u{1B}[2Jlong,1.00

            """)
    }

    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: file(name))
    }

    func file(_ name: String) -> URL { directory.appendingPathComponent(name) }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(arguments, in: directory)
    }

    /// The control characters in `data` that are as they are: each with its offset. LF is
    /// allowed (it ends lines), TAB too (no format here has one).
    static func rawControls(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var found: [String] = []
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
                found.append("0x\(String(byte, radix: 16)) at \(index)")
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                found.append("U+00\(String(bytes[index + 1], radix: 16)) at \(index)")
            }
        }
        return found
    }

    @Test func theMarkdownReportShowsControlCharacters() throws {
        let result = try run(["report", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.rawControls(result.stdout) == [], "\(result)")
        #expect(result.stdoutText.contains("## Snacks\\xC2\\x9B31m\n"), "\(result)")
        #expect(result.stdoutText.contains("| Evil\\x1B\\]0;pwned\\x07\\x1B\\[2J |"), "\(result)")
        #expect(result.stdoutText.contains("| Del\\x7Fete |"), "\(result)")
    }

    @Test func theCSVReportShowsControlCharacters() throws {
        // Without keys (`id` holds codes, the key by default): the plain row writer.
        let result = try run(["report", "--key", "none", "--format", "csv", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.rawControls(result.stdout) == [], "\(result)")
        #expect(result.stdoutText.contains("Snacks\\xC2\\x9B31m,2,Evil\\x1B]0;pwned\\x07\\x1B[2J,500,g,"), "\(result)")
        #expect(result.stdoutText.contains(",Del\\x7Fete,"), "\(result)")
    }

    /// The CSV report with keys takes the row writer that quotes and guards, not the plain one.
    @Test func theCSVReportWithKeysShowsControlCharacters() throws {
        let result = try run(["report", "--key", "id", "--format", "csv", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.rawControls(result.stdout) == [], "\(result)")
        #expect(result.stdoutText.contains(",Evil\\x1B]0;pwned\\x07\\x1B[2J,k\\x1B1,500,g,"), "\(result)")
    }

    @Test func theRejectsFileShowsControlCharacters() throws {
        let result = try run(["report", "--quiet", "--rejects", "rejects.csv", "-o", "report.md", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        let rejects = try Data(contentsOf: file("rejects.csv"))
        #expect(Self.rawControls(rejects) == [], "\(String(decoding: rejects, as: UTF8.self))")
        #expect(String(decoding: rejects, as: UTF8.self).contains("Snacks\\xC2\\x9B31m,Bad,k4,1,fur\\x1B[2Jlong,1.00,"))
    }

    @Test func strictFindingsOnStandardErrorShowControlCharacters() throws {
        let result = try run(["report", "--strict", "-o", "report.md", "sheet.csv"])
        #expect(result.status == 1, "\(result)")
        #expect(Self.rawControls(result.stderr) == [], "\(result)")
        #expect(result.stderrText.contains("per: sheet.csv:4: mismatch: the list \"Snacks\\xC2\\x9B31m\" holds mass, this row volume\n"),
                "\(result)")
    }

    /// JSON reports hold control characters escaped (`\u001b`, `\u0000`); `per diff` reads them
    /// back into names and keys, and its Markdown and CSV must not write them raw.
    @Test func theDiffOfJSONReportsShowsControlCharacters() throws {
        let report = try run(["report", "--quiet", "--key", "id", "--format", "json", "-o", "old.json", "sheet.csv"])
        #expect(report.status == 0, "\(report)")
        let old = try String(contentsOf: file("old.json"), encoding: .utf8)
        #expect(old.contains("Evil\\u001b]0;pwned\\u0007"), "\(old)")
        // A NUL in the new week's name and key, and a dearer price.
        try write("new.json", old.replacingOccurrences(of: "Evil\\u001b", with: "Evil\\u0000")
            .replacingOccurrences(of: "k\\u001b1", with: "k\\u00001").replacingOccurrences(of: "2.99", with: "3.49"))
        for format in ["markdown", "csv"] {
            let result = try run(["diff", "--format", format, "old.json", "new.json"])
            #expect(result.status == 0, "\(result)")
            #expect(Self.rawControls(result.stdout) == [], "\(format)\n\(result)")
            #expect(result.stdoutText.contains("Evil\\x00"), "\(format)\n\(result)")
            #expect(result.stdoutText.contains("k\\x1B1"), "\(format)\n\(result)")
            #expect(result.stdoutText.contains("Snacks\\xC2\\x9B31m"), "\(format)\n\(result)")
        }
    }

    @Test func theDuplicateKeyNoteShowsControlCharacters() throws {
        try write("keys.csv", "list,name,id,quantity,unit,price\nL,A,k\u{1B}]0;x\u{07},1,kg,1.00\nL,B,k\u{1B}]0;x\u{07},1,kg,2.00\n")
        let result = try run(["diff", "--key", "id", "-o", "diff.md", "keys.csv", "keys.csv"])
        #expect(Self.rawControls(result.stderr) == [], "\(result)")
        #expect(result.stderrText.contains("per: keys.csv: list \"L\": the key \"k\\x1B]0;x\\x07\" is on 2 products that differ (line 2, line 3)"),
                "\(result)")
    }

    @Test func theHistoryShowsControlCharacters() throws {
        try FileManager.default.copyItem(at: file("sheet.csv"), to: file("prices-2026-01-04.csv"))
        try write("prices-2026-01-11.csv", try String(contentsOf: file("sheet.csv"), encoding: .utf8).replacingOccurrences(of: "2.99", with: "3.49"))
        for format in ["markdown", "csv"] {
            let result = try run(["history", "--key", "id", "--format", format, "prices-2026-01-04.csv", "prices-2026-01-11.csv"])
            #expect(result.status == 0, "\(result)")
            #expect(Self.rawControls(result.stdout) == [], "\(format)\n\(result)")
            #expect(result.stdoutText.contains("Evil\\x1B"), "\(format)\n\(result)")
            #expect(result.stdoutText.contains("k\\x1B1"), "\(format)\n\(result)")
            #expect(result.stdoutText.contains("Snacks\\xC2\\x9B31m"), "\(format)\n\(result)")
        }
    }

    @Test func inspectShowsControlCharacters() throws {
        let result = try run(["inspect", "sheet.csv"])
        #expect(result.status == 0, "\(result)")
        #expect(Self.rawControls(result.stdout) == [], "\(result)")
        #expect(result.stdoutText.contains("Evil\\x1B]0;pwned\\x07\\x1B[2J"), "\(result)")
    }

    /// The bidirectional and zero-width format characters, and the C1 controls, that reach an
    /// output as they are: each with its offset. (U+202E shows what follows it backwards,
    /// U+200B splits a word unseen.)
    static func rawFormats(_ data: Data) -> [String] {
        let scalars = String(decoding: data, as: UTF8.self).unicodeScalars
        let formats: [ClosedRange<UInt32>] = [0x61C...0x61C, 0x180E...0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064,
                                              0x2066...0x206F, 0xFEFF...0xFEFF, 0x80...0x9F]
        return scalars.enumerated().compactMap { offset, scalar in
            formats.contains { $0.contains(scalar.value) } ? "U+\(String(scalar.value, radix: 16)) at scalar \(offset)" : nil
        }
    }

    /// Bidirectional and zero-width format characters are shown as other controls are, in every
    /// output: Markdown, CSV, HTML and JSON reports, standard error, `per inspect`, and the
    /// basket in each format (whose HTML showed the C1 controls raw too). (Before: all raw.)
    @Test func bidiAndZeroWidthCharactersAreShownEverywhere() throws {
        try write("bidi.csv", """
            list,name,id,quantity,unit,price
            Drinks\u{202E}lmth,Milk \u{2067}x\u{2069},k1\u{FEFF},1,l,0.99
            Drinks\u{202E}lmth,Juice \u{200B}\u{9B}31m,k2,1,l,1.99
            Drinks\u{202E}lmth,Flour\u{2028},k3,1,kg,1.00

            """)
        try write("list.csv", "item,match\nBu\u{202E}y,milk\n")
        var runs: [PerProcess.Result] = []
        for format in ["markdown", "csv", "html", "json"] {
            runs.append(try run(["report", "--strict", "--key", "id", "--format", format, "bidi.csv"]))
            runs.append(try run(["basket", "--format", format, "list.csv", "bidi.csv"]))
        }
        runs.append(try run(["inspect", "bidi.csv"]))
        for result in runs {
            #expect(Self.rawFormats(result.stdout) == [], "\(result)")
            #expect(Self.rawFormats(result.stderr) == [], "\(result)")
            #expect(result.stdoutText.contains("Drinks\\xE2\\x80\\xAElmth") || result.stdoutText.contains("Drinks\\u202elmth")
                    || result.arguments.first != "report", "\(result)")
        }
        #expect(runs[0].stdoutText.contains("| Milk \\xE2\\x81\\xA7x\\xE2\\x81\\xA9 |"), "\(runs[0])")
        #expect(runs[0].stderrText.contains("the list \"Drinks\\xE2\\x80\\xAElmth\" holds volume"), "\(runs[0])")
        #expect(runs[1].stdoutText.contains("Bu\\xE2\\x80\\xAEy"), "\(runs[1])")
        #expect(runs[4].stdoutText.contains("Juice \\xE2\\x80\\x8B\\xC2\\x9B31m"), "\(runs[4])")
        #expect(runs[8].stdoutText.contains("Milk \\xE2\\x81\\xA7x\\xE2\\x81\\xA9"), "\(runs[8])")
        #expect(runs[6].stdoutText.contains("\"Juice \\u200b\\u009b31m\""), "\(runs[6])")
    }
}
