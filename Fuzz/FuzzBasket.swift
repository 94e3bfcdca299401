// A libFuzzer target for `per basket` (see `make fuzz`): a shopping list and up to four shops'
// sheets, read, ranked and answered, and the answer written in every format.
//
// The first byte of the input picks options; the rest is the list, then each sheet, split at
// NUL bytes (which no CSV per reads holds). Besides crashes, it traps on answers that do not
// add up: a shop's total that is not the sum of its lines, a line's cost that is not the sum
// of its packs, packs that do not reach the amount, a cheapest shop that is not, a split that
// is not the sum of its lines or keeps no limit, and outputs that change when the same basket
// is answered again.
import Foundation
@testable import PerKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size >= 1 else { return 0 }
    let flags = data[0]
    var parts = Array(UnsafeBufferPointer(start: data + 1, count: size - 1)).split(separator: 0, maxSplits: 4, omittingEmptySubsequences: false)
        .map(Array.init)
    guard parts.count >= 2 else { return 0 }
    let list = parts.removeFirst()
    var options = SheetOptions()
    options.keyPrefersBarcode = true
    options.keyUse = .findingListLines
    let byList = flags & 1 != 0
    if byList || flags & 2 != 0 { options.splitDimensions = true }
    if flags & 4 != 0 { options.ranksCardPrices = true }
    if flags & 64 != 0 { options.columns[.key] = "code" }
    if flags & 128 != 0 { options.decimalMark = .comma }
    let maxShops = Int((flags >> 3) & 7)
    options.limits = CSVLimits(maxFieldBytes: 4096, maxRecordBytes: 16384)
    options.runLimits = RunLimits(maxProducts: 10_000, maxLists: 1_000, maxFindings: 10_000)

    let first = answer(list: list, sheets: parts, options: options, byList: byList, maxShops: maxShops == 0 ? nil : maxShops)
    let again = answer(list: list, sheets: parts, options: options, byList: byList, maxShops: maxShops == 0 ? nil : maxShops)
    if first != again { fatalError("the same basket answered twice differs:\n\(first)\n---\n\(again)") }
    return 0
}

/// The basket answered and written in every format, or the error that stopped it.
func answer(list: [UInt8], sheets: [[UInt8]], options: SheetOptions, byList: Bool, maxShops: Int?) -> String {
    let files = sheets.indices.map { InputFile(path: PathName(argumentText: "shop\($0).csv")) }
    let validator = Validator(files: files, options: options)
    for (index, sheet) in sheets.enumerated() {
        do {
            try PriceSheetReader(options: options).read(chunks: [sheet], as: files[index], index: index, into: validator)
        } catch {
            return "error: \(error)"
        }
    }
    let sheet = validator.finish()
    let counts = sheet.counts
    if counts.rows != counts.ranked + counts.mismatched + counts.rejected + counts.notProducts {
        fatalError("counts do not add up: \(counts)")
    }
    let shoppingList: ShoppingList
    do {
        shoppingList = try ShoppingListReader(units: options.units).read(list, file: InputFile(path: "list.csv"), options: options)
    } catch {
        return "list error: \(error)"
    }
    let shops: BasketShops
    do {
        shops = try BasketShops(report: Ranker.rank(sheet), byList: byList)
    } catch {
        return "shops error: \(error)"
    }
    let answer = BasketAnswer(list: shoppingList, shops: shops, maxShops: maxShops)
    check(answer)
    var text = ""
    for format in ReportFormat.allCases {
        let out = OutputBuffer()
        do {
            try BasketWriter(format: format).write(answer, to: out)
        } catch {
            fatalError("writing the basket as \(format) to memory failed: \(error)")
        }
        text += String(decoding: out.contents, as: UTF8.self)
    }
    return text + BasketWriter.sentence(answer) + answer.findings.map(\.description).joined(separator: "\n")
}

/// Traps when the answer does not add up.
func check(_ answer: BasketAnswer) {
    let shopCount = answer.shops.count
    for (lineIndex, line) in answer.list.lines.enumerated() {
        for shop in 0..<shopCount {
            guard let choice = answer.outcomes[lineIndex][shop].choice else { continue }
            if choice.packs.reduce(UInt128(0), { $0 + $1.price }) != choice.price {
                fatalError("line \(line.line) in shop \(shop): the packs do not add up to \(choice.price): \(choice)")
            }
            if choice.packs.isEmpty || choice.packs.contains(where: { $0.count < 1 || $0.product.shop != shop }) {
                fatalError("line \(line.line) in shop \(shop): packs of none, or of another shop: \(choice)")
            }
            let packs = choice.packs.reduce(0) { $0 + $1.count }
            if choice.packCount != packs { fatalError("line \(line.line): \(choice.packCount) packs said, \(packs) chosen") }
            guard let amount = line.amount else {
                if packs < 1 { fatalError("line \(line.line) in shop \(shop): no pack for one pack") }
                continue
            }
            // A count may count packs (`BasketAnswer.countsPacks`, decided on every shop's
            // matches): for one, either reading reaches it.
            let byPacks = amount.dimension == .count && amount.base.wholeValue.map { packs >= Int($0) } == true
            if !byPacks && !reaches(choice, amount) {
                fatalError("line \(line.line) in shop \(shop): the packs do not reach \(amount.text): \(choice)")
            }
        }
    }
    for total in answer.totals {
        let sum = answer.list.lines.indices.reduce(UInt128(0)) { $0 + (answer.outcomes[$1][total.shop].choice?.price ?? 0) }
        if sum != total.total { fatalError("shop \(total.shop): total \(total.total), its lines \(sum)") }
    }
    if let best = answer.cheapest.first {
        for total in answer.totals where total.isComplete && total.total < answer.totals[best].total {
            fatalError("shop \(total.shop) is complete and cheaper than the cheapest, \(best)")
        }
        if answer.cheapest.contains(where: { !answer.totals[$0].isComplete }) { fatalError("a cheapest shop is not complete") }
    }
    let split = answer.split
    if split.shops.count > answer.maxShops { fatalError("the split takes \(split.shops.count) shops, more than \(answer.maxShops)") }
    var splitTotal: UInt128 = 0
    for (lineIndex, shop) in split.assignments.enumerated() {
        guard let shop else { continue }
        guard split.shops.contains(shop), let choice = answer.outcomes[lineIndex][shop].choice else {
            fatalError("line \(lineIndex) of the split goes to shop \(shop), which is not in it or lacks the line")
        }
        splitTotal += choice.price
        if answer.maxShops >= shopCount {
            // With no limit, each line goes to its cheapest shop.
            let least = (0..<shopCount).compactMap { answer.outcomes[lineIndex][$0].choice?.price }.min()!
            if choice.price != least { fatalError("line \(lineIndex) of an unlimited split costs \(choice.price), not its least, \(least)") }
        }
    }
    if splitTotal != split.total { fatalError("the split's total \(split.total) is not its lines' \(splitTotal)") }
    if split.isExhaustive, let best = answer.cheapest.first, split.assignments.compactMap({ $0 }).count >= answer.list.lines.count - answer.totals[best].missing.count,
       split.total > answer.totals[best].total {
        fatalError("the split costs \(split.total), more than the cheapest shop's \(answer.totals[best].total)")
    }
}

/// Whether the packs' sizes together reach the amount, compared at one scale (true past 38
/// digits, where it is not checked).
func reaches(_ choice: LineChoice, _ amount: WantedAmount) -> Bool {
    let scale = choice.packs.reduce(amount.base.scale) { max($0, $1.product.base.scale) }
    guard scale - amount.base.scale <= 38, choice.packs.allSatisfy({ scale - $0.product.base.scale <= 38 }) else { return true }
    var reached: UInt128 = 0
    for pack in choice.packs {
        let (size, o1) = pack.product.base.significand.multipliedReportingOverflow(by: Power10.uint128(scale - pack.product.base.scale))
        let (all, o2) = size.multipliedReportingOverflow(by: UInt128(pack.count))
        let (sum, o3) = reached.addingReportingOverflow(all)
        if o1 || o2 || o3 { return true }
        reached = sum
    }
    let (asked, o4) = UInt128(amount.base.significand).multipliedReportingOverflow(by: Power10.uint128(scale - amount.base.scale))
    return o4 || reached >= asked
}
