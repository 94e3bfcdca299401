/// A list of products as validation made it: its name, its dimension (fixed by its first
/// valid row) and its currency (fixed by its first row that states one). `ListRules` keeps them.
public struct ProductList: Hashable, Sendable {
    public var name: String
    public var dimension: Dimension
    public var currency: Currency?
}
