import PerKit
import Testing

@Suite struct DecimalParserTests {
    static func parse(_ text: String, mark: Character = ".") -> Result<ExactDecimal, DecimalParser.Failure> {
        var bytes = Array(text.utf8)
        let parser = DecimalParser(decimalMark: mark.asciiValue!)
        return bytes.withUnsafeMutableBufferPointer { parser.parse(UnsafeBufferPointer($0)) }
    }

    @Test(arguments: [
        ("2.49", "2.49"), ("2.50", "2.50"), (".5", "0.5"), ("5.", "5"), ("+2.49", "2.49"), ("  7.99 ", "7.99"),
        ("0007", "7"), ("0.001", "0.001"), ("28.349523125", "28.349523125"), ("0", "0"), ("-0", "0"),
        ("999999999999999999", "999999999999999999"), ("0.000000000000000001", "0.000000000000000001"),
    ])
    func acceptsPlainDecimals(_ text: String, _ canonical: String) throws {
        let value = try Self.parse(text).get()
        #expect(value.text == canonical)
    }

    @Test(arguments: [
        ("", DecimalParser.Failure.empty), ("   ", .empty), ("abc", .notANumber), ("1e3", .notANumber),
        ("1e309", .notANumber), ("0x10", .notANumber), ("1_000", .notANumber), ("NaN", .notANumber),
        ("inf", .notANumber), ("-Infinity", .notANumber), ("1,5", .notANumber), ("1,234.50", .notANumber),
        ("3.49abc", .notANumber), ("$3.49", .notANumber), ("1.2.3", .notANumber), (".", .notANumber),
        ("+", .notANumber), ("0\u{a0}99", .notANumber), ("1 234.50", .notANumber), ("-0.99", .negative),
        ("-1", .negative), ("99999999999999999999", .tooManyDigits), ("0.0000000000000000001", .tooManyDigits),
    ])
    func refusesAnythingElseWithTheReason(_ text: String, _ failure: DecimalParser.Failure) {
        #expect(Self.parse(text) == .failure(failure))
    }

    @Test func readsADecimalCommaWhenToldTo() throws {
        #expect(try Self.parse("3,69", mark: ",").get().text == "3.69")
        #expect(try Self.parse(",69", mark: ",").get().text == "0.69")
        #expect(Self.parse("3.69", mark: ",") == .failure(.notANumber))
    }

    @Test func comparesValuesAcrossScales() {
        let half: ExactDecimal = "0.5"
        let halfWritten: ExactDecimal = "0.50"
        #expect(half.compareValue(halfWritten) == 0)
        #expect(half != halfWritten)
        #expect(("0.49" as ExactDecimal).compareValue(half) == -1)
        #expect(("999999999999999999" as ExactDecimal).compareValue("0.000000000000000001") == 1)
    }
}
