/// `ControlCharacters`' rule as writers write: straight into an output buffer.
extension ControlCharacters {
    /// Writes `bytes` with each control character shown (`\x1B`).
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, keeping kept: Kept, to out: OutputBuffer) {
        split(bytes, keeping: kept, plain: { out.append($0) }, control: { show($0, to: out) })
    }

    /// Writes the bytes of one control character as `\xHH` each.
    static func show(_ bytes: UnsafeBufferPointer<UInt8>, to out: OutputBuffer) {
        show(bytes) { out.append(byte: $0) }
    }
}
