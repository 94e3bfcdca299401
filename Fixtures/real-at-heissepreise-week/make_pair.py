#!/usr/bin/env python3
"""Two days of BILLA's and SPAR's shelf, from heissepreise's budget cart (a price history):
each product (store and id) as its latest recorded row on or before the day, byte for byte;
a product with no record yet is not on that day's list. One row of day 2 is then resized by
hand (see SOURCE.md). usage: make_pair.py budget-cart.csv"""
import csv, sys
DAYS = {"2023-05-14.csv": "2023-05-14", "2023-05-21.csv": "2023-05-21"}
lines = open(sys.argv[1], encoding="utf-8", newline="").read().split("\n")
header, records = lines[0], [l for l in lines[1:] if l]
for out, day in DAYS.items():
    latest = {}
    for position, line in enumerate(records):
        store, key, _, date = next(csv.reader([line], delimiter=";"))[:4]
        if date <= day and ((store, key) not in latest or date >= latest[(store, key)][1]):
            latest[(store, key)] = (position, date)
    kept = sorted(position for position, _ in latest.values())
    with open(out, "w", encoding="utf-8", newline="") as f:
        f.write("\n".join([header] + [records[p] for p in kept]) + "\n")
