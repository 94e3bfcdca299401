/// Where a row came from: an input file (as named on the command line) and the physical line
/// its record starts on, counting from 1, with the header on line 1.
public struct SourceLocation: Hashable, Sendable, Comparable {
    /// Index into the run's input files, in command-line order.
    public var file: Int
    public var line: Int

    public init(file: Int, line: Int) {
        self.file = file
        self.line = line
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}
