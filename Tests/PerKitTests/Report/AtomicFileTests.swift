import Foundation
@testable import PerKit
import Testing

/// Reports replace their targets whole, under any name the system takes, and what a killed
/// run left is cleared by the next run that writes the same report.
@Suite struct AtomicFileTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// The names in the directory, as bytes.
    func names() -> [[UInt8]] {
        guard let folder = opendir(directory) else { return [] }
        defer { closedir(folder) }
        var names: [[UInt8]] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(while: { $0 != 0 })) }
            if name != [0x2E] && name != [0x2E, 0x2E] { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    func write(_ path: PathName, _ text: String) throws {
        let file = try AtomicFile(path: path, inputs: [])
        let out = OutputBuffer(descriptor: file.descriptor)
        out.append(text)
        try out.flush()
        try file.commit()
    }

    @Test func aNameThatIsNoUTF8IsTheFileWritten() throws {
        let name: [UInt8] = [0x72, 0x65, 0x70, 0xE9, 0x2E, 0x6D, 0x64]       // rep\xE9.md
        try write(PathName(argumentText: directory + "/").appending(PathName(bytes: name)), "report\n")
        #expect(names() == [name])
    }

    @Test func aNameOfTheLongestLengthTakesATemporaryNameWithinTheLimit() throws {
        let name = String(repeating: "a", count: 252) + ".md"
        try write(PathName(argumentText: "\(directory)/\(name)"), "report\n")
        #expect(names() == [Array(name.utf8)])
        let pattern = AtomicFile.temporaryPattern(for: PathName(argumentText: "\(directory)/\(name)"))
        #expect(pattern.name.count + 6 == AtomicFile.nameLimit)
    }

    @Test func leftoversOfDeadRunsGoAndNothingElse() throws {
        let target = PathName(argumentText: "\(directory)/report.md")
        let pattern = AtomicFile.temporaryPattern(for: target)
        for name in ["report.md.tmp-Ab12Cd", "report.md.tmp-live00", "report.md.tmp-short", "report.md.tmp-ABCDEFG",
                     "other.md.tmp-Ab12Cd", "report.md"] {
            FileManager.default.createFile(atPath: "\(directory)/\(name)", contents: Data("x".utf8))
        }
        try FileManager.default.createDirectory(atPath: "\(directory)/report.md.tmp-dir000", withIntermediateDirectories: false)
        // A run still writing holds its file locked.
        let live = open("\(directory)/report.md.tmp-live00", O_RDONLY)
        defer { close(live) }
        #expect(flock(live, LOCK_EX | LOCK_NB) == 0)
        AtomicFile.removeLeftovers(of: pattern, keeping: [], olderThan: 0)
        #expect(names().map { String(decoding: $0, as: UTF8.self) } == [
            "other.md.tmp-Ab12Cd", "report.md", "report.md.tmp-ABCDEFG", "report.md.tmp-dir000", "report.md.tmp-live00",
            "report.md.tmp-short",
        ])
    }

    @Test func aFileJustCreatedOrBeingWrittenIsNoLeftover() throws {
        let target = PathName(argumentText: "\(directory)/report.md")
        let file = try AtomicFile(path: target, inputs: [])
        let pattern = AtomicFile.temporaryPattern(for: target)
        AtomicFile.removeLeftovers(of: pattern, keeping: [], olderThan: 0)
        #expect(names().count == 1, "the run's own temporary file, locked")
        FileManager.default.createFile(atPath: "\(directory)/report.md.tmp-Zz9Zz9", contents: Data("x".utf8))
        AtomicFile.removeLeftovers(of: pattern, keeping: [], olderThan: 60)
        #expect(names().count == 2, "a file created a moment ago")
        file.discard()
        #expect(names() == [Array("report.md.tmp-Zz9Zz9".utf8)])
    }
}
