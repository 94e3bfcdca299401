import ArgumentParser
import PerKit

/// `--per`: the amounts unit prices are shown for, one per dimension.
struct BasisArguments: ParsableArguments {
    @Option(name: .customLong("per"), parsing: .singleValue,
            help: ArgumentHelp("Show unit prices per this amount, one a dimension (default kg, l, each); repeatable, e.g. --per 100g.", valueName: "unit"))
    var texts: [String] = []

    /// The basis for each dimension named; the others keep kg, l and each.
    func bases(units: UnitTable) throws -> [PerKit.Dimension: ReportBasis] {
        var chosen: [PerKit.Dimension: ReportBasis] = [:]
        for text in texts {
            guard let (basis, dimension) = ReportBasis.parse(text, units: units) else {
                throw ValidationError("--per \(text): write an amount and a unit per knows, such as 100g, lb or fl oz.")
            }
            guard chosen[dimension] == nil else {
                throw ValidationError("--per \(text): there is already a basis for \(dimension.rawValue) (\(chosen[dimension]!.symbol)).")
            }
            chosen[dimension] = basis
        }
        return chosen
    }
}
