import Foundation
@testable import PerKit
import Testing

/// Whether the temporary directory keeps files on a disk: tmpfs keeps them in memory, where
/// there is no cached copy to drop. (The file system of the longest mount point above it.)
private let cacheCanBeDropped: Bool = {
    let directory = FileManager.default.temporaryDirectory.resolvingSymlinksInPath().path
    guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return false }
    var best: (point: String, type: String) = ("", "")
    for line in mounts.split(separator: "\n") {
        let fields = line.split(separator: " ").map(String.init)
        guard fields.count > 2 else { continue }
        let point = fields[1]
        let holds = point == "/" || directory == point || directory.hasPrefix(point + "/")
        if holds && point.count >= best.point.count { best = (point, fields[2]) }
    }
    return !best.point.isEmpty && best.type != "tmpfs"
}()

@Suite struct ReplacedFileTests {
    /// The file's pages in the page cache, counted with mincore.
    private func cachedPages(_ path: String) -> Int? {
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
        let size = Int(status.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, size) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var resident = [UInt8](repeating: 0, count: (size + pageSize - 1) / pageSize)
        guard mincore(mapped, size, &resident) == 0 else { return nil }
        return resident.filter { $0 & 1 != 0 }.count
    }

    /// A report written and on disk (clean), so that its pages can be dropped.
    private func cachedReport(name: String) throws -> String {
        let path = try Sheets.temporaryFile([], name: name)
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        defer { close(descriptor) }
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        #expect(fsync(descriptor) == 0)
        return path
    }

    @Test(.enabled(if: cacheCanBeDropped)) func theReplacedReportLeavesTheCacheAndKeepsItsBytes() throws {
        let path = try cachedReport(name: "report.csv")
        #expect(try #require(cachedPages(path)) > 0)
        #expect(ReplacedFile.dropCache(at: path, inputs: [InputFile(path: "other.csv")]))
        #expect(cachedPages(path) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: UInt8(ascii: "x"), count: 1 << 20))
    }

    @Test(.enabled(if: cacheCanBeDropped)) func anInputIsNeverDropped() throws {
        let path = try cachedReport(name: "sheet.csv")
        let before = try #require(cachedPages(path))
        #expect(before > 0)
        #expect(!ReplacedFile.dropCache(at: path, inputs: [InputFile(path: "-"), InputFile(path: path)]))
        #expect(cachedPages(path) == before)
    }

    @Test func missingAndSpecialFilesAreLeftAlone() throws {
        let directory = URL(fileURLWithPath: try Sheets.temporaryFile([], name: "placeholder")).deletingLastPathComponent().path
        let fifo = "\(directory)/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(!ReplacedFile.dropCache(at: fifo, inputs: []))
        #expect(!ReplacedFile.dropCache(at: "\(directory)/no-such-report.csv", inputs: []))
        #expect(!ReplacedFile.dropCache(at: "/dev/null", inputs: []))
    }
}
