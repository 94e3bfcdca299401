@testable import PerKit
import Testing

/// A file that is not UTF-8 is read in the encoding its bytes fit, decided once from them.
@Suite struct EncodingGuessTests {
    static func bytes(_ text: String, in encoding: TextEncoding) -> [UInt8] {
        let table = EncodingGuess.table(for: encoding)
        return text.unicodeScalars.map { scalar in
            if scalar.isASCII { return UInt8(scalar.value) }
            return UInt8(0x80 + table.firstIndex(of: scalar)!)
        }
    }

    static func decide(_ bytes: [UInt8]) -> EncodingGuess.Outcome {
        bytes.withUnsafeBufferPointer { EncodingGuess.decide(head: $0, isWhole: true) }
    }

    static let croatian = "naziv;neto količina;cijena\nČokolada lješnjak;0,1;1,99\nŠećer;1;0,99\nĐuveč;0,68;2,49\nŽitarice;0,5;3,29\n"
    static let german = "Bezeichnung;Inhalt;Preis\nMüsli Früchte;750 g;2,99\nWeißwein Grüner Veltliner;0,75 l;4,99\nÄpfel süß;1 kg;2,49\n"
    static let french = "désignation;poids net;prix TTC\nCrème fraîche épaisse;20 cl;1,45\nPâté de campagne à l'ancienne;200 g;2,10\nCafé moulu;250 g;3,49\n"
    static let spanish = "Nombre;Precio\nLeche entera 1 l;0,99\nJamón ibérico 100 g;4,95\nPiñones 50 g;3,20\nAzúcar 1 kg;1,15\n"

    @Test(arguments: [
        (croatian, TextEncoding.windows1250), (croatian, .iso88592), (german, .windows1252), (german, .iso88591),
        (french, .windows1252), (spanish, .windows1252), (spanish, .iso88591),
    ])
    func aFileIsReadInTheEncodingItsLettersFit(_ text: String, _ written: TextEncoding) {
        let outcome = Self.decide(Self.bytes(text, in: written))
        #expect(outcome.notUTF8)
        // The letters read back as written: the encoding decided, or one that reads them alike
        // (German's umlauts and Spanish's ñ sit at the same bytes in Windows-1252 and ISO-8859-1).
        let table = EncodingGuess.table(for: outcome.encoding)
        let read = String(String.UnicodeScalarView(Self.bytes(text, in: written).map { byte in
            byte < 0x80 ? Unicode.Scalar(byte) : table[Int(byte) - 0x80]!
        }))
        #expect(read == text, "\(written) read as \(outcome.encoding)")
    }

    @Test func utf8AndAsciiAreUTF8() {
        #expect(Self.decide(Array(Self.croatian.utf8)) == EncodingGuess.Outcome(encoding: .utf8, notUTF8: false))
        #expect(Self.decide(Array("name,quantity,unit,price\nmilk,1,l,0.99\n".utf8)).encoding == .utf8)
    }

    /// A UTF-8 file with one stray byte of another encoding stays UTF-8: its other letters are
    /// not turned into others; the row with the stray byte is rejected saying so.
    @Test func aUTF8FileWithAStrayByteStaysUTF8() {
        let bytes = Array("name;price\nČokolada;1\nŠećer;2\nĐuveč;3\nKava ".utf8) + [0xE8] + Array(";4\n".utf8)
        #expect(Self.decide(bytes).encoding == .utf8)
    }

    /// A plain ASCII start and Windows-1250 further in: the samples past the head decide.
    @Test func samplesPastAnAsciiHeadDecide() {
        let head = Array("naziv;cijena\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100)
        let later = Self.bytes("Čokolada lješnjak;1,99\nŠećer;0,99\nĐuveč;2,49\n", in: .windows1250)
        let outcome = head.withUnsafeBufferPointer { EncodingGuess.decide(head: $0, isWhole: false, samples: [later]) }
        #expect(outcome == EncodingGuess.Outcome(encoding: .windows1250, notUTF8: true))
    }

    /// End to end: a Windows-1250 export with no options is read whole, its names as written,
    /// and the file's reading line says how.
    @Test func aWindows1250ExportIsReadWithNoOptions() throws {
        let path = try Sheets.temporaryFile(Self.bytes("naziv;neto količina;jedinica mjere;MPC (EUR)\nČokolada lješnjak;0,1;kg;1,99\n"
                                                       + "Šećer;1;kg;0,99\n", in: .windows1250), name: "cjenik.csv")
        let validator = Validator(files: [InputFile(path: path)])
        #expect(validator.read().isEmpty)
        let sheet = validator.finish()
        #expect(sheet.counts.ranked == 2 && sheet.counts.rejected == 0)
        #expect(sheet.products.map { String(decoding: sheet.name(of: $0), as: UTF8.self) } == ["Čokolada lješnjak", "Šećer"])
        #expect(sheet.notes.first?.description.contains("read as windows-1250 (its bytes are not UTF-8)") == true, "\(sheet.notes)")
    }

    /// A regular file whose first letters come after 64 KiB of ASCII: its first 4 MiB are read
    /// for the encoding. (Before: three short samples missed them, and 494 rows were rejected.)
    @Test func lettersPastTheHeadOfARegularFileDecide() throws {
        var text = "naziv;cijena\n"
        for index in 0..<4000 { text += "Artikl \(index);1,\(index % 90 + 10)\n" }
        for index in 0..<300 { text += "Čokolada lješnjak \(index);1,99\n" }
        let path = try Sheets.temporaryFile(Self.bytes(text, in: .windows1250), name: "late.csv")
        let outcome = try PriceSheetReader.encoding(of: InputFile(path: path), size: Self.bytes(text, in: .windows1250).count)
        #expect(outcome == EncodingGuess.Outcome(encoding: .windows1250, notUTF8: true))
    }
}
