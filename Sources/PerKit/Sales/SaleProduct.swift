/// A product on sale in the latest snapshot, as `per sales` judged it: its claims per
/// questions, or why it could not judge it.
public struct SaleProduct: Sendable {
    /// Why per could not judge a rule.
    public enum Unjudged: String, Sendable, CaseIterable {
        /// The shop published no 30-day low beside it (an empty cell, or one that does not read).
        case noPublishedLow = "no_published_low"
        /// per could not tell it apart from another product of its list (`ProductMatching`).
        case ambiguous
        /// Not in any list of the 30 days before its sale began: no earlier price to measure from.
        case noEarlierPrice = "no_earlier_price"

        public var sentence: String {
            switch self {
            case .noPublishedLow: "no published 30-day low"
            case .ambiguous: "not told apart from another product of its list"
            case .noEarlierPrice: "not sold in the 30 days before its sale began"
            }
        }
    }

    /// What became of it: every product on sale is one of these.
    public enum Standing: Sendable, Equatable {
        /// At least one claim per questions.
        case questionable
        /// No claim questioned, but a rule lacked the days to judge.
        case notEnoughHistory
        /// No claim questioned, and a rule could not be judged for another reason.
        case unjudged(Unjudged)
        /// Every rule judged, none questioned.
        case passed
    }

    public var list: String
    public var name: String
    public var key: String?
    /// The size as printed (`500 g`).
    public var size: String
    public var salePrice: ExactDecimal
    public var claims: [SaleClaim]
    public var kind: Standing

    /// A product's kind from its rules' outcomes: a claim wins, then a lack of days, then
    /// another reason not to judge.
    static func kind(of outcomes: [SaleRules.Outcome]) -> Standing {
        var kind = Standing.passed
        for outcome in outcomes {
            switch outcome {
            case .questionable: return .questionable
            case .notEnoughHistory: kind = .notEnoughHistory
            case .cannotJudge(let why): if case .passed = kind { kind = .unjudged(why) }
            case .fine: break
            }
        }
        return kind
    }
}
