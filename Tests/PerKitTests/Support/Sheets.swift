import Foundation
@testable import PerKit

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

extension Sheets {
    /// What validation made of files read from disk, streamed (`segmentSize` nil) or by
    /// segments: every list, every unit spelling in id order, every product with its list and
    /// spelling ids, every finding, the counts, headers and errors; and how many records were
    /// judged on the threads that read them rather than again where they were taken.
    static func validatedFiles(_ paths: [String], segmentSize: Int?, options: SheetOptions = SheetOptions())
        -> (summary: String, judgedWhereRead: Int, judgedWhereTaken: Int) {
        let files = paths.map { InputFile(path: $0) }
        let validator = Validator(files: files, options: options)
        let reader = PriceSheetReader(options: options, chunkSize: 4096, segmentSize: segmentSize ?? Int.max / 4)
        let errors = reader.read(files, into: validator)
        let sheet = validator.finish()
        var lines = sheet.lists.map { "list \($0.name) \($0.dimension) \($0.currency?.code ?? "-")" }
        lines += (0..<sheet.spellings.count).map { "spelling \($0) \(Array(sheet.spellings.buffer(of: $0)))" }
        lines += sheet.products.map { product in
            "product \(product.file):\(product.line) \(Array(sheet.name(of: product))) \(product.quantity) \(product.price) "
                + "list \(product.list) spelling \(product.spelling) unit \(product.unit)"
        }
        lines += sheet.mismatches.map { "\($0)" } + sheet.rejections.map { "\($0)" }
        lines.append("\(sheet.fileCounts) \(sheet.headers) \(errors)")
        return (lines.joined(separator: "\n"), reader.counts.preparedWhereRead, reader.counts.preparedWhereTaken)
    }

    /// Writes bytes to a new file in a temporary folder of its own and returns its path.
    static func temporaryFile(_ bytes: [UInt8], name: String = "sheet.csv") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("per-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
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
        try feed(bytes, chunkSize: size, to: CSVReader(dialect: dialect, limits: limits, handler: collector.handler()))
        return collector.records
    }

    /// Feeds bytes to a reader in chunks of `size` (the last may be shorter), then finishes it.
    static func feed(_ bytes: [UInt8], chunkSize size: Int, to reader: CSVReader) throws {
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try reader.feed($0) }
            start = end
        }
        try reader.finish()
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
final class RowCollector: RecordSink {
    final class Work: RecordBatchWork, @unchecked Sendable {
        func prepare(_ records: RecordBatch, from first: Int, of file: SheetFile) {}
    }

    var rows: [(location: SourceLocation, name: String, quantity: String?, unit: String?, price: String, list: String?)] = []
    var formats: [SheetFormat] = []
    private var file: SheetFile?

    func makeWork() -> Work { Work() }

    func begin(_ file: SheetFile) {
        formats.append(file.format)
        self.file = file
    }

    func take(_ work: Work, records: RecordBatch, from first: Int, to end: Int, lineBase: Int) throws {
        let file = file!
        for position in first..<end {
            let record = records.record(at: position)
            if record.isBlank { continue }
            func text(_ index: Int) -> String { index < record.count ? String(decoding: record[index], as: UTF8.self) : "" }
            if let damage = record.damage {  // its lines, whole, in its one field
                rows.append((SourceLocation(file: file.index, line: record.line + lineBase),
                             "damaged \(damage.problem) at +\(damage.problemLine):\(damage.column ?? 0), +\(damage.extraLines) lines: \(text(0))",
                             nil, nil, "", nil))
                continue
            }
            let layout = file.layout
            rows.append((SourceLocation(file: file.index, line: record.line + lineBase), text(layout.name), layout.quantity.map(text),
                         layout.unit.map(text), layout.price.map(text) ?? "", layout.list.map(text)))
        }
    }
}
