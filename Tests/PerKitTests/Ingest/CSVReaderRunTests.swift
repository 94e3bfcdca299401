@testable import PerKit
import Testing

/// Between records, whole lines without a quote or CR go to libcsv in one call (a run); the
/// rest goes line by line. Both must give the same records, lines, errors and stops.
@Suite struct CSVReaderRunTests {
    /// Random texts of short lines: plain, blank, blanks only, tabs, quoted (with line breaks
    /// and doubled quotes), bare quotes, CR and CRLF ends, long fields, many fields, no last LF.
    static func text(_ random: inout SplitMix) -> [UInt8] {
        let plain = ["a", "bc", "é", " ", "\t", ",", ",", ",", "12.5", "kg"]
        let quoted = plain + ["\"", "\"q\"", "\"x\ny\"", "\"\"\"\""]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: break  // an empty line
            case 1: bytes += Array("  \t ".utf8)
            case 2: bytes += Array(repeating: UInt8(ascii: "w"), count: Int.random(in: 5...30, using: &random))
            case 3: bytes += Array(repeating: UInt8(ascii: ","), count: Int.random(in: 5...30, using: &random))
            default:
                let pieces = Int.random(in: 0..<4, using: &random) == 0 ? quoted : plain
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    bytes += Array(pieces[Int.random(in: 0..<pieces.count, using: &random)].utf8)
                }
            }
            switch Int.random(in: 0..<12, using: &random) {
            case 0: bytes += [Byte.cr, Byte.lf]
            case 1: bytes += [Byte.cr]
            default: bytes += [Byte.lf]
            }
        }
        if Bool.random(using: &random) { bytes.removeLast() }
        return bytes
    }

    /// Records with their lines, then the error or where the reader stopped.
    static func outcome(_ bytes: [UInt8], reads: [Int], dialect: CSVDialect, limits: CSVLimits, stop: Int?,
                        recovers: Bool = false) -> (String, runs: Int) {
        var records: [String] = []
        let reader = CSVReader(dialect: dialect, limits: limits, recoversDamage: recovers) { record in
            records.append("\(record.line):\(record.strings)" + (record.damage.map { " damaged \($0)" } ?? ""))
        }
        reader.stopOffset = stop
        var start = 0
        do {
            var read = 0
            while start < bytes.count && !reader.stopped {
                let end = min(start + reads[read % reads.count], bytes.count)
                read += 1
                try bytes[start..<end].withUnsafeBytes { try reader.feed($0) }
                start = end
            }
            if !reader.stopped { try reader.finish() }
        } catch {
            // Where reading ends after an error depends on the reads; the error does not.
            return (records.joined(separator: "|") + " error: \(error)", reader.runsParsed)
        }
        return (records.joined(separator: "|") + " stopped \(reader.stopped) at \(reader.bytesConsumed), line \(reader.linesConsumed)", reader.runsParsed)
    }

    @Test func runsOfPlainLinesReadAsLineByLine() {
        var random = SplitMix(state: 41)
        var runs = 0
        for round in 0..<3000 {
            let bytes = Self.text(&random)
            // Tab and space as delimiters: blanks that are fields, not blank lines.
            let dialect = round % 3 == 0 ? CSVDialect(delimiter: Byte.tab) : round % 7 == 1 ? CSVDialect(delimiter: Byte.space) : CSVDialect()
            let limits = round % 4 == 0 ? CSVLimits(maxFieldBytes: 12, maxRecordBytes: 40) : CSVLimits()
            let stop: Int? = round % 5 == 0 ? Int.random(in: 0...bytes.count, using: &random) : nil
            // A byte at a time never makes a run of more than one line.
            let (expected, none) = Self.outcome(bytes, reads: [1], dialect: dialect, limits: limits, stop: stop)
            #expect(none == 0)
            let whole = Self.outcome(bytes, reads: [bytes.count], dialect: dialect, limits: limits, stop: stop)
            #expect(whole.0 == expected, "round \(round), whole: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            runs += whole.runs
            let reads = (0..<3).map { _ in Int.random(in: 2...50, using: &random) }
            let split = Self.outcome(bytes, reads: reads, dialect: dialect, limits: limits, stop: stop)
            #expect(split.0 == expected, "round \(round), reads \(reads): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(runs > 3000)
    }

    /// Recovering from damaged records (`QuoteRecovery`): the same records, damage, errors and
    /// stops, whatever the reads.
    @Test func damagedRecordsReadTheSameAtEveryReadSize() {
        var random = SplitMix(state: 43)
        var damaged = 0
        for round in 0..<3000 {
            let bytes = Self.text(&random)
            let dialect = round % 3 == 0 ? CSVDialect(delimiter: Byte.tab) : CSVDialect()
            let limits = round % 4 == 0 ? CSVLimits(maxFieldBytes: 12, maxRecordBytes: 40) : CSVLimits()
            let stop: Int? = round % 5 == 0 ? Int.random(in: 0...bytes.count, using: &random) : nil
            let (expected, _) = Self.outcome(bytes, reads: [1], dialect: dialect, limits: limits, stop: stop, recovers: true)
            if expected.contains(" damaged ") { damaged += 1 }
            let whole = Self.outcome(bytes, reads: [bytes.count], dialect: dialect, limits: limits, stop: stop, recovers: true)
            #expect(whole.0 == expected, "round \(round), whole: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            let reads = (0..<3).map { _ in Int.random(in: 2...50, using: &random) }
            let split = Self.outcome(bytes, reads: reads, dialect: dialect, limits: limits, stop: stop, recovers: true)
            #expect(split.0 == expected, "round \(round), reads \(reads): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
        #expect(damaged > 300)
    }
}
