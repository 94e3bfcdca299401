@testable import PerKit
import Testing

@Suite struct PriceSheetReaderTests {
    func rows(_ csv: [UInt8], chunks size: Int = 1 << 16) throws -> RowCollector {
        let collector = RowCollector()
        let chunks = stride(from: 0, to: max(csv.count, 1), by: size).map { Array(csv[$0..<min($0 + size, csv.count)]) }
        try PriceSheetReader().read(chunks: chunks, as: InputFile(path: "sheet.csv"), into: collector)
        return collector
    }

    @Test func headerNamesMatchIgnoringCaseAndSpaces() throws {
        let collector = try rows(Array(" Price ,UNIT, Name ,Quantity,List\n0.99,l,milk,1,Dairy\n".utf8))
        let row = try #require(collector.rows.first)
        #expect(row.name == "milk")
        #expect(row.quantity == "1")
        #expect(row.unit == "l")
        #expect(row.price == "0.99")
        #expect(row.list == "Dairy")
        #expect(row.location == SourceLocation(file: 0, line: 2))
    }

    @Test func aByteOrderMarkIsStrippedWhateverTheReadSize() throws {
        let csv: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\"name\",\"quantity\",\"unit\",\"price\"\nmilk,1,l,0.99\n".utf8)
        for size in 1...5 {
            let collector = try rows(csv, chunks: size)
            #expect(collector.rows.map(\.name) == ["milk"], "chunk size \(size)")
        }
    }

    @Test func aMissingColumnNamesWhatIsThere() {
        #expect(throws: InputError(file: "sheet.csv", line: 1, .missingColumns(missing: ["quantity"], found: ["Name", "unit", "price"]))) {
            try rows(Array("Name,unit,price\nmilk,l,0.99\n".utf8))
        }
    }

    /// `--column name=price` on a file with a price column says the column is mapped to the
    /// name, not that there is no price column beside a list that names it.
    @Test func aColumnMappedToAnotherFieldIsSaidSo() {
        var options = SheetOptions()
        options.columns[.name] = "price"
        #expect(throws: InputError(file: "sheet.csv", line: 1, .columnMappedElsewhere(field: "price", header: "price", mappedTo: "name"))) {
            try PriceSheetReader(options: options).read(chunks: [Array("name,quantity,unit,price\nmilk,1,l,1\n".utf8)],
                                                        as: InputFile(path: "sheet.csv"), into: RowCollector())
        }
    }

    /// A header of thousands of columns is named by its first 20 and a count: one line.
    @Test func aWideHeaderIsCutInMessages() {
        let error = InputError(file: "sheet.csv", line: 1, .missingColumns(missing: ["name"], found: (0..<400_000).map { "c\($0)" }))
        #expect(error.description.contains("\"c19\", and 399980 more"))
        #expect(error.description.utf8.count < 400)
    }

    /// A byte that is no character in `--encoding` is named with its line and column, wherever
    /// the reads split the file; a UTF-8 byte-order mark read as another encoding is refused
    /// with what to do, not read as a garbled header.
    @Test func encodingErrorsSayWhere() {
        var options = SheetOptions()
        options.encoding = .windows1250
        let bytes = Array("name,quantity,unit,price\nmleko,1,l,1\nmilk".utf8) + [0x81] + Array(",1,l,1\n".utf8)
        for size in [1, 2, 3, 7, bytes.count] {
            let chunks = stride(from: 0, to: bytes.count, by: size).map { Array(bytes[$0..<min($0 + size, bytes.count)]) }
            #expect(throws: InputError(file: "sheet.csv", line: 3, column: 5, .notInEncoding(encoding: "windows-1250", byte: 0x81))) {
                try PriceSheetReader(options: options).read(chunks: chunks, as: InputFile(path: "sheet.csv"), into: RowCollector())
            }
        }
        #expect(throws: InputError(file: "sheet.csv", .utf8MarkInOtherEncoding(encoding: "windows-1250"))) {
            try PriceSheetReader(options: options).read(chunks: [[0xEF, 0xBB, 0xBF] + Array("name,quantity,unit,price\n".utf8)],
                                                        as: InputFile(path: "sheet.csv"), into: RowCollector())
        }
    }

    /// A header read as one field with another delimiter in it (`--delimiter ,` on a `;` file)
    /// says which delimiter it most likely has; other missing columns say nothing of it.
    @Test func aHeaderReadAsOneFieldSuggestsItsDelimiter() {
        for (forced, csv, named) in [(",", "name;quantity;unit;price\na;1;kg;2,50\n", "\";\""),
                                     (";", "name\tquantity\tunit\tprice\na\t1\tkg\t2\n", "tab")] {
            var options = SheetOptions()
            options.delimiter = UInt8(ascii: Unicode.Scalar(forced)!)
            #expect {
                try PriceSheetReader(options: options).read(chunks: [Array(csv.utf8)], as: InputFile(path: "sheet.csv"), into: RowCollector())
            } throws: { error in
                "\(error)".hasSuffix("(the header is one field: is the delimiter \(named)? --delimiter sets it)")
            }
        }
        let single = InputError(file: "sheet.csv", line: 1, .missingColumns(missing: ["price"], found: ["name"]))
        #expect(!single.description.contains("delimiter"))
        let several = InputError(file: "sheet.csv", line: 1, .missingColumns(missing: ["price"], found: ["name;x", "unit"]))
        #expect(!several.description.contains("delimiter"))
    }

    @Test func headerSynonymsAndTheUsersMappingFindTheFields() throws {
        let collector = try rows(Array("SKU,Item_Title,Sales Size,UOM,Retail-Price,Category\n1,milk,1,l,0.99,Dairy\n".utf8))
        let row = try #require(collector.rows.first)
        #expect([row.name, row.quantity, row.unit, row.price, row.list] == ["milk", "1", "l", "0.99", "Dairy"])
        // Two headers that name the name equally well, with no values to choose by, are
        // ambiguous; `Product` says it more strongly than `Description`.
        #expect(throws: InputError(file: "sheet.csv", line: 1, .ambiguousColumn(field: "name", headers: ["Naziv", "Nombre"]))) {
            try rows(Array("Naziv,Nombre,qty,unit,price\n".utf8))
        }
        #expect(try rows(Array("Product,Description,qty,unit,price\nA,B,1,l,1\n".utf8)).rows.first?.name == "A")
        var options = SheetOptions()
        options.columns = [.name: "description", .list: ""]
        let mapped = RowCollector()
        try PriceSheetReader(options: options).read(chunks: [Array("Product,Description,qty,unit,price,category\nA,B,1,l,1,C\n".utf8)],
                                                   as: InputFile(path: "sheet.csv"), into: mapped)
        #expect(mapped.rows.first?.name == "B")
        #expect(mapped.rows.first?.list == nil)
    }

    @Test func theDelimiterIsTheMostFrequentCandidateInTheHeaderLine() throws {
        for (delimiter, csv) in [(";", "name;quantity;unit;price\nmilk;1;l;0,99\n"), ("\t", "name\tquantity\tunit\tprice\nmilk\t1\tl\t0,99\n"),
                                 ("|", "name|quantity|unit|price\nmilk|1|l|0.99\n"),
                                 (",", "name,quantity,unit,price,\"note;a;b;c\"\nmilk,1,l,0.99,x\n")] {
            let collector = try rows(Array(csv.utf8))
            #expect(collector.formats.first?.dialect.delimiter == UInt8(ascii: Unicode.Scalar(delimiter)!), "\(csv)")
            #expect(collector.rows.first?.unit == "l")
        }
    }

    /// Lines before the header that carry nothing (empty, blanks, `,,,` from a spreadsheet) are
    /// no records to the reader, and the sniffer passes them too: the delimiter comes from the
    /// header line and the decimal marks from the rows, as without them. (Both used to come
    /// from the first line: a `,,,` line made "1,234" read as 1234 instead of 1.234.)
    @Test func linesThatCarryNothingBeforeTheHeaderChangeNothing() throws {
        let sheets = [(",", "name,quantity,unit,price\na,1,kg,\"2,50\"\nb,1,kg,\"1,234\"\n"),
                      (";", "name;quantity;unit;price\na;1;kg;2,50\nb;1;kg;1,234\n"),
                      ("\t", "name\tquantity\tunit\tprice\na\t1\tkg\t2,50\nb\t1\tkg\t1,234\n")]
        for (d, sheet) in sheets {
            let plain = try rows(Array(sheet.utf8))
            #expect(plain.rows.count == 2)
            for before in ["\n", "  \n", "\r\n\n", "\t\t\n", "\u{00A0}\n", "\u{202F}\n", "\"\"\n", "\" \"\(d)\"\"\n",
                           "\(d)\(d)\(d)\n", " \(d) \(d)\n\n", "\n\(d)\(d)\(d)\r\n"] {
                let padded = try rows(Array((before + sheet).utf8))
                #expect(padded.formats.first?.dialect.delimiter == plain.formats.first?.dialect.delimiter, "\((before + sheet).debugDescription)")
                #expect(padded.formats.first?.priceNumbers.likely == plain.formats.first?.priceNumbers.likely, "\((before + sheet).debugDescription)")
                #expect(padded.rows.map(\.price) == plain.rows.map(\.price), "\((before + sheet).debugDescription)")
            }
        }
    }

    /// Every record that lies whole in the sniffed window counts as evidence, the last one too,
    /// however far the window's end is from it (the record it cuts is never delivered). The
    /// record that shows the decimal comma here used to be dropped as if cut, so "1,234" read
    /// as 1234 from the comma delimiter's custom.
    @Test func theLastWholeRecordInTheSniffedWindowCounts() throws {
        let start = "name,quantity,unit,price\nAmb,1,kg,\"1,234\"\nEv,1,kg,\"2,50\"\n"
        let window = 64 << 10  // FileParser.sniffWindow
        // The long record ends just inside the window, at its last byte, or past it.
        for padding in [10, 100, window - start.utf8.count - 9, window - start.utf8.count - 8, window, 70_000] {
            let csv = start + String(repeating: "L", count: padding) + ",1,kg,3\n"
            let collector = try rows(Array(csv.utf8))
            #expect(collector.formats.first?.priceNumbers.likely == .comma, "padding \(padding)")
            #expect(collector.rows.first?.price == "1,234")
        }
    }

    /// With sizes read from the names, the names' numbers are the quantity's evidence: names
    /// that show both marks leave a size that reads two ways (`1.200Gr`) to be refused, not
    /// guessed from the delimiter (a Spanish sample read it as 1.2 g where 1.2 kg was meant).
    @Test func sizesInNamesAreTheEvidenceForTheirMark() throws {
        var options = SheetOptions()
        options.sizeFromName = true
        func likely(_ csv: String) throws -> NumberReader.Mark? {
            let collector = RowCollector()
            try PriceSheetReader(options: options).read(chunks: [Array(csv.utf8)], as: InputFile(path: "sheet.csv"), into: collector)
            return collector.formats.first?.quantityNumbers.likely
        }
        #expect(try likely("name,price\n\"Leche 1,5 l\",1\nAgua 0.5 l,2\nCol 1.200Gr,2\n") == nil)
        #expect(try likely("name,price\n\"Leche 1,5 l\",1\nCol 1.200Gr,2\n") == .comma)
        #expect(try likely("name;price\nLeche 1.5 l;1\n") == .point)
        #expect(try likely("name,price\nLeche 1 l,1\n") == .point)  // no evidence: the delimiter's custom
        // A percentage is no size: Queso's 1.250 kg stays 1.25 kg by the delimiter's custom (a
        // review found it read as 1250 kg when every number of a name counted).
        #expect(try likely("name,price\n\"Cerveza 4,5% 33 cl\",1\nQueso 1.250 kg,10\n") == .point)
    }

    @Test func eachNumericColumnsDecimalMarkComesFromItsValuesThenTheDelimiter() throws {
        let kaufland = try rows(Array("name\tquantity\tunit\tprice\na\t0.460\tkg\t       7,99\nb\t1.000\tkg\t1.299,00\n".utf8))
        #expect(kaufland.formats.first?.quantityNumbers.likely == .point)
        #expect(kaufland.formats.first?.priceNumbers.likely == .comma)
        let semicolon = try rows(Array("name;quantity;unit;price\na;1;kg;1\n".utf8))
        #expect(semicolon.formats.first?.priceNumbers.likely == .comma)
        let mixed = try rows(Array("name,quantity,unit,price\na,1,kg,\"3,15 €\"\nb,1,kg,2.99 €\n".utf8))
        #expect(mixed.formats.first?.priceNumbers.likely == nil)
    }

    @Test func aDuplicatedColumnIsRefused() {
        #expect(throws: InputError(file: "sheet.csv", line: 1, .duplicateColumn(name: "price", first: 4, second: 5))) {
            try rows(Array("name,quantity,unit,price,PRICE\nmilk,1,l,0.99,1.09\n".utf8))
        }
    }

    @Test func anEmptyFileHasNoHeader() {
        #expect(throws: InputError(file: "sheet.csv", .empty)) { try rows([]) }
        #expect(throws: InputError(file: "sheet.csv", .empty)) { try rows(Array("\n\n  \n".utf8)) }
    }

    @Test func aMalformedFileSaysWhereWithTheFileName() {
        // A damaged header leaves nothing to read the rows by.
        #expect(throws: InputError(file: "sheet.csv", line: 2, column: 7, .syntax(.textAfterClosingQuote))) {
            try rows(Array("\n\"name\"x,quantity,unit,price\nmilk,1,l,1\n".utf8))
        }
        let error = InputError(file: "week.csv", line: 3, column: 7, .syntax(.textAfterClosingQuote))
        #expect(error.description.hasPrefix("week.csv:3:7: text follows a closing quote"))
        #expect(InputError(file: "-", line: 2, .syntax(.unterminatedQuote)).description
            == "<stdin>:2: a quoted field opened on this line is never closed")
    }

    @Test func headerErrorsNameTheHeadersLine() {
        #expect(throws: InputError(file: "sheet.csv", line: 3, .missingColumns(missing: ["quantity"], found: ["name", "x", "unit", "price"],
                                                                              fix: "the closest is \"x\": --column quantity=x reads it as the quantity"))) {
            try rows(Array("\n\nname,x,unit,price\nmilk,1,l,1\n".utf8))
        }
    }

    @Test func rowsOfEmptyFieldsOnlyAreNoRows() throws {
        let collector = try rows(Array("name,quantity,unit,price\nmilk,1,l,1\n,,,\n , ,\"\", \n".utf8))
        #expect(collector.rows.count == 1)
    }

    @Test func readsEveryFileAndCollectsEveryFileError() {
        let files = [InputFile(path: "/nonexistent/a.csv"), InputFile(path: "/"), InputFile(path: "/nonexistent/b.csv")]
        let errors = PriceSheetReader().read(files, into: RowCollector())
        #expect(errors.map(\.file) == ["/nonexistent/a.csv", "/", "/nonexistent/b.csv"])
        #expect(errors[1].problem == .isDirectory)
        let allUnreadable = errors.allSatisfy(\.isUnreadable)
        #expect(allUnreadable)
    }

    /// Excel's first line `sep=;` declares the delimiter and is no header; the decimal marks are
    /// sniffed from the rows under the real header.
    @Test func anExcelSepLineDeclaresTheDelimiter() throws {
        let collector = try rows(Array("sep=;\r\nname;quantity;unit;price\r\nmilk;1,5;l;0,99\r\n".utf8))
        #expect(collector.rows.map(\.name) == ["milk"])
        #expect(collector.rows.first?.location.line == 3)
        #expect(collector.formats.first?.dialect.delimiter == UInt8(ascii: ";"))
        #expect(collector.formats.first?.quantityNumbers.likely == .comma)
    }
}
