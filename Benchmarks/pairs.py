#!/usr/bin/env python3
"""How well does `per diff` report a shop's own price changes?

Independent of per's code: this script reads two real price files of ONE shop
(OLD and NEW, e.g. one store's list on two days), works out from the files
alone which products changed price and which did not, runs
`per diff --format csv --threshold 0 OLD NEW`, and compares.

Ground truth (from the files, by the shop's product code):
  * a product is a code (within --list, if given) whose rows on a side all say
    the same price and size (a shop lists a product once per barcode: several
    rows of one code at one price are one product); a code with rows at
    different prices or sizes on a side is left out (counted as "multi").
  * the price compared is the one per ranks (docs/input.md, "Sale prices"): the sale
    price ("posebni oblik prodaje" / sale column) when the cell holds a
    nonzero number, else the regular price (MPC). With --sale-rule below, the
    sale price only when it is below the regular price (or the regular one is
    empty/0); the report says how many rows the two rules disagree on.
  * a shop change: code on both sides, same size cells, ranked price differs.
    Unchanged: same size, same ranked price. Codes whose size cells differ are
    left out (counted as "resized").

per's side: rows of change rose/fell. A row is mapped to the shop's code by
per's `key` column when per wrote one, else by its name (whitespace folded)
and its old/new pack prices. Found = a shop change reported as rose/fell with
pct_change equal to (new/old - 1) * 100 rounded half away from zero to one
decimal (same size, so the unit-price change is the price change). Invented =
a rose/fell row whose product did not change price per the shop.

Usage:
  python3 Benchmarks/pairs.py OLD NEW [--code HEADER] [--per PATH] [--per-arg ARG]...

Only the Python standard library is used.
"""
import argparse
import collections
import csv
import io
import os
import re
import subprocess
import sys
import unicodedata
from decimal import Decimal, InvalidOperation, ROUND_HALF_UP

DEFAULT_PER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "per")


def fold(s):
    s = unicodedata.normalize("NFKD", s)
    s = "".join(c for c in s if not unicodedata.combining(c))
    return s.lower().replace("đ", "d")


def words(h):
    return re.findall(r"[a-z]+", fold(h))


def read_sheet(path, encoding=None, delimiter=None):
    raw = open(path, "rb").read()
    if encoding is None:
        try:
            text = raw.decode("utf-8-sig")
            encoding = "utf-8"
        except UnicodeDecodeError:
            encoding = "cp1250"
            text = raw.decode(encoding)
    else:
        text = raw.decode(encoding)
    first = text.split("\n", 1)[0]
    if delimiter is None:
        counts = {d: first.count(d) for d in [",", ";", "\t", "|"]}
        delimiter = max(counts, key=counts.get)
    lines = text.split("\n")
    rdr = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    records = []  # (first_line, last_line, fields)
    prev = 0
    for fields in rdr:
        start = prev + 1
        prev = rdr.line_num
        if not fields or all(not f.strip() for f in fields):
            continue
        records.append((start, rdr.line_num, fields))
    header = records[0][2]
    return dict(path=path, encoding=encoding, delimiter=delimiter, header=header,
                records=records[1:], lines=lines)


def find_col(header, given, want, avoid=(), what=""):
    if given is not None:
        if given not in header:
            sys.exit(f"pairs.py: no column {given!r} in {header}")
        return header.index(given)
    for i, h in enumerate(header):
        w = set(words(h))
        if any(all(x in w for x in alt) for alt in want) and not (w & set(avoid)):
            return i
    return None


def num(cell):
    s = cell.strip().replace("\u00a0", "").replace(" ", "")
    s = re.sub(r"(?i)(eur|€|kn|\$|£)", "", s)
    if s in ("", "-", "n/a"):
        return None
    if "," in s and "." in s:
        if s.rfind(",") > s.rfind("."):
            s = s.replace(".", "").replace(",", ".")
        else:
            s = s.replace(",", "")
    else:
        s = s.replace(",", ".")
    try:
        return Decimal(s)
    except InvalidOperation:
        return "bad"


def pct(old, new):
    v = (new / old - 1) * 100
    return v.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)  # ROUND_HALF_UP is away from zero in Decimal


def columns(sheet, a):
    h = sheet["header"]
    code = find_col(h, a.code, [("sifra",), ("sku",), ("artikelnummer",), ("id",), ("code",)], ("barkod", "ean"))
    price = find_col(h, a.price, [("maloprodajna",), ("mpc",), ("maloprod",), ("price",), ("preis",), ("cijena",)],
                     ("posebnog", "akc", "akcija", "najniza", "sidrena", "jedinicu", "sale", "unit", "date"))
    sale = find_col(h, a.sale, [("posebnog",), ("akc",), ("sale",), ("aktionspreis",)], ("jedinicu",))
    lst = find_col(h, a.list, [], ()) if a.list else None
    name = find_col(h, a.name, [("naziv",), ("name",), ("bezeichnung",), ("produkt",), ("product",)],
                    ("marka", "brand", "store", "shop"))
    if a.size:
        size = [h.index(s) for s in a.size]
    else:
        size = [i for i, x in enumerate(h)
                if (set(words(x)) & {"neto", "kolicina", "quantity", "jedinica", "unit"})
                and not (set(words(x)) & {"cijena", "price", "preis", "za", "per"})]
    if code is None or price is None:
        sys.exit(f"pairs.py: {sheet['path']}: no code or price column found in {h}; name them")
    return dict(code=code, price=price, sale=sale, list=lst, size=size, name=name if name is not None else 0)


def products(sheet, cols, rule, stats):
    by = collections.OrderedDict()
    for first, last, f in sheet["records"]:
        def cell(i):
            return f[i] if i is not None and i < len(f) else ""
        code = cell(cols["code"]).strip()
        if not code:
            stats["no code"] += 1
            continue
        ident = (cell(cols["list"]).strip(), code) if cols["list"] is not None else code
        reg = num(cell(cols["price"]))
        sale = num(cell(cols["sale"])) if cols["sale"] is not None else None
        if reg == "bad":
            reg = None
        if sale == "bad":
            sale = None
        sale_on = sale is not None and sale != 0
        below = sale_on and (reg is None or reg == 0 or sale < reg)
        if sale_on and not below and (reg is None or sale != reg):
            stats["sale above regular (rules differ)"] += 1
        ranked = (sale if sale_on else reg) if rule == "readme" else (sale if below else reg)
        size = tuple(cell(i).strip() for i in cols["size"])
        by.setdefault(ident, []).append(dict(first=first, last=last, reg=reg, sale=sale, ranked=ranked,
                                             size=size, name=" ".join(cell(cols["name"]).split()), f=f))
    return by


def one(rows):
    """The product's (ranked, regular, size) when all its rows say the same, else None."""
    s = {(r["ranked"], r["size"]) for r in rows}
    if len(s) != 1:
        return None
    ranked, size = next(iter(s))
    if ranked is None or ranked == 0:
        return None
    regs = {r["reg"] for r in rows}
    return ranked, (next(iter(regs)) if len(regs) == 1 else None), size


def raw(sheet, r):
    return "\n".join(sheet["lines"][i - 1].rstrip("\r") for i in range(r["first"], r["last"] + 1))


def per_rejections(per, args, path):
    """Line -> 'rejected: reason' for the rows `per report` did not rank (its --rejects file)."""
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        out_path = os.path.join(d, "rejects.csv")
        subprocess.run([per, "report", "--format", "csv", "--rejects", out_path] + args + [path],
                       capture_output=True)
        out = {}
        if os.path.exists(out_path):
            with open(out_path, encoding="utf-8", errors="replace", newline="") as fh:
                for row in list(csv.reader(fh))[1:]:
                    if len(row) >= 4 and row[-3].isdigit():
                        out[int(row[-3])] = row[-2] + ": " + row[-1]
        return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--code", help="header of the shop's product code (default: šifra/sku/id/code)")
    ap.add_argument("--price", help="header of the regular price (default: MPC/maloprodajna cijena/price)")
    ap.add_argument("--sale", help="header of the sale price (default: posebnog oblika prodaje/akcija/sale)")
    ap.add_argument("--name", help="header of the product name (default: naziv/name/bezeichnung/product)")
    ap.add_argument("--list", help="header of a column that, with the code, identifies a product (e.g. store)")
    ap.add_argument("--size", action="append", help="header(s) of the size cells (default: neto količina, jedinica mjere)")
    ap.add_argument("--encoding")
    ap.add_argument("--delimiter")
    ap.add_argument("--sale-rule", choices=["readme", "below"], default="readme")
    ap.add_argument("--per", default=DEFAULT_PER)
    ap.add_argument("--per-arg", action="append", default=[], help="an option passed to per (repeatable)")
    ap.add_argument("--show", type=int, default=10)
    a = ap.parse_args()

    per = os.path.normpath(a.per)
    if not os.access(per, os.X_OK):
        sys.exit(f"pairs.py: {per} is missing (build nothing here; say so)")

    import hashlib
    import time
    st = os.stat(per)
    print(f"per: {per}, built {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(st.st_mtime))} UTC, "
          f"sha256 {hashlib.sha256(open(per, 'rb').read()).hexdigest()[:16]}")
    stats = collections.Counter()
    O = read_sheet(a.old, a.encoding, a.delimiter)
    N = read_sheet(a.new, a.encoding, a.delimiter)
    co, cn = columns(O, a), columns(N, a)
    print(f"OLD {a.old}: {O['encoding']}, {O['delimiter']!r}, {len(O['records'])} data records; "
          f"code {O['header'][co['code']]!r}, name {O['header'][co['name']]!r}, price {O['header'][co['price']]!r}, "
          f"sale {O['header'][co['sale']] if co['sale'] is not None else None!r}, "
          f"size {[O['header'][i] for i in co['size']]}")
    print(f"NEW {a.new}: {N['encoding']}, {N['delimiter']!r}, {len(N['records'])} data records")
    po = products(O, co, a.sale_rule, stats)
    pn = products(N, cn, a.sale_rule, stats)

    changed, unchanged = {}, {}
    reg_changed = 0
    for k in po.keys() & pn.keys():
        x, y = one(po[k]), one(pn[k])
        if x is None or y is None:
            stats["multi (rows of one code at several prices/sizes, or no price)"] += 1
            continue
        if x[2] != y[2]:
            stats["resized (size cells differ)"] += 1
            continue
        if x[1] is not None and y[1] is not None and x[1] != y[1]:
            reg_changed += 1
        if x[0] != y[0]:
            changed[k] = (x[0], y[0], pct(x[0], y[0]))
        else:
            unchanged[k] = x[0]
    stats["codes only in OLD"] = len(po.keys() - pn.keys())
    stats["codes only in NEW"] = len(pn.keys() - po.keys())

    # per
    cmd = [per, "diff", "--format", "csv", "--threshold", "0"] + a.per_arg + [a.old, a.new]
    p = subprocess.run(cmd, capture_output=True)
    print("\n$ " + " ".join(repr(c) if (" " in c or not c) else c for c in cmd) + f"   (exit {p.returncode})")
    for line in p.stderr.decode("utf-8", "replace").splitlines():
        print("  stderr: " + line)
    prow = list(csv.DictReader(io.StringIO(p.stdout.decode("utf-8"))))
    has_key = bool(prow) and "key" in prow[0]
    kinds = collections.Counter(r["change"] for r in prow)
    print(f"  per rows: {dict(kinds)}; matched by key: {has_key}")

    ident_code = (lambda k: k[1]) if a.list else (lambda k: k)
    by_name = collections.defaultdict(set)
    by_code = collections.defaultdict(set)
    for side in (po, pn):
        for k, rows in side.items():
            by_code[ident_code(k)].add(k)
            for r in rows:
                by_name[r["name"]].add(k)

    def candidates(r):
        if has_key and r.get("key", "").strip():
            return by_code.get(r["key"].strip(), set())
        return by_name.get(" ".join(r["name"].split()), set())

    per_by_ident = collections.defaultdict(list)
    for r in prow:
        for k in candidates(r):
            per_by_ident[k].append(r)

    found, wrong_pct, invented, outside = {}, [], [], []
    for r in prow:
        if r["change"] not in ("rose", "fell"):
            continue
        c = candidates(r)
        op, np_ = num(r["old_price"]), num(r["new_price"])
        exact = [k for k in c if k in changed and changed[k][0] == op and changed[k][1] == np_]
        if exact:
            # rows of one name, size and price under several codes are one product to per
            # (matched by name): its one row reports each of those codes' change
            for k in sorted(exact):
                if num(r["pct_change"]) == changed[k][2]:
                    found[k] = r
                else:
                    wrong_pct.append((k, r))
        elif c and all(k in unchanged for k in c):
            invented.append((sorted(c)[0], r))
        elif any(k in changed for k in c):
            wrong_pct.append((sorted(k for k in c if k in changed)[0], r))
        else:
            outside.append(r)

    rej_o = per_rejections(per, a.per_arg, a.old)
    rej_n = per_rejections(per, a.per_arg, a.new)

    def cause(k):
        cs = []
        for side, rej, tag in ((po, rej_o, "old"), (pn, rej_n, "new")):
            for row in side[k]:
                if row["first"] in rej:
                    cs.append(f"per {tag} line {row['first']} {rej[row['first']]}")
        if cs:
            return "rejected by per", cs
        rs = per_by_ident.get(k, [])
        if rs:
            ch = sorted({r["change"] for r in rs})
            return "per says " + "/".join(ch), [", ".join(f"{x}={r.get(x, '')}" for x in
                                                          ("list", "name", "key", "size", "old_size", "change",
                                                           "old_price", "new_price", "pct_change") if x in r)
                                                for r in rs[:4]]
        return "no per row for it", []

    missed = [k for k in changed if k not in found]
    n = len(changed)
    print("\nGround truth (from the files, by code):")
    print(f"  codes OLD {len(po)}, NEW {len(pn)}, on both sides {len(po.keys() & pn.keys())}")
    for s, v in sorted(stats.items()):
        print(f"  {s}: {v}")
    print(f"  sale rule: {a.sale_rule}; regular (MPC) changes among compared codes: {reg_changed}")
    print(f"\nshop changes: {n}")
    print(f"found: {len(found)}   found %: {100.0 * len(found) / n if n else 0:.1f}")
    inv_codes = {k for k, _ in invented}
    print(f"invented: {len(invented)} rows ({len(inv_codes)} products)   invented % (of unchanged {len(unchanged)}): "
          f"{100.0 * len(inv_codes) / len(unchanged) if unchanged else 0:.2f}"
          f"   (of per's rose/fell rows: {100.0 * len(invented) / max(1, kinds['rose'] + kinds['fell']):.1f})")
    print(f"per rose/fell with another price or percent than the shop's: {len(wrong_pct)}; "
          f"rose/fell rows outside the ground truth (codes left out, or no code): {len(outside)}")

    mc = collections.Counter(cause(k)[0] for k in missed)
    readable = n - mc.get("rejected by per", 0)
    print(f"found % of the changes per could read (no row of the code rejected on either day): "
          f"{len(found)}/{readable} = {100.0 * len(found) / readable if readable else 0:.1f}")
    print(f"\nmissed: {len(missed)} by cause: {dict(mc.most_common())}")
    for k in missed[:a.show]:
        c, det = cause(k)
        o, w, pc = changed[k]
        print(f"- {k}: {o} -> {w} ({pc:+}%): {c}")
        for row in po[k][:2]:
            print(f"    old {row['first']}: {raw(O, row)}")
        for row in pn[k][:2]:
            print(f"    new {row['first']}: {raw(N, row)}")
        for d in det:
            print(f"    {d}")
    print(f"\ninvented: {len(invented)}")
    for k, r in invented[:a.show]:
        print(f"- {k}: per {r['change']} {r['old_price']} -> {r['new_price']} ({r['pct_change']}%) "
              f"list {r['list']!r} name {r['name']!r} size {r['size']!r}; shop: {unchanged[k]} both days")
        for row in po[k][:2]:
            print(f"    old {row['first']}: {raw(O, row)}")
        for row in pn[k][:2]:
            print(f"    new {row['first']}: {raw(N, row)}")
    if wrong_pct:
        print(f"\nwrong price/percent: {len(wrong_pct)}")
        for k, r in wrong_pct[:a.show]:
            print(f"- {k}: shop {changed[k][0]} -> {changed[k][1]} ({changed[k][2]}%); per {r['old_price']} -> "
                  f"{r['new_price']} ({r['pct_change']}%) {r['name']!r} {r['size']!r}")
    if outside:
        print(f"\nrose/fell rows outside the ground truth: {len(outside)}")
        for r in outside[:a.show]:
            c = sorted(candidates(r))
            print(f"- per {r['change']} {r['old_price']} -> {r['new_price']} ({r['pct_change']}%) {r['list']!r} "
                  f"{r['name']!r} {r['size']!r}; codes {c[:4]}: " +
                  "; ".join("left out" if k in po and k in pn else "one side only" for k in c[:4]))
    print(f"\nSUMMARY\t{os.path.basename(a.old)}\t{os.path.basename(a.new)}\tchanges={n}\tfound={len(found)}"
          f"\tfound%={100.0 * len(found) / n if n else 0:.1f}\tinvented={len(inv_codes)}"
          f"\tinvented%={100.0 * len(inv_codes) / len(unchanged) if unchanged else 0:.2f}\tunchanged={len(unchanged)}"
          f"\tmissed_rejected={mc.get('rejected by per', 0)}\tmissed_ambiguous={mc.get('per says ambiguous', 0)}"
          f"\tmissed_other={len(missed) - mc.get('rejected by per', 0) - mc.get('per says ambiguous', 0)}"
          f"\twrong={len(wrong_pct)}")


if __name__ == "__main__":
    main()
