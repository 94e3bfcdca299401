// A libFuzzer target for the ingest, validation, ranking and writers (see `make fuzz`).
//
// The first byte of the input picks options, the second a read size and a segment size; the
// rest is a price sheet. Besides crashes, it traps on broken promises: counts that do not add
// up, or rows, errors and reports that change with the read size, or when the sheet is read
// from a file in segments on two threads.
import Foundation
@testable import PerKit

/// The sheet as a file, for the segmented read: one path per process, rewritten per input.
let sheetPath = FileManager.default.temporaryDirectory.appendingPathComponent("per-fuzz-\(getpid())").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    var options = SheetOptions()
    let flags = data[0]
    if flags & 1 != 0 { options.splitDimensions = true }
    if flags & 2 != 0 { options.sizeFromName = true }
    if flags & 4 != 0 { options.decimalMark = flags & 8 != 0 ? .comma : .point }
    if flags & 16 != 0 { options.delimiter = [UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ",")][Int(flags >> 6)] }
    if flags & 32 != 0 { options.encoding = .windows1250 }
    options.limits = CSVLimits(maxFieldBytes: 4096, maxRecordBytes: 16384)
    options.runLimits = RunLimits(maxProducts: 10_000, maxLists: 1_000, maxFindings: 10_000)
    let chunkSize = Int(data[1]) + 1

    let whole = run(bytes, options: options, chunkSize: max(bytes.count, 1))
    let split = run(bytes, options: options, chunkSize: chunkSize)
    if whole != split {
        fatalError("the outcome depends on the read size \(chunkSize):\n\(whole)\n---\n\(split)")
    }
    if options.encoding == .utf8 {
        let segmentSize = Int(data[1] % 61) + 1
        FileManager.default.createFile(atPath: sheetPath, contents: Data(bytes))
        let segmented = run(options: options) { file, validator in
            PriceSheetReader(options: options, segmentSize: segmentSize).read([file], into: validator).first
        }
        if whole != segmented {
            fatalError("the outcome changes when read in segments of \(segmentSize):\n\(whole)\n---\n\(segmented)")
        }
    }
    return 0
}

/// Everything a run produces, as one string: the error, or all three reports and the rejects.
func run(_ bytes: [UInt8], options: SheetOptions, chunkSize: Int) -> String {
    let chunks = stride(from: 0, to: max(bytes.count, 1), by: chunkSize).map { Array(bytes[$0..<min($0 + chunkSize, bytes.count)]) }
    return run(options: options) { file, validator in
        do {
            try PriceSheetReader(options: options).read(chunks: chunks, as: file, into: validator)
            return nil
        } catch {
            return error
        }
    }
}

func run(options: SheetOptions, read: (InputFile, Validator) -> Error?) -> String {
    let file = InputFile(path: PathName(argumentText: sheetPath))
    let validator = Validator(files: [file], options: options)
    if let error = read(file, validator) { return "error: \(error)" }
    let sheet = validator.finish()
    let counts = sheet.counts
    let accounted: Int = counts.ranked + counts.mismatched + counts.rejected + counts.notProducts
    if counts.rows != accounted || counts.notProducts != sheet.notProducts.count {
        fatalError("counts do not add up: \(counts)")
    }
    if counts.mismatched != sheet.mismatches.count || counts.rejected != sheet.rejections.count {
        fatalError("findings and counts disagree: \(counts)")
    }
    let report = Ranker.rank(sheet)
    var text = ""
    for format in ReportFormat.allCases {
        let out = OutputBuffer()
        do {
            try format.write(report, options: ReportOptions(withSource: true), to: out)
        } catch {
            fatalError("writing \(format) to memory failed: \(error)")
        }
        text += String(decoding: out.contents, as: UTF8.self)
    }
    let rejects = OutputBuffer()
    try? RejectsWriter().write(sheet, to: rejects)
    text += String(decoding: rejects.contents, as: UTF8.self)
    return text
}
