/// A shopping list as `per basket` reads it: what to buy, line by line, and what was wrong with
/// the lines it could not take.
public struct ShoppingList: Sendable {
    /// How messages name the list's file.
    public var file: String
    public var lines: [ShoppingLine]
    /// Lines left out (and a missing item column), each naming the file and line.
    public var findings: [Diagnostic]

    public init(file: String, lines: [ShoppingLine], findings: [Diagnostic] = []) {
        self.file = file
        self.lines = lines
        self.findings = findings
    }
}

/// One line of a shopping list: an item, how it is matched, and how much of it.
public struct ShoppingLine: Hashable, Sendable {
    /// How a line finds its products in a shop.
    public enum Match: Hashable, Sendable {
        /// Exactly the product with this code (`--key`), in every shop that lists it.
        case key(String)
        /// Every product whose name holds all these words (folded: lower case, no diacritics),
        /// as whole words.
        case words([String])
    }

    /// The item's name as written (or its key or words when the list has no item column).
    public var item: String
    public var line: Int
    public var match: Match
    /// The amount wanted, nil for one pack.
    public var amount: WantedAmount?

    public init(item: String, line: Int, match: Match, amount: WantedAmount? = nil) {
        self.item = item
        self.line = line
        self.match = match
        self.amount = amount
    }
}

/// An amount a list line asks for (`1.5 kg`, `2 l`, `10 each`), in its dimension's base unit
/// (grams, millilitres, items) exactly.
public struct WantedAmount: Hashable, Sendable {
    /// As written (`1.5 kg`).
    public var text: String
    public var dimension: Dimension
    /// In the base unit of the dimension.
    public var base: ExactDecimal
    /// Whether the unit was written as packs (`2 packs`): so many packs of any product,
    /// whatever each holds.
    public var isPacks: Bool

    public init(text: String, dimension: Dimension, base: ExactDecimal, isPacks: Bool = false) {
        self.text = text
        self.dimension = dimension
        self.base = base
        self.isPacks = isPacks
    }
}
