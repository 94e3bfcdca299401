/// What a user may change about a report's content.
public struct ReportOptions: Hashable, Sendable {
    /// Adds each ranked product's file and line. Off by default: a row inserted at the top of
    /// next week's export would otherwise change the line of every product in the report.
    public var withSource: Bool
    /// A date (YYYY-MM-DD) for the report's header (`--as-of`); reports carry no date otherwise.
    public var asOf: String?
    /// How many products the writers format per block (`ListBlocks`): for tests, which cut
    /// lists small to check that the bytes do not depend on it.
    var productsPerBlock = ListBlocks.productsPerBlock

    public init(withSource: Bool = false, asOf: String? = nil) {
        self.withSource = withSource
        self.asOf = asOf
    }
}
