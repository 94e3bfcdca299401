/// The frame of every HTML page per writes (reports, diffs, and whatever comes next): one
/// self-contained file that loads nothing (its style sheet is inline, it has no script, no
/// font, no image), readable on a phone and a desktop, and printable. Byte-stable: no date
/// but the one asked for (`--as-of`), no generated ids.
///
/// A Content-Security-Policy forbids every fetch and every script, so that even text that got
/// past `HTMLText` could neither run nor load anything. Styles are allowed inline only (bars
/// set their widths in `style` attributes).
///
///     HTMLPage.begin(title: "Unit prices", asOf: options.asOf, to: out)
///     ... sections, HTMLTable, HTMLBar, HTMLSparkline ...
///     HTMLPage.end(to: out)
enum HTMLPage {
    /// The doctype, the head (charset, viewport, policy, title, style sheet), and the body's
    /// opening with the page's heading: `title`, then ` as of DATE` when given.
    static func begin(title: StaticString, asOf: String?, to out: OutputBuffer) {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        out.append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
        out.append("<meta name=\"color-scheme\" content=\"light dark\">\n<title>")
        heading(title, asOf: asOf, to: out)
        out.append("</title>\n<style>\n")
        out.append(styleSheet)
        out.append("</style>\n</head>\n<body>\n<main>\n<h1>")
        heading(title, asOf: asOf, to: out)
        out.append("</h1>\n")
    }

    /// Closes what `begin` opened.
    static func end(to out: OutputBuffer) {
        out.append("</main>\n</body>\n</html>\n")
    }

    /// A paragraph of per's own words with text in it already escaped by the caller: `<p
    /// class="CLASS">`, then `body`, then `</p>`.
    static func paragraph(class name: StaticString, to out: OutputBuffer, _ body: () -> Void) {
        out.append("<p class=\"")
        out.append(name)
        out.append("\">")
        body()
        out.append("</p>\n")
    }

    /// The summary section's heading and its sentence; `more` writes what follows the
    /// sentence in the section.
    static func summary(_ sentence: String, to out: OutputBuffer, more: () -> Void = {}) {
        out.append("<section class=\"summary-section\">\n<h2>Summary</h2>\n")
        paragraph(class: "summary", to: out) {
            HTMLText.append(sentence, to: out)
            out.append(".")
        }
        more()
        out.append("</section>\n")
    }

    private static func heading(_ title: StaticString, asOf: String?, to out: OutputBuffer) {
        out.append(title)
        if let asOf {
            out.append(" as of ")
            HTMLText.append(asOf, to: out)
        }
    }

    /// Every page's styles. Rows (`.row`) are grids: on a narrow screen (a phone, a printed
    /// page) their cells stack in two or three lines, from 40rem on they stand in one line.
    /// Colours are kept in print (bars are their backgrounds), and rows do not break across
    /// pages.
    static let styleSheet: StaticString = """
        :root{--ink:#1c2330;--muted:#586271;--line:#d8dde4;--paper:#fff;--band:#eef1f5;--bar:#6886b0;\
        --best:#1d7a43;--flag:#b4480c;--rose:#b3261e;--fell:#1d7a43}
        @media (prefers-color-scheme:dark){:root{--ink:#e6e9ee;--muted:#a3acb9;--line:#3a4250;--paper:#14181f;\
        --band:#232a35;--bar:#7f9cc4;--best:#4cc27e;--flag:#f0884a;--rose:#ff7b72;--fell:#4cc27e}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,\
        "Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%;text-size-adjust:100%}
        main{max-width:72rem;margin:0 auto;padding:.75rem 1rem 2rem}
        h1{font-size:1.6rem;line-height:1.2;margin:.5rem 0 1rem}
        h2{font-size:1.25rem;line-height:1.25;margin:2rem 0 .25rem;overflow-wrap:anywhere;break-after:avoid}
        p{margin:.25rem 0 .75rem}
        .about,.detail,.summary,.label{color:var(--muted)}
        .num,.rank,.figure,.compared,.delta{font-variant-numeric:tabular-nums}
        ol.rows{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
        .row{display:grid;gap:.2rem .75rem;align-items:center;padding:.5rem .25rem;border-bottom:1px solid var(--line);\
        break-inside:avoid}
        .what{grid-area:what;min-width:0}
        .name{display:block;font-weight:600;overflow-wrap:anywhere}
        .detail{display:block;font-size:.875rem;overflow-wrap:anywhere}
        .rank{grid-area:rank;align-self:start;color:var(--muted);text-align:right}
        .bar{grid-area:bar;display:block;height:.8rem;background:var(--band);border-radius:2px;overflow:hidden}
        .bar>span{display:block;height:100%;min-width:2px;background:var(--bar)}
        .best .bar>span{background:var(--best)}
        .flagged .bar>span{background:repeating-linear-gradient(135deg,var(--flag) 0 3px,var(--band) 3px 6px)}
        .bar.beyond{position:relative}
        .bar.beyond::after{content:"";position:absolute;right:.6rem;top:0;bottom:0;width:.25rem;background:var(--paper);\
        transform:skewX(-25deg)}
        .unit-price{grid-area:price;text-align:right}
        .compared{grid-area:compared;text-align:right;white-space:nowrap}
        .best .compared{color:var(--best);font-weight:700}
        .flag{color:var(--flag);font-weight:700}
        .product{grid-template-columns:2rem minmax(0,1fr) 8rem;grid-template-areas:"rank what compared" "rank bar price"}
        .change{grid-template-columns:minmax(0,1fr) minmax(0,1fr);grid-template-areas:"what what" "status status" "was now" "delta rank"}
        .status{grid-area:status;font-size:.875rem}
        .was{grid-area:was}.now{grid-area:now}
        .was,.now{min-width:0;white-space:nowrap}
        .was .bar,.now .bar{height:.5rem;margin-top:.15rem}
        .was .bar>span{background:var(--muted)}
        .delta{grid-area:delta;font-weight:700}
        .delta.up{color:var(--rose)}.delta.down{color:var(--fell)}
        .change .rank{text-align:right;white-space:nowrap}
        .status-rose .status{color:var(--rose)}
        .status-fell .status{color:var(--fell)}
        .status-rose .now .bar>span{background:var(--rose)}.status-fell .now .bar>span{background:var(--fell)}
        .table{overflow-x:auto;margin:.5rem 0 1rem}
        table{border-collapse:collapse;width:100%;font-size:.875rem}
        th,td{padding:.3rem .5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top;overflow-wrap:break-word}
        th{font-weight:600;border-bottom-width:2px}
        td.num,th.num{text-align:right;white-space:nowrap}
        svg.sparkline{width:8rem;height:1.6rem;vertical-align:middle;overflow:visible}
        svg.sparkline polyline{fill:none;stroke:var(--bar);stroke-width:1.5;vector-effect:non-scaling-stroke}
        svg.sparkline circle{fill:var(--bar)}
        svg.sparkline circle.dot{fill:var(--ink)}
        svg.sparkline circle.low{fill:var(--best)}
        .history{grid-template-columns:minmax(0,1fr) 10rem;grid-template-areas:"what what" "chart now" "range delta" "notes notes"}
        .chart{grid-area:chart;min-width:0}
        .range{grid-area:range;font-size:.875rem;white-space:nowrap}
        .figure.low{color:var(--best);font-weight:700}
        .nowrap{white-space:nowrap}
        .notes{grid-area:notes;font-size:.875rem;color:var(--muted);overflow-wrap:anywhere}
        .history .now,.history .delta{text-align:right;white-space:nowrap}
        @media (min-width:40rem){
        .product{grid-template-columns:2.5rem minmax(0,2.2fr) minmax(6rem,2fr) 8rem 7.5rem;grid-template-areas:"rank what bar price compared"}
        .change{grid-template-columns:minmax(0,2fr) minmax(0,1.6fr) minmax(0,1.3fr) minmax(0,1.3fr) 4.5rem 6.5rem;\
        grid-template-areas:"what status was now delta rank"}
        .change .delta,.change .rank{text-align:right}
        .history{grid-template-columns:minmax(0,2fr) 8.5rem 10rem 12rem 4.5rem;grid-template-areas:"what chart now range delta" "notes notes notes notes notes"}
        }
        @media print{
        body{font-size:10pt}
        main{max-width:none;padding:0}
        *{-webkit-print-color-adjust:exact;print-color-adjust:exact}
        .table{overflow:visible}
        }

        """
}
