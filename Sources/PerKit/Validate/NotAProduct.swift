/// A line that is no product and is not broken either (a receipt's deposit, bag, total or tax
/// line, or a discount taken off the item above it): accounted for, with the reason, apart from
/// rows rejected as broken. `rows == ranked + mismatched + rejected + notProducts`.
public struct NotAProduct: Hashable, Sendable {
    public typealias Kind = ReceiptLines.Kind

    public var kind: Kind
    /// Why it is no product, as a sentence.
    public var reason: String
    public var source: SourceLocation

    /// The sentence for a line known by its name.
    static func reason(for kind: Kind) -> String {
        switch kind {
        case .deposit: "a deposit, not a product"
        case .bag: "a bag, not a product"
        case .total: "a subtotal or total line, not a product"
        case .tax: "a tax line, not a product"
        case .discount: "a discount"
        case .header: "the header line again (files joined together?), not a product"
        }
    }
}
