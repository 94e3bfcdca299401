/// A bar: a track the width of its cell, filled to a length in tenths of a percent
/// (`BarLength`), hidden from screen readers (the figure beside it says the same):
///
///     <span class="bar" aria-hidden="true"><span style="width:57.3%"></span></span>
///
/// Its colour comes from the row's class (`best`, `flagged`) or the cell's (`was`). A value
/// beyond the scale its bars are drawn to (an outlier's) fills its track, which is drawn broken
/// near its end (`class="bar beyond"`).
enum HTMLBar {
    static func append(tenthsOfPercent tenths: Int, beyondScale: Bool = false, to out: OutputBuffer) {
        let tenths = max(0, min(tenths, 1000))
        out.append(beyondScale ? "<span class=\"bar beyond\" aria-hidden=\"true\"><span style=\"width:"
                               : "<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:")
        out.append(integer: tenths / 10)
        out.append(byte: Byte.dot)
        out.append(integer: tenths % 10)
        out.append("%\"></span></span>")
    }
}
