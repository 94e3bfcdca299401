import BigInt

/// A small inline SVG chart of a series of exact values (a product's unit price week after
/// week), its lowest point marked: for pages that show a history.
///
///     <svg class="sparkline" viewBox="0 0 100 20" role="img" aria-label="LABEL"><title>LABEL</title>
///     <polyline points="0.0,19.0 50.0,1.0 100.0,10.0"/><circle class="low" cx="0.0" cy="19.0" r="1.8"/></svg>
///
/// The values are digits of one fixed scale (`WideInteger`, as reports print unit prices);
/// nil is a gap (no price that week), which breaks the line. Points stand evenly across 100
/// units, the lowest value at the bottom (y 19) and the highest at the top (y 1), a flat series
/// at the middle (y 10). The one rounding: each coordinate is worked out exactly and rounded
/// half up to a tenth of a unit. Every point at the lowest value is marked; a point with no
/// neighbour is drawn as a dot.
enum HTMLSparkline {
    static func append(_ values: [WideInteger?], label: String, to out: OutputBuffer) {
        out.append("<svg class=\"sparkline\" viewBox=\"0 0 100 20\" role=\"img\" aria-label=\"")
        HTMLText.append(label, to: out)
        out.append("\"><title>")
        HTMLText.append(label, to: out)
        out.append("</title>")
        let points = self.points(values)
        var run: [(x: Int, y: Int)] = []
        func close() {
            if run.count == 1 {
                circle(run[0], class: "dot", radius: "1.5", to: out)
            } else if run.count > 1 {
                out.append("<polyline points=\"")
                for (index, point) in run.enumerated() {
                    if index > 0 { out.append(byte: Byte.space) }
                    coordinate(point.x, out)
                    out.append(byte: Byte.comma)
                    coordinate(point.y, out)
                }
                out.append("\"/>")
            }
            run.removeAll()
        }
        for point in points {
            if let point { run.append(point) } else { close() }
        }
        close()
        let known = values.compactMap { $0?.wide }
        if let lowest = known.min() {
            for (value, point) in zip(values, points) where value?.wide == lowest {
                if let point { circle(point, class: "low", radius: "1.8", to: out) }
            }
        }
        out.append("</svg>")
    }

    /// Each value's point in tenths of a unit (x, y), nil for a gap.
    static func points(_ values: [WideInteger?]) -> [(x: Int, y: Int)?] {
        let known = values.compactMap { $0?.wide }
        guard let lowest = known.min(), let highest = known.max() else { return values.map { _ in nil } }
        let span = highest - lowest
        let steps = values.count - 1
        return values.enumerated().map { index, value in
            guard let value = value?.wide else { return nil }
            let x = steps == 0 ? 500 : Int(WideArithmetic.roundedQuotient(BigUInt(index * 1000), BigUInt(steps)))
            let y = span.isZero ? 100 : 10 + Int(WideArithmetic.roundedQuotient((highest - value) * 180, span))
            return (x, y)
        }
    }

    private static func circle(_ point: (x: Int, y: Int), class name: StaticString, radius: StaticString, to out: OutputBuffer) {
        out.append("<circle class=\"")
        out.append(name)
        out.append("\" cx=\"")
        coordinate(point.x, out)
        out.append("\" cy=\"")
        coordinate(point.y, out)
        out.append("\" r=\"")
        out.append(radius)
        out.append("\"/>")
    }

    private static func coordinate(_ tenths: Int, _ out: OutputBuffer) {
        out.append(integer: tenths / 10)
        out.append(byte: Byte.dot)
        out.append(integer: tenths % 10)
    }
}
