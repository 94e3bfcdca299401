@testable import PerKit
import Testing

/// A record whose quoting is broken costs that record, not the file (`QuoteRecovery`): it is
/// set apart with every line it spans, and reading goes on where no quoted field can be open.
@Suite struct QuoteRecoveryTests {
    /// Records as `line: fields`, a damaged one as `line: damaged PROBLEM +EXTRA LINES: text`,
    /// then the error, if any; read in chunks of `size` bytes.
    static func read(_ text: String, chunkSize size: Int = .max, limits: CSVLimits = CSVLimits()) -> [String] {
        var records: [String] = []
        let reader = CSVReader(limits: limits, recoversDamage: true) { record in
            if let damage = record.damage {
                records.append("\(record.line): damaged \(damage.problem) +\(damage.extraLines): \(String(decoding: record[0], as: UTF8.self))")
            } else {
                records.append("\(record.line): \(record.strings.joined(separator: "|"))")
            }
        }
        do {
            try RecordCollector.feed(Array(text.utf8), chunkSize: size, to: reader)
        } catch {
            records.append("error \(error)")
        }
        return records
    }

    /// The same records at every chunk size, from one byte to the whole text.
    static func expect(_ text: String, limits: CSVLimits = CSVLimits(), _ expected: [String],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(read(text, limits: limits) == expected, sourceLocation: sourceLocation)
        for size in 1...max(text.utf8.count, 1) where read(text, chunkSize: size, limits: limits) != expected {
            Issue.record("chunks of \(size): \(read(text, chunkSize: size, limits: limits))", sourceLocation: sourceLocation)
            return
        }
    }

    @Test func textAfterAClosingQuoteCostsItsLine() {
        Self.expect("a,1\n\"Pikant \"Florini\" 200g\",2\nb,3\n\"c, d\",4\n", [
            "1: a|1",
            "2: damaged textAfterClosingQuote +0: \"Pikant \"Florini\" 200g\",2",
            "3: b|3",
            "4: c, d|4",
        ])
    }

    /// A backslash before the quote that seemed to close the field is named as the likely
    /// cause, wherever the reads split the line (the byte before the quote in an earlier piece).
    @Test func aBackslashBeforeTheQuoteIsNamedAtEveryReadBoundary() {
        Self.expect("a,1\n\"Pikant \\\"Florini\\\" 200g\",2\nb,3\n", [
            "1: a|1",
            "2: damaged backslashBeforeQuote +0: \"Pikant \\\"Florini\\\" 200g\",2",
            "3: b|3",
        ])
    }

    /// libcsv reads on inside the field the quote opened, up to the next quote; the lines
    /// between are rows of their own, since that next quote opens a field.
    @Test func aStrayQuoteCostsItsLineAlone() {
        Self.expect("a,1\n\"milk,2\nb,3\nc,4\n\"eggs\",5\nd,6\n", [
            "1: a|1",
            "2: damaged strayQuote +0: \"milk,2",
            "3: b|3",
            "4: c|4",
            "5: eggs|5",
            "6: d|6",
        ])
        // No quote after it before the end.
        Self.expect("a,1\n\"milk,2\nb,3\r\nc,4", ["1: a|1", "2: damaged strayQuote +0: \"milk,2", "3: b|3", "4: c|4"])
        // Nothing after it.
        Self.expect("a,1\n\"milk,2\n", ["1: a|1", "2: damaged unterminatedQuote +0: \"milk,2"])
    }

    /// A record that spans lines and breaks on a later one costs all its lines: the line after
    /// its first may be the middle of a quoted field, since its first quote may close one.
    @Test func aBrokenRecordOverLinesCostsEveryLine() {
        Self.expect("a,1\n\"rye\nbread\" sliced,2\nb,3\n", [
            "1: a|1",
            "2: damaged textAfterClosingQuote +1: \"rye\nbread\" sliced,2",
            "4: b|3",
        ])
        Self.expect("\"x\nfull\r\nfat\" x\rb,3\r", [
            "1: damaged textAfterClosingQuote +2: \"x\nfull\r\nfat\" x",
            "4: b|3",
        ])
    }

    /// Where a line's first quote could close a field, reading cannot start there: a stray
    /// quote before a line that closes a quoted field takes that line along.
    @Test func aLineThatMayCloseAFieldIsNotReadAsARecord() {
        Self.expect("\"milk,1\nwhole\",2,\"a\"b\nc,3\n", [
            "1: damaged textAfterClosingQuote +1: \"milk,1\nwhole\",2,\"a\"b",
            "3: c|3",
        ])
        // `""` tells neither way: the quote after it decides.
        Self.expect("\"milk,1\n\"\",\"eggs\",2\nb,3\n", ["1: damaged strayQuote +0: \"milk,1", "2: |eggs|2", "3: b|3"])
    }

    @Test func damagedRecordsOneAfterTheOther() {
        Self.expect("\"a\"x,1\n\"b\"y,2\n\"c,3\n\"d\"z,4\ne,5\n", [
            "1: damaged textAfterClosingQuote +0: \"a\"x,1",
            "2: damaged textAfterClosingQuote +0: \"b\"y,2",
            "3: damaged strayQuote +0: \"c,3",
            "4: damaged textAfterClosingQuote +0: \"d\"z,4",
            "5: e|5",
        ])
    }

    /// A stray quote with no quote after it for more than a field's worth of bytes: libcsv's
    /// field passes the limit at a line end, and the quote costs its line.
    @Test func aStrayQuoteBeforeMoreThanAFieldOfPlainLines() {
        let limits = CSVLimits(maxFieldBytes: 20, maxRecordBytes: 60)
        Self.expect("\"milk,1\nb,2\nc,3\nd,4\ne,5\nf,6\ng,7\n", limits: limits, [
            "1: damaged strayQuote +0: \"milk,1", "2: b|2", "3: c|3", "4: d|4", "5: e|5", "6: f|6", "7: g|7",
        ])
        // A field too large on one line, quoted or not, stops the file: a limit.
        let tooLarge = ["error CSVSyntaxError(problem: PerKit.CSVSyntaxError.Problem.fieldTooLarge(limit: 20), line: 2, column: nil)"]
        Self.expect("a,1\n\"\(String(repeating: "x", count: 30))\",1\nb,2\n", limits: limits, ["1: a|1"] + tooLarge)
        Self.expect("a,1\n\(String(repeating: "y", count: 30)),1\nb,2\n", limits: limits, ["1: a|1"] + tooLarge)
        // A quoted field over lines, past the limit and closed: its record goes, with its lines.
        let lines = String(repeating: "xxxxxxxx\n", count: 3)
        Self.expect("a,1\n\"\(lines)\",1\nb,2\n", limits: limits, [
            "1: a|1", "2: damaged fieldTooLarge(limit: 20) +3: \"\(lines)\",1", "6: b|2",
        ])
    }

    /// A stray quote whose field a later quote closes (`Pizza 12"`) would make one record of
    /// the rows between. A line inside a quoted field shaped like a whole record (as many
    /// delimiters as the record has, less one) says the quote was stray: the quote's line is
    /// damaged and reading starts again right after it.
    @Test func rowsInsideAQuotedFieldAreRowsOfTheirOwn() {
        Self.expect("a,1,l,1\n\"Oat milk,1,l,1.49\nSoy milk,1,l,1.29\nPizza 12\",1,each,4.00\nb,2,l,3\n", [
            "1: a|1|l|1",
            "2: damaged rowsInQuotedField +0: \"Oat milk,1,l,1.49",
            "3: Soy milk|1|l|1.29",
            "4: Pizza 12\"|1|each|4.00",
            "5: b|2|l|3",
        ])
        // A field over lines that hold fewer delimiters is one field, as written.
        Self.expect("a,1,l,1\n\"Butter\nunsalted, fresh\",2,kg,3\nb,2,l,3\n", [
            "1: a|1|l|1",
            "2: Butter\nunsalted, fresh|2|kg|3",
            "4: b|2|l|3",
        ])
    }

    /// No line start within the record limit where reading can safely start: the file stops.
    @Test func withNoSafePlaceTheFileStops() {
        let limits = CSVLimits(maxFieldBytes: 20, maxRecordBytes: 40)
        // Every line's first quote may close a field.
        let text = "\"a\"x,1\n" + String(repeating: "b\",2\n", count: 20)
        #expect(Self.read(text, limits: limits).first?.hasPrefix("error CSVSyntaxError(problem: PerKit.CSVSyntaxError.Problem.textAfterClosingQuote, line: 1") == true,
                "\(Self.read(text, limits: limits))")
        // A field past the limit on one line longer than the record limit.
        let long = "\"" + String(repeating: "x", count: 100) + "\",1\nb,2\n"
        #expect(Self.read(long, limits: limits).first?.hasPrefix("error CSVSyntaxError(problem: PerKit.CSVSyntaxError.Problem.fieldTooLarge") == true)
    }

    /// Without recovery (the sniffer's reader), the first damage stops the reader.
    @Test func withoutRecoveryDamageStops() {
        var records = 0
        let reader = CSVReader { _ in records += 1 }
        #expect(throws: CSVSyntaxError(.textAfterClosingQuote, line: 2, column: 4)) {
            try Array("a,1\n\"b\"x,2\nc,3\n".utf8).withUnsafeBytes { try reader.feed($0) }
        }
        #expect(records == 1)
    }
}
