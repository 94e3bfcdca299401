import Foundation
import PerKit

/// Runs the library's stages on CSV text held in memory, as `per report` runs them on files.
enum Sheets {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = repositoryRoot.appendingPathComponent("Fixtures")

    /// Validates sheets given as (file name, CSV text), in order.
    static func validate(_ sheets: [(String, String)], options: SheetOptions = SheetOptions()) throws -> ValidatedSheet {
        let files = sheets.map { InputFile(path: $0.0) }
        let validator = Validator(files: files, options: options)
        for (index, sheet) in sheets.enumerated() {
            try PriceSheetReader(options: options).read(chunks: [Array(sheet.1.utf8)], as: files[index], index: index, into: validator)
        }
        return validator.finish()
    }

    static func validate(_ csv: String, file: String = "sheet.csv", options: SheetOptions = SheetOptions()) throws -> ValidatedSheet {
        try validate([(file, csv)], options: options)
    }

    static func rank(_ csv: String, file: String = "sheet.csv", options: SheetOptions = SheetOptions()) throws -> RankedReport {
        Ranker.rank(try validate(csv, file: file, options: options))
    }

    static func write(_ report: RankedReport, _ format: ReportFormat, options: ReportOptions = ReportOptions()) throws -> String {
        let out = OutputBuffer()
        try format.write(report, options: options, to: out)
        return String(decoding: out.contents, as: UTF8.self)
    }
}

/// Collects CSV records as strings with their lines.
final class RecordCollector {
    var records: [(line: Int, fields: [String])] = []

    func handler() -> CSVReader.RecordHandler {
        { [unowned self] record in self.records.append((record.line, record.strings)) }
    }

    /// Parses bytes split into chunks of `size` (the last may be shorter).
    static func parse(_ bytes: [UInt8], chunkSize size: Int, dialect: CSVDialect = CSVDialect(), limits: CSVLimits = CSVLimits()) throws -> [(line: Int, fields: [String])] {
        let collector = RecordCollector()
        let reader = CSVReader(dialect: dialect, limits: limits, handler: collector.handler())
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try reader.feed($0) }
            start = end
        }
        try reader.finish()
        return collector.records
    }

    /// Parses bytes split at the given offsets.
    static func parse(_ bytes: [UInt8], splitAt cuts: [Int]) throws -> [(line: Int, fields: [String])] {
        let collector = RecordCollector()
        let reader = CSVReader(handler: collector.handler())
        var start = 0
        for cut in cuts + [bytes.count] {
            try bytes[start..<cut].withUnsafeBytes { try reader.feed($0) }
            start = cut
        }
        try reader.finish()
        return collector.records
    }
}

/// A sink that keeps the rows ingest delivers, as strings.
final class RowCollector: PriceRowSink {
    var rows: [(location: SourceLocation, name: String, quantity: String?, unit: String?, price: String, list: String?)] = []
    var formats: [SheetFormat] = []

    func begin(file: Int, format: SheetFormat, header: [String]) {
        formats.append(format)
    }

    func accept(_ row: PriceRow) throws {
        func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        rows.append((row.location, text(row.name), row.quantity.map(text), row.unit.map(text), text(row.price), row.list.map(text)))
    }
}
