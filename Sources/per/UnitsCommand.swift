import ArgumentParser
import PerKit

struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "List every unit per knows, its exact size and the spellings it accepts.",
        discussion: """
            Example:
              per units | grep -i ounce
            """
    )

    func run() throws {
        print(UnitListing.text(.standard), terminator: "")
    }
}
