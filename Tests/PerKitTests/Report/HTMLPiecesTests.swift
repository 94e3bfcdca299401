import BigInt
import Foundation
@testable import PerKit
import Testing

/// The pieces HTML pages are made of, which the history page reuses: escaping, bar lengths and
/// the sparkline, each with its one rounding.
@Suite struct HTMLPiecesTests {
    private func written(_ body: (OutputBuffer) -> Void) -> String {
        let out = OutputBuffer()
        body(out)
        return String(decoding: out.contents, as: UTF8.self)
    }

    @Test func textCannotOpenAnElementOrLeaveAnAttribute() {
        #expect(written { HTMLText.append("<script>alert(1)</script>", to: $0) } == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(written { HTMLText.append("\"><img src=x onerror=alert(1)>", to: $0) } == "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;")
        #expect(written { HTMLText.append("Tom & Jerry's", to: $0) } == "Tom &amp; Jerry&#39;s")
        #expect(written { HTMLText.append("&amp;", to: $0) } == "&amp;amp;")
        #expect(written { HTMLText.append("Café 500 g\tx\ny", to: $0) } == "Café 500 g\tx\ny")
        #expect(written { HTMLText.append("a\u{0}b\u{1B}c\u{7F}", to: $0) } == "a\u{2400}b\u{241B}c\u{2421}")
        #expect(written { HTMLText.appendWords("<1% more", to: $0) } == "&lt;1% more")
    }

    @Test func barLengthsAreTenthsOfAPercentRoundedHalfUpOnce() {
        #expect(BarLength.tenthsOfPercent(BigUInt(1), of: BigUInt(3)) == 333)
        #expect(BarLength.tenthsOfPercent(BigUInt(2), of: BigUInt(3)) == 667)
        #expect(BarLength.tenthsOfPercent(BigUInt(1), of: BigUInt(16)) == 63)  // 62.5, up
        #expect(BarLength.tenthsOfPercent(BigUInt(5), of: BigUInt(5)) == 1000)
        #expect(BarLength.tenthsOfPercent(BigUInt(9), of: BigUInt(5)) == 1000)  // beyond the scale: full
        #expect(BarLength.tenthsOfPercent(BigUInt(5), of: BigUInt(0)) == 0)
        // Exact unit prices: 8.99 for 500 g against 7.49 for 12 oz (340.194277 g).
        let house = UnitPrice(price: ExactDecimal(significand: 899, scale: 2), quantity: ExactDecimal(significand: 500, scale: 0),
                              factor: ExactDecimal(significand: 1, scale: 0))
        let blend = UnitPrice(price: ExactDecimal(significand: 749, scale: 2), quantity: ExactDecimal(significand: 12, scale: 0),
                              factor: ExactDecimal(significand: 28_349_523_125, scale: 9))
        // 17.98 / 22.01680... = 0.81665... → 81.7%
        #expect(BarLength.tenthsOfPercent(house, of: blend) == 817)
        #expect(BarLength.tenthsOfPercent(blend, of: blend) == 1000)
        #expect(written { HTMLBar.append(tenthsOfPercent: 817, to: $0) }
                == "<span class=\"bar\" aria-hidden=\"true\"><span style=\"width:81.7%\"></span></span>")
        #expect(written { HTMLBar.append(tenthsOfPercent: 1000, beyondScale: true, to: $0) }
                == "<span class=\"bar beyond\" aria-hidden=\"true\"><span style=\"width:100.0%\"></span></span>")
    }

    @Test func aSparklineSpansItsBoxAndMarksItsLowestPoints() {
        let values: [WideInteger?] = [.small(30_000), .small(10_000), .small(20_000), nil, .small(10_000)]
        let points = HTMLSparkline.points(values)
        #expect(points.map { $0?.x } == [0, 250, 500, nil, 1000])
        #expect(points.map { $0?.y } == [10, 190, 100, nil, 190])
        let svg = written { HTMLSparkline.append(values, label: "Milk <1 l>", to: $0) }
        #expect(svg == "<svg class=\"sparkline\" viewBox=\"0 0 100 20\" role=\"img\" aria-label=\"Milk &lt;1 l&gt;\"><title>Milk &lt;1 l&gt;</title>"
                + "<polyline points=\"0.0,1.0 25.0,19.0 50.0,10.0\"/><circle class=\"dot\" cx=\"100.0\" cy=\"19.0\" r=\"1.5\"/>"
                + "<circle class=\"low\" cx=\"25.0\" cy=\"19.0\" r=\"1.8\"/><circle class=\"low\" cx=\"100.0\" cy=\"19.0\" r=\"1.8\"/></svg>")
        // A flat series lies at the middle; one point at the centre; thirds round half up.
        #expect(HTMLSparkline.points([.small(5), .small(5)]).map { $0?.y } == [100, 100])
        #expect(HTMLSparkline.points([.small(5)]).map { $0?.x } == [500])
        #expect(HTMLSparkline.points([.small(1), .small(2), .small(3), .small(4)]).map { $0?.x } == [0, 333, 667, 1000])
        #expect(HTMLSparkline.points([nil, nil]).allSatisfy { $0 == nil })
    }

    @Test func aPageIsOneFileThatLoadsNothing() throws {
        let page = try Sheets.write(try Sheets.rank(ReportWriterTests.tricky), .html)
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"))
        #expect(page.hasSuffix("</main>\n</body>\n</html>\n"))
        for outside in ["<script", "src=", "href=", "url(", "@import", "http:", "https:"] {
            #expect(!page.contains(outside), "\(outside)")
        }
        #expect(page.contains("<span class=\"name\">Oolong | *special*</span>"))
        #expect(page.contains("<h2>Tea, &quot;loose&quot;</h2>"))
    }
}
