/// A basket as one self-contained HTML page (`HTMLPage`), in the tables the other pages use
/// for findings (`HTMLTable`): the shops, the split, each item in every shop, the findings.
struct HTMLBasketWriter {
    var asOf: String?

    func write(_ answer: BasketAnswer, to out: OutputBuffer) {
        HTMLPage.begin(title: "Basket", asOf: asOf, to: out)
        HTMLPage.paragraph(class: "about", to: out) { HTMLText.append(BasketWriter.sentence(answer) + ".", to: out) }
        let lines = answer.list.lines.count
        out.append("<section>\n<h2>Shops</h2>\n")
        HTMLTable.begin(["Shop", "Total", "Items", "Missing", "You pay"], numeric: [1, 2, 4], to: out)
        for total in answer.totals {
            let more = answer.cheapest.contains(total.shop) ? (answer.cheapest.count > 1 ? "cheapest (tie)" : "cheapest")
                : BasketWriter.moreText(answer, shop: total.shop, decimals: ReportPrecision.markdownPercent) ?? ""
            HTMLTable.row([answer.shops[total.shop], answer.money(total.total), "\(lines - total.missing.count) of \(lines)",
                           total.missing.map { answer.list.lines[$0].item }.joined(separator: ", "), more], numeric: [1, 2, 4], to: out)
        }
        HTMLTable.end(to: out)
        out.append("</section>\n<section>\n<h2>Split over at most \(answer.maxShops) shop\(answer.maxShops == 1 ? "" : "s")</h2>\n")
        if !answer.split.shops.isEmpty {
            HTMLPage.paragraph(class: "about", to: out) {
                HTMLText.append("\(BasketWriter.shopsText(answer.split.shops, answer)): \(answer.money(answer.split.total))"
                                + (answer.split.ties.isEmpty ? "" : "; as cheap: \(answer.split.ties.map { BasketWriter.shopsText($0, answer) }.joined(separator: "; "))"),
                                to: out)
            }
        }
        HTMLTable.begin(["Item", "Shop", "Packs", "Cost"], numeric: [3], to: out)
        for (lineIndex, line) in answer.list.lines.enumerated() {
            if let shop = answer.split.assignments[lineIndex], let choice = answer.outcomes[lineIndex][shop].choice {
                let also = answer.split.alsoAt[lineIndex]
                HTMLTable.row([line.item, answer.shops[shop] + (also.isEmpty ? "" : " (same at \(BasketWriter.shopsText(also, answer)))"),
                               BasketWriter.packsText(choice, answer), answer.money(choice.price)], numeric: [3], to: out)
            } else {
                HTMLTable.row([line.item, "missing", "", ""], numeric: [3], to: out)
            }
        }
        HTMLTable.end(to: out)
        out.append("</section>\n<section>\n<h2>Items</h2>\n")
        HTMLTable.begin(["Item", "Shop", "Packs", "Cost"], numeric: [3], to: out)
        for (lineIndex, line) in answer.list.lines.enumerated() {
            for (shop, name) in answer.shops.enumerated() {
                let outcome = answer.outcomes[lineIndex][shop]
                let item = "\(line.item) (\(line.amount?.text ?? "1 pack"))"
                if let choice = outcome.choice {
                    HTMLTable.row([item, name, BasketWriter.packsText(choice, answer), answer.money(choice.price)], numeric: [3], to: out)
                } else {
                    HTMLTable.row([item, name, outcome == .missing ? "missing" : "missing: \(BasketWriter.note(outcome))", ""], numeric: [3], to: out)
                }
            }
        }
        HTMLTable.end(to: out)
        out.append("</section>\n")
        if !answer.findings.isEmpty {
            out.append("<section>\n<h2>Findings</h2>\n<ul>\n")
            for finding in answer.findings {
                out.append("<li>")
                HTMLText.append(finding.description, to: out)
                out.append("</li>\n")
            }
            out.append("</ul>\n</section>\n")
        }
        HTMLPage.end(to: out)
    }
}
