@testable import PerKit
import Foundation
import Testing

/// A file that changes while it is read stops with "the file changed while it was read" (66),
/// never a report of part of it (issue 20: a sheet truncated during the run gave half its rows).
@Suite struct FileChangedWhileReadTests {
    func temporaryFile(_ text: String) throws -> String {
        try Sheets.temporaryFile(Array(text.utf8), name: "changing-\(UUID().uuidString).csv")
    }

    /// Reads `path` in chunks of 8 bytes, calling `change` once, after the first chunk.
    func read(_ path: String, changingOnce change: () throws -> Void) throws {
        var changed = false
        try InputBytes.forEachChunk(of: InputFile(path: path), chunkSize: 8) { _ in
            guard !changed else { return }
            changed = true
            try change()
        }
    }

    @Test func aFileThatGrowsWhileReadIsRefused() throws {
        let path = try temporaryFile("name,quantity,unit,price\nmilk,1,l,1\n")
        #expect(throws: InputError(file: path, .changedWhileRead)) {
            try read(path) {
                let handle = try #require(FileHandle(forWritingAtPath: path))
                handle.seekToEndOfFile()
                handle.write(Data("bread,1,kg,2\n".utf8))
                handle.closeFile()
            }
        }
        #expect(InputError(file: path, .changedWhileRead).isUnreadable)
    }

    @Test func aFileThatShrinksOrIsReplacedIsRefused() throws {
        let path = try temporaryFile("name,quantity,unit,price\nmilk,1,l,15.1x\n")
        #expect(throws: InputError(file: path, .changedWhileRead)) {
            try read(path) { truncate(path, 30) }
        }
        let replaced = try temporaryFile("name,quantity,unit,price\nmilk,1,l,1\n")
        let other = try temporaryFile("name,quantity,unit,price\nmilk,1,l,1\n")
        #expect(throws: InputError(file: replaced, .changedWhileRead)) {
            try read(replaced) { rename(other, replaced) }
        }
    }

    /// An unchanged file reads as before, at every chunk size.
    @Test func anUnchangedFileReads() throws {
        let path = try temporaryFile("name,quantity,unit,price\nmilk,1,l,1\n")
        for size in [1, 7, 1 << 20] {
            var bytes = 0
            try InputBytes.forEachChunk(of: InputFile(path: path), chunkSize: size) { bytes += $0.count }
            #expect(bytes == 36)
        }
    }
}
