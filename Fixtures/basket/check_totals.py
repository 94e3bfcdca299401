#!/usr/bin/env python3
"""An independent check of the real basket (Fixtures/basket): reads the five Croatian exports
with Python's csv module (not per), finds each list line's product by barcode, buys whole packs
and compares every total, gap, the cheapest shop, the percentages and the split with per's
expected.json. Prices are decimal.Decimal, never floats.

    python3 Fixtures/basket/check_totals.py [SHEETS_DIR]   # default: this folder's cut sheets

Rules written out here, separately from per's: today's price is the promotion price
(the column whose header says "poseb...") when one is written and not 0, else the retail price
(the sixth column in all five);
a pack's size is the net quantity in its unit (Kaufland's header says KG for every row); an
amount in `each` of a product sold by weight counts packs; a line without an amount is one pack.
"""
import csv, io, itertools, json, math, os, sys
from decimal import Decimal, ROUND_HALF_UP

HERE = os.path.dirname(os.path.abspath(__file__))
SHEETS = sys.argv[1] if len(sys.argv) > 1 else HERE
SHOPS = {  # file: (encoding, delimiter)
    "interspar_zadar": ("cp1250", ";"), "kaufland_split": ("utf-8", "\t"), "konzum_valkanela": ("utf-8", ","),
    "metro_zagreb_jankomir": ("utf-8", ","), "plodine_pleternica": ("utf-8", ";"),
}
UNITS = {"g": ("mass", 1), "kg": ("mass", 1000), "ml": ("volume", 1), "l": ("volume", 1000)}


def number(text):
    text = text.strip().replace(",", ".")
    return Decimal(text) if text else None


def pack(shop, quantity, unit):
    """(dimension, size in g or ml) of one pack, or None when it is not by weight or volume."""
    parts = quantity.strip().split()
    if not parts:
        return None
    if shop == "kaufland_split":
        return ("mass", number(parts[0]) * 1000)  # the header: neto količina(KG)
    if len(parts) == 2:
        amount, written = number(parts[0]), parts[1].lower()
    else:
        amount, written = number(parts[0]), unit.strip().lower()
    if written not in UNITS:
        return None
    dimension, factor = UNITS[written]
    return (dimension, amount * factor)


def products(shop):
    encoding, delimiter = SHOPS[shop]
    rows = list(csv.reader(io.open(os.path.join(SHEETS, shop + ".csv"), encoding=encoding, newline=""), delimiter=delimiter))
    header = [h.lower() for h in rows[0]]
    barcode = next(i for i, h in enumerate(header) if "barkod" in h)
    # The promotion price: "MPC za vrijeme posebnog oblika prodaje", "MPC poseb.oblik prod", "POSEBNA_PRODAJA".
    promotion = next(i for i, h in enumerate(header) if "poseb" in h)
    found = {}
    for row in rows[1:]:
        if len(row) <= barcode or not row[barcode].strip():
            continue
        regular, sale = number(row[5]), number(row[promotion])
        price = sale if sale else regular
        found.setdefault(row[barcode].strip(), []).append((row[0], pack(shop, row[3], row[4]), price))
    return found


def line_cost(line, offers):
    """Least cost of whole packs of one shop's offers for the line, or None."""
    best = None
    for name, size, price in offers:
        if price is None or size is None:
            continue
        if line["amount"] is None:
            packs = 1
        elif line["amount"]["dimension"] == "count" and size[0] != "count":
            packs = int(Decimal(str(line["amount"]["base"])))
        elif size[0] != line["amount"]["dimension"]:
            continue
        else:
            packs = math.ceil(Decimal(str(line["amount"]["base"])) / size[1])
        cost = price * packs
        best = cost if best is None or cost < best else best
    return best


expected = json.load(open(os.path.join(HERE, "expected.json")))
lines = expected["items"]
shops = list(SHOPS)
costs = {shop: [line_cost(line, products(shop).get(line["key"], [])) for line in lines] for shop in shops}
problems = 0
totals = {}
for shop, row in zip(shops, expected["shops"]):
    total = sum((c for c in costs[shop] if c is not None), Decimal(0))
    missing = [line["item"] for line, c in zip(lines, costs[shop]) if c is None]
    totals[shop] = (total, missing)
    ok = row["name"] == shop and Decimal(str(row["total"])) == total and row["missing"] == missing
    problems += not ok
    print(f"{shop:24} total {total:>7}  missing {missing}  {'agrees' if ok else 'DIFFERS: per says ' + str(row['total']) + ' ' + str(row['missing'])}")
complete = {s: t for s, (t, m) in totals.items() if not m}
least = min(complete.values())
cheapest = [s for s in shops if s in complete and complete[s] == least][0]
print(f"cheapest {cheapest} {least}: {'agrees' if expected['cheapest'] == cheapest else 'DIFFERS: per says ' + str(expected['cheapest'])}")
problems += expected["cheapest"] != cheapest
for row in expected["shops"]:
    if row["name"] in complete and row["name"] != cheapest:
        more = ((complete[row["name"]] - least) * 100 / least).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        ok = Decimal(str(row["pct_more"])) == more
        problems += not ok
        print(f"{row['name']:24} {more}% more: {'agrees' if ok else 'DIFFERS: per says ' + str(row['pct_more'])}")
# The split: every set of shops, each line from its cheapest shop in the set; most lines, least
# total, fewest shops.
best = None
for size in range(1, len(shops) + 1):
    for subset in itertools.combinations(shops, size):
        chosen = [min((costs[s][i] for s in subset if costs[s][i] is not None), default=None) for i in range(len(lines))]
        key = (-sum(c is not None for c in chosen), sum(c for c in chosen if c is not None), size)
        if best is None or key < best[0]:
            best = (key, subset)
split_total = best[0][1]
ok = Decimal(str(expected["split"]["total"])) == split_total and expected["split"]["shops"] == list(best[1])
problems += not ok
print(f"split {list(best[1])} {split_total}: {'agrees' if ok else 'DIFFERS: per says ' + str(expected['split'])}")
print("all agree" if problems == 0 else f"{problems} differences")
sys.exit(1 if problems else 0)
