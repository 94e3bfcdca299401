import Foundation
import Testing

/// Issue 32: one spelling an option. The key, the shop's stated unit price and what it is per
/// are named by their own options (`--key`, `--stated-unit-price`, `--stated-per-column`), not
/// by `--column FIELD=HEADER` as well; that spelling fails as bad usage, naming the other.
@Suite struct OptionSpellingTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("per-spelling-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("name,quantity,unit,price,ean,per kg\nMilk,1,l,1.00,385001,1.00\nRice,1,kg,2.00,385002,2.00\n".utf8)
            .write(to: directory.appendingPathComponent("sheet.csv"))
        try Data("item,key\nMilk,385001\n".utf8).write(to: directory.appendingPathComponent("list.csv"))
    }

    func run(_ arguments: [String]) throws -> PerProcess.Result {
        try PerProcess.run(arguments, in: directory)
    }

    static let commands = [["report", "sheet.csv"], ["diff", "sheet.csv", "sheet.csv"], ["history", "sheet.csv"], ["sales", "sheet.csv"],
                           ["basket", "list.csv", "sheet.csv"], ["inspect", "sheet.csv"]]

    @Test(arguments: commands)
    func columnNamesNoFieldThatHasItsOwnOption(_ command: [String]) throws {
        for (mapping, sentence) in [("key=ean", "--column key=ean: write --key ean."),
                                    ("Key=", "--column Key=: write --key none."),
                                    ("stated-unit-price=per kg", "--column stated-unit-price=per kg: write --stated-unit-price per kg."),
                                    ("stated-per=unit", "--column stated-per=unit: write --stated-per-column unit.")] {
            let result = try run([command[0], "--column", mapping] + command.dropFirst())
            #expect(result.status == 64, "\(result)")
            #expect(result.stderrText.hasPrefix("Error: \(sentence)\n"), "\(result)")
            #expect(result.stdout.isEmpty, "\(result)")
        }
        // An unknown field is told the fields --column names, which no longer include them.
        let unknown = try run([command[0], "--column", "ean=ean"] + command.dropFirst())
        #expect(unknown.status == 64, "\(unknown)")
        #expect(unknown.stderrText.hasPrefix("Error: --column ean=ean: the field must be one of list, name, quantity, unit, price, count, "
                                             + "pack-price, sale-price, card-price.\n"), "\(unknown)")
    }

    /// What per says of a column read by an option names that option, not the spelling gone.
    @Test func aColumnReadByItsOwnOptionIsSaidSo() throws {
        let inspect = try run(["inspect", "--key", "ean", "--stated-unit-price", "per kg", "sheet.csv"])
        #expect(inspect.status == 0, "\(inspect)")
        #expect(inspect.stdoutText.contains("5. \"ean\": key (--key ean)"), "\(inspect)")
        #expect(inspect.stdoutText.contains("6. \"per kg\": stated unit price (--stated-unit-price 'per kg')"), "\(inspect)")
        // Named by the user, so not inferred: the reading line offers no --column for them.
        let report = try run(["report", "--key", "ean", "--stated-unit-price", "per kg", "sheet.csv"])
        #expect(report.status == 0, "\(report)")
        #expect(!report.stderrText.contains("--column FIELD=HEADER"), "\(report)")
        let taken = try run(["report", "--key", "name", "sheet.csv"])
        #expect(taken.status == 65, "\(taken)")
        #expect(taken.stderrText.contains("the \"name\" column is read as the key (--key name), so the file has no name"), "\(taken)")
    }
}
