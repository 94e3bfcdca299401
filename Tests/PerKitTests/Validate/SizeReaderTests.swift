@testable import PerKit
import Testing

/// Sizes in quantity cells and at the end of names: the cases reviews found misread (a sign
/// lost, a leading decimal mark dropped, a pack count that is not a whole number multiplied,
/// packs of packs read as one, the amount of a multipack not counted as evidence, a percentage
/// in a name taken for evidence), with their neighbours that must stay.
@Suite struct SizeReaderTests {
    let reader = SizeReader(numbers: NumberReader(likely: .point))
    let commaReader = SizeReader(numbers: NumberReader(likely: .comma))

    func cell(_ text: String, _ reader: SizeReader? = nil) -> String {
        describe(Array(text.utf8)) { (reader ?? self.reader).read($0) }
    }

    func name(_ text: String, _ reader: SizeReader? = nil) -> String {
        describe(Array(text.utf8)) { (reader ?? self.reader).trailingSize(in: $0) }
    }

    /// Issue 39: a size after a word in a quantity cell, with a remark in brackets after it
    /// (`emb. 120 gr (peso escorrido 78 gr)`, the drained weight), is the size; a bound or basis
    /// word before it still makes it none, and a cell of two sizes outside brackets reads no way.
    @Test func aSizeAfterAWordWithARemarkInBracketsIsTheSize() {
        #expect(cell("emb. 120 gr (peso escorrido 78 gr)") == "120 gr")
        #expect(cell("emb. 64 un") == "64 un")
        #expect(cell("per 100 g (approx 2 portions)") == "basisOrBound(word: \"per\")")
        #expect(cell("emb. 120 gr 78 gr") == "number(PerKit.NumberReader.Failure.notANumber)")
    }

    /// Issue 39: a count of containers of a size (`2 briks de 1 l.`, `pack de 16 unidades de 125
    /// g.`, `6 cans of 330 ml`, `4 vasetti da 125 g`) is that many of the size, in a name or a
    /// quantity cell; a word before `de` with no count (`Queso de 250 g`) is no count.
    @Test func aCountOfContainersOfASizeMultipliesIt() {
        #expect(name("Caldo pack de 2 briks de 1 l.") == "2 l")
        #expect(name("Yogur pack de 16 unidades de 125 g.") == "2000 g")
        #expect(name("Beer 6 cans of 330 ml") == "1980 ml")
        #expect(name("Yogurt 4 vasetti da 125 g") == "500 g")
        #expect(name("Queso de 250 g") == "250 g")
        #expect(cell("2 briks de 1 l.") == "2 l")
        #expect(cell("16 unidades de 125 g.") == "2000 g")
    }

    /// Issue 39: the same size written twice at a name's end (`Pasta, 340g, 340 g`: a shop's size
    /// field appended to a name that holds it) is one size; two sizes that differ still read no way.
    @Test func theSameSizeWrittenTwiceIsOneSize() {
        #expect(name("Catelli Gluten Free Macaroni Pasta, 340g, 340 g") == "340 g")
        #expect(name("Beans 400 g, 240 g") == "several")
    }

    /// A number at a cell's very end after other text reads no byte past it (the fuzzer found
    /// `ca. 5` read one byte too far when digits grouped by blanks were added).
    @Test func aNumberAtTheEndOfACellIsReadWithinIt() {
        for text in ["ca. 5", "ca. 5,", "~1 000", "x 5", "5 50", "1 000 g", "1 000"] {
            #expect(!cell(text).isEmpty, "\(text)")
        }
        #expect(cell("1 000 g") == "1000 g")
    }

    /// Issue 30: a pack count beside a pack word reads two ways wherever it stands (`6pk 330ml`,
    /// `6-pack 330ml`, `4 pack 120g`, `330ml (6pk)`, `125g (4 pack)`, `330ml, 6-pack`): the
    /// packs' total, marked; a multiplication sign reads one way.
    @Test func packWordsReadTwoWaysWhereverTheyStand() {
        func twoWays(_ text: String) -> String {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                guard case .success(let size) = reader.trailingSize(in: buffer) else { return "no size" }
                return "\(size.quantity.text) x\(size.packCount)\(size.readsTwoWays ? " two ways" : "")"
            }
        }
        #expect(twoWays("Cola 6pk 330ml") == "1980 x6 two ways")
        #expect(twoWays("Cola 6-pack 330ml") == "1980 x6 two ways")
        #expect(twoWays("KINDER PINGUI 4 pack 120g") == "480 x4 two ways")
        #expect(twoWays("SALTAS 4PACK 160g") == "640 x4 two ways")
        #expect(twoWays("Cola 330ml (6pk)") == "1980 x6 two ways")
        #expect(twoWays("Yogurt 125g (4 pack)") == "500 x4 two ways")
        #expect(twoWays("Cola 330ml, 6-pack") == "1980 x6 two ways")
        #expect(twoWays("Cola 6x330ml") == "1980 x6")
        #expect(twoWays("Yogurt 125g x 4") == "500 x4")
        #expect(twoWays("VRHNJE 10*10g") == "100 x10")
        #expect(twoWays("Chips 150 g") == "150 x1")
        #expect(twoWays("Milk 1l 6pk") == "6 x6 two ways")
        #expect(twoWays("Cola 330ml 6 pack") == "1980 x6 two ways")
        // A count and a pack word with no size before it is no size (`Eggs (6 pack)`).
        #expect(twoWays("Eggs (6 pack)") != "6 x6 two ways")
        #expect(twoWays("Eggs 6 pack") != "6 x6 two ways")
    }

    /// The same in a quantity cell: `4pack 125g`, `6pk 330ml`, `12 pcs 10g`, `6er 0.33l`,
    /// `330ml (6pk)`, `6-pack 330ml` are the packs' total, marked as reading two ways. (Before:
    /// multiplied with no mark, or the last two refused as an unknown unit.)
    @Test func packWordsInACellReadTwoWays() {
        func twoWays(_ text: String) -> String {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                guard case .success(let size) = reader.read(buffer) else { return "no size" }
                return "\(size.quantity.text) x\(size.packCount)\(size.readsTwoWays ? " two ways" : "")"
            }
        }
        #expect(twoWays("4pack 125g") == "500 x4 two ways")
        #expect(twoWays("6pk 330ml") == "1980 x6 two ways")
        #expect(twoWays("12 pcs 10g") == "120 x12 two ways")
        #expect(twoWays("6er 0.33l") == "1.98 x6 two ways")
        #expect(twoWays("330ml (6pk)") == "1980 x6 two ways")
        #expect(twoWays("125 g, 4-pack") == "500 x4 two ways")
        #expect(twoWays("6-pack 330ml") == "1980 x6 two ways")
        #expect(twoWays("6x330ml") == "1980 x6")
        #expect(twoWays("95g x 6 pack") == "570 x6")
        #expect(twoWays("500 g") == "500 x1")
        // Words that say the pack again, and a multiplication sign after it. (Before: "the unit
        // "er Pack 0.5l" is unknown".)
        #expect(twoWays("6er Pack 0.5l") == "3.0 x6 two ways")
        #expect(twoWays("6er-Pack 0.33 l") == "1.98 x6 two ways")
        #expect(twoWays("24er Kiste 0.5 l") == "12.0 x24 two ways")
        #expect(twoWays("6pk x 330ml") == "1980 x6 two ways")
    }

    /// A pack count after a size that already multiplies by it only repeats it: one way, not
    /// multiplied again. (Before: `6 x 330ml (6pk)` was 11880 ml, "36 packs".)
    @Test func aPackCountWrittenTwiceIsCountedOnce() {
        func size(_ text: String, cell: Bool) -> String {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                guard case .success(let size) = cell ? reader.read(buffer) : reader.trailingSize(in: buffer) else { return "no size" }
                return "\(size.quantity.text) x\(size.packCount)\(size.readsTwoWays ? " two ways" : "")"
            }
        }
        #expect(size("6 x 330ml (6pk)", cell: true) == "1980 x6")
        #expect(size("Yogurt 4x125g 4-pack", cell: false) == "500 x4")
        #expect(size("Yogurt 4x125g (2 pack)", cell: false) == "1000 x8 two ways")
    }

    /// "0.5 kg" for a size, or the failure.
    private func describe(_ bytes: [UInt8], _ read: (UnsafeBufferPointer<UInt8>) -> Result<SizeReader.Size, SizeReader.Failure>) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            switch read(buffer) {
            case .success(let size):
                let unit = size.unit.map { String(decoding: buffer[$0], as: UTF8.self) } ?? ""
                return "\(size.quantity.text) \(unit)"
            case .failure(let failure):
                return "\(failure)"
            }
        }
    }

    /// A proper fraction is the amount (`1/2 gal` is half a gallon, not 2 gallons); one with no
    /// exact decimal reads no way; `12/1L` and `12/500G` (cases listed per pack) keep their
    /// last number.
    @Test func aProperFractionIsTheAmount() {
        #expect(name("Whole Milk 1/2 gal") == "0.5 gal")
        #expect(name("Butter 3/4 lb") == "0.75 lb")
        #expect(name("Ham 1/4lb") == "0.25 lb")
        #expect(name("Tea 2 x 1/2 l") == "1.0 l")
        #expect(name("Third 1/3 l") == "number(PerKit.NumberReader.Failure.notANumber)")
        #expect(name("NOUNOU 12/1L") == "1 L")
        #expect(name("ΧΡΥΣΗ ΖΥΜΗ ΡΟΛ. 12/500G") == "500 G")
        #expect(cell("1/2 kg") == "0.5 kg")
    }

    /// A name that states several sizes, joined by `+`, `/`, `&` or a dash, reads two ways; so
    /// does a leading decimal mark after digits and a blank (`6x1 .5L`).
    @Test func severalSizesInANameReadTwoWays() {
        for text in ["Cheese 200g + 50g", "Yog 4+2x125g", "Beans 112g/148g", "Rice 500g/1kg", "Water 24 x 0.5L - 6 x 0.5L",
                     "Mix 100g & 50g"] {
            #expect(name(text) == "several", "\(text)")
        }
        #expect(name("Cola 6x1 .5L") == "splitNumber")
        #expect(name("Salt .5 kg") == "0.5 kg")
        #expect(name("Pizza 2 x 350g") == "700 g")
        #expect(name("NOUNOU 12/1L") == "1 L")
    }

    /// A word that makes the size a basis or a bound (`per 100 g`, `je 100 g`, `max 500 g`, `up
    /// to 500 g`, `x 500g`) is no pack size; words that say what the pack is stay (`Pack 500 g`).
    @Test func aBasisOrBoundIsNoPackSize() {
        #expect(cell("per 100 g") == "basisOrBound(word: \"per\")")
        #expect(cell("Unit price per 1 kg") == "basisOrBound(word: \"per\")")
        #expect(cell("je 100 g") == "basisOrBound(word: \"je\")")
        #expect(cell("max 500 g") == "basisOrBound(word: \"max\")")
        #expect(cell("up to 500 g") == "basisOrBound(word: \"to\")")
        #expect(cell("x 500g") == "basisOrBound(word: \"x\")")
        #expect(cell("Pack 500 g") == "500 g")
        #expect(cell("net 500 g") == "500 g")
    }

    @Test func aMinusSignBeforeASizeIsNegative() {
        for text in ["-1 kg", "- 500 g", "\u{2212}500 g", "-0,5 kg", " -2l", "--5 kg", "- -5 kg", "\u{2212}\u{2212}5 kg", "-\u{2212}5kg"] {
            #expect(cell(text) == "number(PerKit.NumberReader.Failure.negative)", "\(text)")
        }
        #expect(cell("Cows Milk-220g") == "220 g")
        #expect(cell("+1 kg") == "1 kg")
        // A dash that stands for no value is no number, not a negative one.
        for text in ["-", "--", "-x", "- kg"] {
            #expect(cell(text) == "number(PerKit.NumberReader.Failure.notANumber)", "\(text)")
        }
    }

    /// Approximate sizes, marked before or after the size, in cells and names: read, and marked.
    @Test func anApproximateMarkBeforeOrAfterMarksTheSize() {
        func approximate(_ text: String, name: Bool = false) -> Bool? {
            Array(text.utf8).withUnsafeBufferPointer { buffer in
                (try? (name ? reader.trailingSize(in: buffer) : reader.read(buffer)).get())?.approximate
            }
        }
        // One list of marks before and after (issue 32: `etwa 500 g` was approximate, `500 g etwa` exact).
        for text in ["ca. 500g", "approx. 600g", "~1 kg", "oko 1 kg", "500 g aprox.", "500 g ca.", "2 kg approx", "etwa 500 g", "500 g etwa",
                     "1 kg oko", "500 g pribl."] {
            #expect(approximate(text) == true, "\(text)")
        }
        #expect(approximate("Pechugas bandeja 500 g aprox.", name: true) == true)
        #expect(approximate("Steak ca. 500g", name: true) == true)
        for text in ["500 g", "800g pack", "500 g net"] {
            #expect(approximate(text) == false, "\(text)")
        }
        #expect(cell("500 g aprox.") == "500 g")
    }

    /// e-katanalotis writes `8/1. 5L` for 1.5 l: a blank after a decimal mark reads two ways
    /// (1.5 l, or 5 l after a `1.`) and is refused, never read as 5 l.
    @Test func aBlankAfterADecimalMarkInsideASizeReadsTwoWays() {
        #expect(name("ΝΟΥΝΟΥ ΓΑΛΑ 8/1. 5L") == "splitNumber")
        #expect(name("Milk 1,  5 l") == "splitNumber")
        #expect(name("Milk 1.5 L") == "1.5 L")
        #expect(name("Item no. 5 kg") == "5 kg")
        #expect(name("Salt .5 kg") == "0.5 kg")
    }

    /// Greek and Cyrillic lists write the multiplication sign as their letter (Χ, х): `4Χ28G`
    /// is four packs of 28 g, never 28 g.
    @Test func greekAndCyrillicTimesSignsMultiply() {
        #expect(name("KNORR ΣΟΥΠΑ 4Χ28G") == "112 G")
        #expect(name("ΧΥΜΟΣ 6χ250ML") == "1500 ML")
        #expect(name("Сок 6х0,5 l", commaReader) == "3.0 l")
        #expect(cell("4Χ28 g") == "112 g")
        #expect(cell("6Х330 ml") == "1980 ml")
    }

    @Test func aLeadingDecimalMarkAfterASpaceIsKept() {
        #expect(name("Salt .5 kg") == "0.5 kg")
        #expect(name("Nuts ,5 kg", commaReader) == "0.5 kg")
        #expect(name(".75 l") == "0.75 l")
        #expect(cell("Bag .5kg") == "0.5 kg")
        #expect(cell("approx .75 l") == "0.75 l")
        // After any blank: a no-break space, a tab, a narrow no-break space.
        #expect(name("Sal\u{A0}.5 kg") == "0.5 kg")
        #expect(name("Sal\t.5 kg") == "0.5 kg")
        #expect(name("Sal\u{202F}.5 kg") == "0.5 kg")
        #expect(cell("Bag\u{A0}.5kg") == "0.5 kg")
        // After a letter a mark separates words: `Pack,5g` is 5 g, as before.
        #expect(name("Pack,5g") == "5 g")
        #expect(name("Galletas 82,6g", commaReader) == "82.6 g")
    }

    @Test func aPackCountInANameIsAWholeNumberOnItsOwn() {
        #expect(name("pack 4 x 125 g") == "500 g")
        #expect(name("p3x52g") == "156 g")
        #expect(name("Max 4 x 100 g") == "400 g")
        // Packs of packs multiply: four packs of two 60 g bars (this used to read 120 g).
        #expect(name("Tortitas de maiz bicentury p4x2x60g") == "480 g")
        #expect(name("Bar 2 x 3 x 100 g") == "600 g")
        for text in ["Pack 1.5 x 2 l", "Beer 0.5x6 l", "Mix 1/2x2 kg", "Box 1.5x2x100g"] {
            #expect(name(text) == "number(PerKit.NumberReader.Failure.notANumber)", "\(text)")
        }
        // Blanks of every kind around the x, as around a number (one definition of a blank,
        // NumberReader.blankWidth): no-break and narrow no-break spaces.
        #expect(name("pack 4\u{A0}x\u{A0}125 g") == "500 g")
        #expect(cell("6 x\u{202F}0,33 l", commaReader) == "1.98 l")
        #expect(name("Leche 1 l\u{202F}") == "1 l")
        // In a cell, as before.
        #expect(cell("1.5x2 l") == "number(PerKit.NumberReader.Failure.notANumber)")
        #expect(cell("6 x 0,33 l", commaReader) == "1.98 l")
    }

    @Test func theAmountOfASizeIsTheEvidence() {
        func evidence(_ text: String) -> NumberReader.Mark? {
            Array(text.utf8).withUnsafeBufferPointer { reader.evidence(in: $0) }
        }
        #expect(evidence("6 x 0,33 l") == .comma)
        #expect(evidence("Milk 0,5 l") == .comma)
        #expect(evidence("24 x 29.58g") == .point)
        #expect(evidence("24 x 29.583g") == nil)  // 29.583 could be 29583
        #expect(evidence("0,5 l") == .comma)
        #expect(evidence("1,500 l") == nil)  // reads either way
        #expect(evidence("6x355ml") == nil)
        // Only the amount, the last number: a percentage in a name is no size.
        #expect(evidence("Cerveza 4,5% 33 cl") == nil)
        #expect(evidence("Yogur 0,1% grasa 1.5 l") == .point)
    }
}
