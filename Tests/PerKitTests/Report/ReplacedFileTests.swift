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

    /// The machine-wide amount not yet written, as the tests set it: the real one moves with
    /// whatever the build just wrote.
    private let clean: () -> Int? = { 0 }

    @Test(.enabled(if: cacheCanBeDropped)) func theReplacedReportLeavesTheCacheAndKeepsItsBytes() throws {
        let path = try cachedReport(name: "report.csv")
        #expect(try #require(cachedPages(path)) > 0)
        #expect(ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [InputFile(path: "other.csv")], dirtyBytes: clean))
        #expect(cachedPages(path) == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(repeating: UInt8(ascii: "x"), count: 1 << 20))
    }

    /// An input named by its own path, by another link to it, or given as standard input.
    @Test(.enabled(if: cacheCanBeDropped)) func anInputIsNeverDropped() throws {
        let path = try cachedReport(name: "sheet.csv")
        let before = try #require(cachedPages(path))
        #expect(before > 0)
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [InputFile(path: "-"), InputFile(path: path)], dirtyBytes: clean))
        let link = path + ".link"
        #expect(Glibc.link(path, link) == 0)
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [InputFile(path: link)], dirtyBytes: clean))
        let saved = dup(STDIN_FILENO)
        let descriptor = open(path, O_RDONLY)
        #expect(dup2(descriptor, STDIN_FILENO) == STDIN_FILENO)
        let dropped = ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [InputFile(path: "-")], dirtyBytes: clean)
        dup2(saved, STDIN_FILENO)
        close(saved)
        close(descriptor)
        #expect(!dropped)
        #expect(cachedPages(path) == before)
    }

    /// With as much not yet written on the machine as a quarter of the file (1 MiB here),
    /// dropping could mean writing much of it out only to delete it: nothing is dropped.
    @Test(.enabled(if: cacheCanBeDropped)) func nothingIsDroppedWhileMuchIsUnwritten() throws {
        let path = try cachedReport(name: "report.csv")
        let before = try #require(cachedPages(path))
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [], dirtyBytes: { 256 << 10 }))
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [], dirtyBytes: { nil }))
        #expect(cachedPages(path) == before)
        #expect(ReplacedFile.dropCache(at: PathName(argumentText: path), inputs: [], dirtyBytes: { (256 << 10) - 1 }))
        #expect(cachedPages(path) == 0)
    }

    @Test func theMachinesUnwrittenBytesAreReadFromMeminfo() throws {
        let text = "MemTotal:       24684012 kB\nDirtyish:   9 kB\nDirty:              1372 kB\nWriteback:         0 kB\n"
        #expect(ReplacedFile.dirtyBytes(meminfo: ArraySlice(text.utf8)) == 1372 * 1024)
        #expect(ReplacedFile.dirtyBytes(meminfo: ArraySlice("Dirty: 12 MB\n".utf8)) == nil)
        #expect(ReplacedFile.dirtyBytes(meminfo: ArraySlice("MemTotal: 1 kB\n".utf8)) == nil)
        #expect(try #require(ReplacedFile.systemDirtyBytes()) >= 0)
    }

    @Test func missingAndSpecialFilesAreLeftAlone() throws {
        let directory = URL(fileURLWithPath: try Sheets.temporaryFile([], name: "placeholder")).deletingLastPathComponent().path
        let fifo = "\(directory)/report.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: fifo), inputs: []))
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: "\(directory)/no-such-report.csv"), inputs: []))
        #expect(!ReplacedFile.dropCache(at: PathName(argumentText: "/dev/null"), inputs: []))
    }
}
