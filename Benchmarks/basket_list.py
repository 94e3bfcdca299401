#!/usr/bin/env python3
"""A shopping list of LINES lines for timing `per basket` on sheets made by
../shared/bench/gen_price_sheet.py: every sixth product name of SHEET without its number
(`Family Tea Bags`), matched by its words, with an amount in the dimension most of its
products have in SHEET (2 kg, 3 l or 12 each), every fourth line without one (one pack).

    python3 Benchmarks/basket_list.py SHEET [LINES] > list.csv
"""
import collections, csv, re, sys

MASS, VOLUME, COUNT = {"g", "kg", "oz", "lb"}, {"ml", "cl", "l", "fl oz", "gal"}, {"each", "ct", "dozen"}
sheet, lines = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100
dimensions = collections.defaultdict(collections.Counter)
with open(sheet, newline="") as f:
    for row in csv.DictReader(f):
        base = re.sub(r"\s*#\d+.*$", "", row["name"]).strip()
        unit = row["unit"].strip().lower()
        dimensions[base]["mass" if unit in MASS else "volume" if unit in VOLUME else "count" if unit in COUNT else "other"] += 1
names = sorted(dimensions)
out = csv.writer(sys.stdout, lineterminator="\n")
out.writerow(["item", "match", "quantity"])
for index in range(lines):
    name = names[(index * 6) % len(names)]
    dimension = dimensions[name].most_common(1)[0][0]
    amount = "" if index % 4 == 3 else {"mass": "2 kg", "volume": "3 l", "count": "12 each"}.get(dimension, "")
    out.writerow([name, name, amount])
