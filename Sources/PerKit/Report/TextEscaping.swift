/// How one format writes text it did not choose (names, lists, units, file names): the
/// escaping that writers sharing cells (`ReportCells`) are generic over, so that each
/// format's rule stays in its own type and a shared cell costs no call through a closure.
protocol TextEscaping {
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: OutputBuffer)
    /// per's own words (`<1% more`): as they are in Markdown, whose tables they cannot break
    /// (so the Markdown bytes stay as they were), escaped in HTML.
    static func appendWords(_ text: StaticString, to out: OutputBuffer)
}

extension TextEscaping {
    static func append(_ string: String, to out: OutputBuffer) {
        var string = string
        string.withUTF8 { append($0, to: out) }
    }
}
