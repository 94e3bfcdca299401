#!/usr/bin/env python3
"""Cuts the basket's rows out of the five Croatian exports in ../shared/real/hr-cjenici: the
header, every row whose barcode is one of the basket's, and the row before and after each
(neighbours), as the original bytes (encoding, delimiter, line endings untouched).

    python3 Fixtures/basket/cut_sheets.py ../shared/real/hr-cjenici Fixtures/basket
"""
import sys, os

BARCODES = [b"3858881084872", b"3858881043466", b"50173204", b"50173822", b"50173808", b"50173167",
            b"42070047", b"80177616", b"5449000322203", b"3838800040578"]
SHOPS = ["interspar_zadar", "kaufland_split", "konzum_valkanela", "metro_zagreb_jankomir", "plodine_pleternica"]
DELIMITERS = {"interspar_zadar": b";", "kaufland_split": b"\t", "konzum_valkanela": b",",
              "metro_zagreb_jankomir": b",", "plodine_pleternica": b";"}

source, target = sys.argv[1], sys.argv[2]
for shop in SHOPS:
    lines = open(os.path.join(source, shop + ".csv"), "rb").read().split(b"\n")
    delimiter = DELIMITERS[shop]
    keep = set()
    for index, line in enumerate(lines[1:], start=1):
        fields = [field.strip(b"\r").strip(b'"').strip() for field in line.split(delimiter)]
        if any(barcode in fields for barcode in BARCODES):
            keep.update(i for i in (index - 1, index, index + 1) if 1 <= i < len(lines) and lines[i])
    out = [lines[0]] + [lines[i] for i in sorted(keep)]
    open(os.path.join(target, shop + ".csv"), "wb").write(b"\n".join(out) + b"\n")
    print(shop, len(keep), "rows")
