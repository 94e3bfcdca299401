import ArgumentParser
import PerKit

struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "List every unit per knows, its exact size and the spellings it accepts.",
        discussion: """
            Examples:
              per units | grep -i ounce
              per units --volume-system imperial --unit-alias bag=each
            """
    )

    @OptionGroup var units: UnitArguments

    func validate() throws {
        _ = try units.table()
    }

    func run() throws {
        print(UnitListing.text(try units.table()), terminator: "")
    }
}
