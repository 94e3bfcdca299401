import Foundation
@testable import PerKit
import Testing

@Suite struct OutputBufferTests {
    /// A file whose writeback is started early holds exactly what was written; every byte is
    /// counted, whether appended row by row or handed over as a formatted block, and the
    /// writeback is started a step at a time as the file grows.
    @Test func earlyWritebackKeepsTheBytesAndFollowsTheFile() throws {
        let path = try Sheets.temporaryFile([], name: "report.csv")
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        let row = Array("Coffee,1,Coffee Beans,500,g,8.99,17.9800,kg,0.0\n".utf8)
        var expected: [UInt8] = []
        let out = OutputBuffer(descriptor: descriptor, writesBackEarly: true)
        let block = OutputBuffer()
        var round = 0
        while expected.count < 2 * EarlyWriteback.step + 12_345 {
            round += 1
            // Rows appended one by one, then a block as the writers hand them over.
            for index in 0..<(round % 7) * 1000 {
                var numbered = row
                numbered[7] = UInt8(ascii: "0") + UInt8(index % 10)
                numbered.withUnsafeBufferPointer { out.append($0) }
                expected += numbered
                try out.flushIfNeeded()
            }
            block.removeAll()
            for _ in 0..<(round % 5) * 9000 { row.withUnsafeBufferPointer { block.append($0) } }
            try out.write(contentsOf: block)
            expected += Array(repeating: row, count: (round % 5) * 9000).joined()
        }
        try out.flush()
        close(descriptor)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == expected)
        let progress = try #require(out.writebackProgress)
        #expect(progress.written == expected.count)
        #expect(progress.started >= EarlyWriteback.step)
        #expect(progress.started > progress.written - EarlyWriteback.step)
    }

    /// Only a buffer asked to starts writebacks.
    @Test func writebackIsStartedOnlyWhenAsked() throws {
        #expect(OutputBuffer(descriptor: STDOUT_FILENO).writebackProgress == nil)
        #expect(OutputBuffer().writebackProgress == nil)
    }
}
