/// Rows of a kind that `Validator` counts per file as it takes them, to say once per file at
/// the end rather than once a row: each kind a note (`Diagnostic`) naming how many rows, and
/// the first one's line or the column concerned. A new such finding is a case here, its
/// sentence in `note`, and a `count` where `Validator` meets the row.
struct RowTallies {
    /// What is counted, in the order the notes come in.
    enum Kind: Int, CaseIterable {
        /// Rejected rows with a whole-number quantity and no unit: perhaps a count of packs.
        case wholeQuantity
        /// Card-price cells that do not read, passed over without `--card`.
        case unreadableCard
        /// Ranked products whose key cell is empty, in a file with a key column.
        case keyless
        /// Ranked products whose price cell says what it is per (`$3.99/lb`: `PricePerBasis`).
        case pricedPerBasis
        /// Ranked products whose size is their price over the shop's unit price (`SizeFromStatedPrice`).
        case sizeFromStated
    }

    private struct Count {
        var count = 0
        /// The first row's line.
        var line = 0
        /// The column concerned (its title as written).
        var header = ""
    }

    /// By kind, then by file index.
    private var tallies: [[Int: Count]] = Array(repeating: [:], count: Kind.allCases.count)

    /// Counts a row of `file`; the first one's line and `header` are kept.
    mutating func count(_ kind: Kind, file: Int, line: Int, header: String = "") {
        tallies[kind.rawValue][file, default: Count(line: line, header: header)].count += 1
    }

    /// A note per kind and file, kinds in order, files in input order.
    func notes(files: [InputFile], keyUse: KeyUse) -> [Diagnostic] {
        Kind.allCases.flatMap { kind in
            tallies[kind.rawValue].sorted { $0.key < $1.key }.map { Self.note(kind, $0.value, file: files[$0.key].messageName, keyUse: keyUse) }
        }
    }

    private static func note(_ kind: Kind, _ tally: Count, file: String, keyUse: KeyUse) -> Diagnostic {
        let one = tally.count == 1
        switch kind {
        case .wholeQuantity:
            return Diagnostic(.note, file: file, "\(one ? "a row has" : "\(tally.count) rows have") a whole-number quantity and no unit",
                              hint: "if \"\(tally.header)\" counts the packs bought, --column count="
                                  + "\(FormatSniffer.shellWord(tally.header)) reads it so (each pack's size from the end of its name)")
        case .unreadableCard:
            return Diagnostic(.note, file: file,
                              "\(one ? "a card price does" : "\(tally.count) card prices do") not read (first on line \(tally.line)) "
                                  + "and \(one ? "is" : "are") not shown",
                              hint: "per reads a price, perhaps with words after it (£2.10 Clubcard Price); --card would reject "
                                  + "\(one ? "its row" : "their rows"), naming why")
        case .keyless:
            return Diagnostic(.note, file: file,
                              "\(one ? "a ranked product has" : "\(tally.count) ranked products have") no key (an empty "
                                  + "\"\(tally.header)\" cell, first on line \(tally.line))",
                              hint: keyUse.withoutKey(one ? "it" : "them"))
        case .pricedPerBasis:
            return Diagnostic(.note, file: file,
                              "\(one ? "a price says" : "\(tally.count) prices say") what \(one ? "it is" : "they are") per (first on line "
                                  + "\(tally.line)): each row is that amount at that price ($3.99/lb is 1 lb at 3.99), or one pack after "
                                  + "each")
        case .sizeFromStated:
            return Diagnostic(.note, file: file,
                              "\(one ? "a row gives" : "\(tally.count) rows give") no size (first on line \(tally.line)): "
                                  + "\(one ? "its size is its" : "each one's size is its") price over the shop's unit price, which divides it "
                                  + "exactly (15.00 beside $15.00 / 1KG is 1 kg); the shop's unit price is not checked against \(one ? "it" : "them"), "
                                  + "with which it agrees by construction")
        }
    }
}
