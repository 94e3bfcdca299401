#!/usr/bin/env python3
"""A year of weekly snapshots of BILLA's and SPAR's organic line, from heissepreise's bio cart
(a price history): for each Sunday from 2022-06-26 to 2023-06-25, each product (store and id)
as its latest recorded row on or before that day, byte for byte; a product with no record yet
is not in that week's file. usage: make_year.py bio-cart.csv (writes weeks/bio-DATE.csv)"""
import csv, datetime, os, sys
lines = open(sys.argv[1], encoding="utf-8", newline="").read().split("\n")
header, records = lines[0], [l for l in lines[1:] if l]
parsed = [next(csv.reader([l], delimiter=";"))[:4] for l in records]
day = datetime.date(2022, 6, 26)
os.makedirs("weeks", exist_ok=True)
while day <= datetime.date(2023, 6, 25):
    text = day.isoformat()
    latest = {}
    for position, (store, key, _, date) in enumerate(parsed):
        if date <= text and ((store, key) not in latest or date >= latest[(store, key)][1]):
            latest[(store, key)] = (position, date)
    kept = sorted(position for position, _ in latest.values())
    with open(f"weeks/bio-{text}.csv", "w", encoding="utf-8", newline="") as f:
        f.write("\n".join([header] + [records[p] for p in kept]) + "\n")
    day += datetime.timedelta(days=7)
