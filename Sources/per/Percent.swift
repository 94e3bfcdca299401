import ArgumentParser
import PerKit

/// A percentage typed on the command line (`--threshold 5`, `--fail-on-increase 0.3`), read as
/// the decimal typed: `0.3` is three tenths, not the binary double nearest it.
enum Percent {
    /// Digits with at most one decimal point; the message says what is wrong with anything else.
    static func parse(_ text: String) throws(ValidationError) -> ExactDecimal {
        let bytes = Array(text.utf8)
        let others = bytes.filter { $0 &- UInt8(ascii: "0") >= 10 }
        guard others.count < bytes.count, others.count <= 1, others.allSatisfy({ $0 == UInt8(ascii: ".") }) else {
            throw ValidationError(text.hasPrefix("-") ? "give a percentage of 0 or more."
                                                       : "write the percentage as a decimal number, such as 5 or 0.25.")
        }
        switch bytes.withUnsafeBufferPointer({ NumberReader.plain.read($0) }) {
        case .success(let reading): return reading.value
        case .failure(.tooManyDigits): throw ValidationError("give at most \(ExactDecimal.maxDigits) digits.")
        case .failure: throw ValidationError("write the percentage as a decimal number, such as 5 or 0.25.")
        }
    }
}
