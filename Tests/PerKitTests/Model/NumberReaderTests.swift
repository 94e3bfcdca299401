import PerKit
import Testing

@Suite struct NumberReaderTests {
    static func read(_ text: String, _ reader: NumberReader = .plain) -> Result<NumberReader.Reading, NumberReader.Failure> {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { reader.read(UnsafeBufferPointer($0)) }
    }

    static func value(_ text: String, _ reader: NumberReader) -> String? {
        try? read(text, reader).get().value.text
    }

    static let auto = NumberReader()
    static let prices = NumberReader(allowsCurrency: true)

    /// Issue 39: a line break at a cell's ends is a blank (web pages' text, `"\n1,17 €"`), never
    /// one inside a number; and the symbols CLDR gives one currency alone are currencies.
    @Test func lineBreaksAroundAValueAndCLDRSymbolsRead() throws {
        #expect(try Self.read("\n1,17 €\r\n", Self.prices).get().value.text == "1,17".replacingOccurrences(of: ",", with: "."))
        #expect((try? Self.read("1\n234", Self.prices).get()) == nil)
        #expect(try Self.read("S/ 7.39", Self.prices).get().currency?.code == "PEN")
        #expect(try Self.read("R$ 12,90", Self.prices).get().currency?.code == "BRL")
        #expect(try Self.read("1 299 Ft", Self.prices).get().currency?.code == "HUF")
    }

    @Test(arguments: [
        ("2.49", "2.49"), ("2.50", "2.50"), (".5", "0.5"), ("5.", "5"), ("+2.49", "2.49"), ("  7.99 ", "7.99"),
        ("0007", "7"), ("0.001", "0.001"), ("28.349523125", "28.349523125"), ("0", "0"), ("-0", "0"),
        ("999999999999999999", "999999999999999999"), ("0.000000000000000001", "0.000000000000000001"),
        ("1.500", "1.500"),
    ])
    func thePlainGrammarReadsDecimalPoints(_ text: String, _ canonical: String) throws {
        #expect(try Self.read(text).get().value.text == canonical)
    }

    @Test(arguments: [
        ("", NumberReader.Failure.empty), ("   ", .empty), ("abc", .notANumber), ("1e3", .notANumber),
        ("1e309", .notANumber), ("0x10", .notANumber), ("1_000", .notANumber), ("NaN", .notANumber),
        ("inf", .notANumber), ("-Infinity", .notANumber), ("1,5", .notANumber), ("3.49abc", .notANumber),
        ("$3.49", .notANumber), ("1.2.3", .notANumber), (".", .notANumber), ("+", .notANumber),
        ("-0.99", .negative), ("-1", .negative), ("99999999999999999999", .tooManyDigits),
        ("0.0000000000000000001", .tooManyDigits), ("1..5", .notANumber), ("2/$9.00", .notANumber),
    ])
    func thePlainGrammarRefusesEverythingElse(_ text: String, _ failure: NumberReader.Failure) {
        #expect(Self.read(text) == .failure(failure))
    }

    @Test(arguments: [
        ("3,69", "3.69"), (",69", "0.69"), ("0,500", "0.500"), ("0.460", "0.460"), ("1,5", "1.5"),
        ("1,234.50", "1234.50"), ("1.234,50", "1234.50"), ("1 234.50", "1234.50"), ("1\u{a0}234,50", "1234.50"),
        ("1'234.50", "1234.50"), ("1.234.567", "1234567"), ("1,234,567.8", "1234567.8"), ("12345,678", "12345.678"),
        ("       7,99", "7.99"), ("2.99", "2.99"),
    ])
    func eitherMarkIsReadWhereTheValueShowsWhichItIs(_ text: String, _ canonical: String) {
        #expect(Self.value(text, Self.auto) == canonical)
    }

    /// French formatting puts a narrow no-break space (U+202F) between digit groups and before
    /// the currency; around the number it is trimmed like a no-break space (it was "not a
    /// number", a review found).
    /// A small price in pence or cents is hundredths (`85p` is £0.85, never £85); only whole
    /// digits, and only where a currency may stand.
    @Test(arguments: [("85p", "0.85", "GBP"), ("5p", "0.05", "GBP"), ("120 p", "1.20", "GBP"), ("99¢", "0.99", nil)])
    func penceAndCentsAreHundredths(_ text: String, _ value: String, _ currency: String?) throws {
        let reading = try Self.read(text, Self.prices).get()
        #expect(reading.value.text == value)
        #expect(reading.currency?.code == currency)
    }

    @Test(arguments: ["1.20p", "12345p", "p", "£85p", "-85p", "85 pence"])
    func otherPenceAreNoPrices(_ text: String) {
        #expect(Self.value(text, Self.prices) == nil, "\(text)")
        #expect(Self.value("85p", Self.auto) == nil)
    }

    @Test func narrowNoBreakSpacesAroundAPriceAreTrimmed() {
        #expect(Self.value("2,50\u{202F}\u{20AC}", Self.prices) == "2.50")
        #expect(Self.value("\u{202F}2,50", Self.prices) == "2.50")
        #expect(Self.value("1\u{202F}234,50\u{202F}", Self.auto) == "1234.50")
        #expect(Self.value("\u{202F}", Self.auto) == nil)
    }

    @Test(arguments: ["1,234", "1.234", "315.000", "999,999"])
    func aValueThatReadsTwoWaysIsRefusedWithoutEvidence(_ text: String) {
        #expect(Self.read(text, Self.auto) == .failure(.ambiguous))
    }

    @Test func theColumnsLikelyMarkDecidesAValueThatReadsTwoWays() {
        #expect(Self.value("1,234", NumberReader(likely: .comma)) == "1.234")
        #expect(Self.value("1,234", NumberReader(likely: .point)) == "1234")
        #expect(Self.value("1.500", NumberReader(likely: .comma)) == "1500")
        #expect(Self.value("1.500", NumberReader(likely: .point)) == "1.500")
    }

    @Test func aForcedMarkLeavesTheOtherForGroupingOnly() {
        let comma = NumberReader(forced: .comma)
        #expect(Self.value("1.234,5", comma) == "1234.5")
        #expect(Self.value("1.234", comma) == "1234")
        #expect(Self.read("2.99", comma) == .failure(.notANumber))
        #expect(Self.value("2,99", comma) == "2.99")
    }

    @Test(arguments: [
        ("$3.49", "3.49", "$"), ("3,15 €", "3.15", "EUR"), ("3,45\u{a0}€", "3.45", "EUR"), ("EUR 2.99", "2.99", "EUR"),
        ("2.99 €", "2.99", "EUR"), ("3.49 EUR", "3.49", "EUR"), ("US$ 5", "5", "USD"), ("12,50 kn", "12.50", "HRK"),
        ("€1.234,50", "1234.50", "EUR"),
    ])
    func pricesMayCarryACurrency(_ text: String, _ canonical: String, _ code: String) throws {
        let reading = try Self.read(text, Self.prices).get()
        #expect(reading.value.text == canonical)
        #expect(reading.currency == Currency(code: code)!)
    }

    @Test(arguments: ["3.49 EURO", "$ 3 $", "abc 3", "25 ct"])
    func onlyKnownCurrenciesAreStripped(_ text: String) {
        #expect(Self.read(text, Self.prices) == .failure(.notANumber))
    }

    @Test func currenciesAreNotReadInQuantities() {
        #expect(Self.read("$3.49", Self.auto) == .failure(.notANumber))
    }

    @Test func valuesReportTheMarkTheyShow() throws {
        #expect(try Self.read("3,69", Self.auto).get().evidence == .comma)
        #expect(try Self.read("0.460", Self.auto).get().evidence == .point)
        #expect(try Self.read("12", Self.auto).get().evidence == nil)
        #expect(try Self.read("1,234", NumberReader(likely: .point)).get().evidence == nil)
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
