/// Text that matches only the same bytes, as `per report` tells names and lists apart (its
/// UTF-8 bytes compared and hashed in place, with no copy).
///
/// Swift's `String` equality is Unicode canonical equivalence: a precomposed `Café` and one
/// written `Cafe` + combining accent are equal `String`s, and equal dictionary keys. `per
/// report` compares names by their bytes and keeps such lists apart, so a diff that keyed them
/// by `String` merged two lists into one (and lost the other's changes) or matched two products
/// the report keeps apart. Ordered by UTF-8 bytes, which is Unicode code point order.
public struct ExactText: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var description: String { text }

    public static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    public func hash(into hasher: inout Hasher) {
        var text = text  // contiguous UTF-8 for a native string: no copy
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public static func < (a: ExactText, b: ExactText) -> Bool { a.text.utf8.lexicographicallyPrecedes(b.text.utf8) }
}
