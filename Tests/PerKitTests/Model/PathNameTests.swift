@testable import PerKit
import Testing

/// Paths are bytes: what the command line gives reaches the system as given.
@Suite struct PathNameTests {
    @Test(arguments: [
        [UInt8]("café.csv".utf8),
        [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x63, 0x73, 0x76],          // caf\xE9.csv, Latin-1
        [0xC0, 0x80, 0xED, 0xA0, 0x80, 0xF5, 0xFF, 0x80],          // overlong, surrogate, no UTF-8 at all
        [0x61, 0xE2, 0x82],                                          // cut short at the end
        Array("\u{10FF80}\u{10FFFF}x".utf8),                        // the stand-ins themselves, as UTF-8
        [0x2D],
    ])
    func everyByteOfAnArgumentReadsBack(bytes: [UInt8]) {
        let text = PathName.argumentText(bytes)
        #expect(PathName(argumentText: text).bytes == bytes)
    }

    @Test func randomArgumentsReadBack() {
        var random = SplitMix(state: 20)
        for _ in 0..<2000 {
            let bytes = (0..<Int(random.next() % 12)).map { _ in UInt8(truncatingIfNeeded: random.next() % 255 + 1) }
            #expect(PathName(argumentText: PathName.argumentText(bytes)).bytes == bytes, "\(bytes)")
        }
    }

    @Test func utf8IsTextAsItIs() {
        #expect(PathName.argumentText(Array("prices/week 47 – Käse.csv".utf8)) == "prices/week 47 – Käse.csv")
        #expect(PathName(argumentText: "prices/Käse.csv").bytes == Array("prices/Käse.csv".utf8))
    }

    @Test func messagesEscapeWhatIsNoUTF8AndControlCharacters() {
        #expect(PathName(bytes: [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x63, 0x73, 0x76]).description == "caf\\xE9.csv")
        #expect(PathName(bytes: Array("a\nb\t.csv".utf8)).description == "a\\x0Ab\\x09.csv")
        #expect(PathName(bytes: Array("\u{10FF80}".utf8)).description == "\\xF4\\x8F\\xBE\\x80")
        #expect(PathName(bytes: Array("Käse.csv".utf8)).description == "Käse.csv")
    }

    @Test func componentsAndDirectories() {
        #expect(PathName("reports/week/a.md").lastComponent == Array("a.md".utf8))
        #expect(PathName("reports/week/a.md").directory == "reports/week")
        #expect(PathName("a.md").directory == ".")
        #expect(PathName("/a.md").directory == "/")
        #expect(PathName("dir/").lastComponent == Array("dir".utf8))
        #expect(InputFile(path: PathName(bytes: [0x64, 0x2F, 0x63, 0x61, 0x66, 0xE9, 0x2E, 0x63, 0x73, 0x76])).defaultListName == "caf\\xE9")
    }
}
