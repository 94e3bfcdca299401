/// A table of findings or counts in an HTML page, in a box that scrolls sideways on a
/// narrow screen rather than squeezing its columns. Cells are text, escaped (`HTMLText`);
/// a column counted in `numeric` is right-aligned.
///
///     HTMLTable.begin(["File", "Rows"], numeric: [1], to: out)
///     HTMLTable.row(["a.csv", "12"], numeric: [1], to: out)
///     HTMLTable.end(to: out)
enum HTMLTable {
    static func begin(_ headers: [String], numeric: Set<Int> = [], to out: OutputBuffer) {
        out.append("<div class=\"table\"><table>\n<thead><tr>")
        for (index, header) in headers.enumerated() {
            out.append(numeric.contains(index) ? "<th class=\"num\">" : "<th>")
            HTMLText.append(header, to: out)
            out.append("</th>")
        }
        out.append("</tr></thead>\n<tbody>\n")
    }

    static func row(_ cells: [String], numeric: Set<Int> = [], to out: OutputBuffer) {
        out.append("<tr>")
        for (index, cell) in cells.enumerated() {
            out.append(numeric.contains(index) ? "<td class=\"num\">" : "<td>")
            HTMLText.append(cell, to: out)
            out.append("</td>")
        }
        out.append("</tr>\n")
    }

    static func end(to out: OutputBuffer) {
        out.append("</tbody>\n</table></div>\n")
    }
}
