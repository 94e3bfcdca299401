/// Something `per basket` tells its user about the list or a line: a sentence naming the
/// file and line (`list.csv:4: ...`). The basket is answered without what it concerns.
public struct BasketFinding: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String
    /// Whether `--strict` fails the run for it: a line that matches nothing anywhere, and
    /// every line the basket could not take.
    public var isStrict: Bool

    public init(file: String, line: Int?, _ message: String, isStrict: Bool = true) {
        self.file = file
        self.line = line
        self.message = message
        self.isStrict = isStrict
    }

    public var description: String { "\(file)\(line.map { ":\($0)" } ?? ""): \(message)" }
}
