import Foundation
import Testing

/// A newcomer's first runs on a receipt: right numbers, or a message that names the options
/// that read the file right.
@Suite struct ReceiptTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-receipts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("Item,Qty,Total\nWhole Milk 1 l,2,1.98\nButter 250 g,2,4.58\n".utf8).write(to: directory.appendingPathComponent("receipt.csv"))
    }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(arguments, in: directory)
    }

    /// The receipt: per reads Qty as counts and says so; the milk is 0.99 per l; the
    /// butter, of another dimension, gets a hint that names the options; with one of them it is
    /// 9.16 per kg.
    @Test func theFirstRunOnAReceiptGivesRightNumbersAndTheOptionsForTheRest() throws {
        let first = try run(["report", "receipt.csv"])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdoutText.contains("| 1 | Whole Milk 1 l | 2 × 1 l | 1.98 | 0.99 | Best value |"), "\(first)")
        #expect(first.stderrText.contains("\"Qty\" holds whole numbers and the file has no unit column: read as how many packs"))
        #expect(first.stderrText.contains("--list-from-name ranks each product"), "\(first)")
        let second = try run(["report", "--list-from-name", "--format", "csv", "receipt.csv"])
        #expect(second.stdoutText.contains("Butter,1,Butter 250 g,500,g,2,250,4.58,,9.1600,kg,0.0,\n"), "\(second)")
        #expect(second.stdoutText.contains("Whole Milk,1,Whole Milk 1 l,2,l,2,1,1.98,,0.9900,l,0.0,\n"), "\(second)")
        let quiet = try run(["report", "--quiet", "-o", "out.md", "receipt.csv"])
        #expect(quiet.stderrText.isEmpty, "\(quiet)")
    }

    /// A quantity column that per cannot tell for counts (names without sizes) is read as
    /// sizes, and each row's message names the option that reads it as counts.
    @Test func aQuantityNotReadAsCountsSaysHowToReadItSo() throws {
        try Data("Prekė;Kiekis;Suma\nBrokoliai 500 g;1;1,75\nFeta sūris;1;2,69\nAgurkas;1;0,99\n".utf8)
            .write(to: directory.appendingPathComponent("kvitas.csv"))
        let result = try run(["report", "--format", "json", "kvitas.csv"])
        #expect(result.stderrText.contains("kvitas.csv: a row has a whole-number quantity and no unit: if \"Kiekis\" counts the packs "
                                           + "bought, --column count=Kiekis reads it so"), "\(result)")
        #expect(!result.stdoutText.contains("--column count"), "said once, on standard error")
    }

    /// Reports of receipts compare week over week: `per diff` reads them back.
    @Test func receiptReportsDiff() throws {
        try Data("Item,Qty,Total\nWhole Milk 1 l,2,2.18\nButter 250 g,2,4.58\n".utf8).write(to: directory.appendingPathComponent("next.csv"))
        #expect(try run(["report", "--list-from-name", "--format", "json", "-o", "old.json", "receipt.csv"]).status == 0)
        #expect(try run(["report", "--list-from-name", "--format", "json", "-o", "new.json", "next.csv"]).status == 0)
        let diff = try run(["diff", "--format", "csv", "old.json", "new.json"])
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stdoutText.contains("Whole Milk,Whole Milk 1 l,2 l,,rose"), "\(diff)")
    }
}
