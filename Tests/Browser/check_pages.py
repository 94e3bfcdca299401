"""Opens per's HTML pages in headless Chromium (through playwright) and checks each one.

Usage: check_pages.py CHROMIUM PAGE.html EXPECTED.json [PAGE.html EXPECTED.json ...]

For each page, with one browser for them all:
- no console error and no uncaught page error;
- no request but the page's own file (no fetch, no image, no font, nothing);
- no dialog (alert, confirm, prompt) opens, no script, image, frame, object or embed element
  exists, and no element has an on* attribute: names are text, never markup;
- the page's text holds every list and every product of EXPECTED.json (a report's `lists[].
  products[].name` or a diff's `lists[].changes[].name`) in that order;
- a screenshot at 1200x900 is not blank (more than a few distinct colours).
With PER_SHOTS=DIR, screenshots at phone (390x844) and desktop (1200x900) widths are saved
in DIR as CASE-phone.png and CASE-desktop.png (the full page).

Prints one JSON object per page on standard output: {"page": ..., "problems": [...]}.
Exits 0 when it could check (whatever it found), 2 when playwright or Chromium is missing.
"""
import json
import os
import sys

try:
    from playwright.sync_api import sync_playwright
except ImportError as error:
    print(f"playwright is not installed for {sys.executable}: {error}", file=sys.stderr)
    sys.exit(2)

MARKUP = "script, img, iframe, frame, object, embed, link, meta[http-equiv=refresh], base, form, input, textarea"

# Distinct colours of a PNG, counted in the browser: the screenshot drawn on a canvas.
COUNT_COLOURS = """async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const seen = new Set();
  for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
  return seen.size;
}"""


def shown(text):
    """Text as a page shows it: control characters as their Control Pictures (HTMLText)."""
    return "".join(chr(0x2400 + ord(c)) if ord(c) < 0x20 and c not in "\t\n\r" else "\u2421" if c == "\x7f" else c
                   for c in text)


def expected_names(expected):
    """The lists and their products' names, in order, from a report's or a diff's JSON."""
    names = []
    for a_list in expected.get("lists", []):
        names.append(("list", shown(a_list["name"])))
        for product in a_list.get("products", a_list.get("changes", [])):
            names.append(("product", shown(product["name"])))
    return names


def check(browser, counter, path, expected_path):
    problems = []
    url = "file://" + os.path.abspath(path)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    page.on("console", lambda message: message.type == "error" and problems.append(f"console error: {message.text}"))
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", lambda request: request.url != url and problems.append(f"request: {request.url}"))

    def on_dialog(dialog):
        problems.append(f"a dialog ({dialog.type}) opened: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", on_dialog)
    page.goto(url)
    page.wait_for_load_state("load")

    found = page.eval_on_selector_all(MARKUP, "elements => elements.map(e => e.outerHTML.slice(0, 80))")
    problems += [f"element from text: {element}" for element in found]
    handlers = page.evaluate("""() => [...document.querySelectorAll('*')].flatMap(e =>
        [...e.attributes].filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name))""")
    problems += [f"event handler attribute: {handler}" for handler in handlers]

    # textContent keeps a name's own spaces (innerText would fold two into one).
    text = page.evaluate("() => document.body.textContent")
    with open(expected_path, encoding="utf-8") as file:
        expected = json.load(file)
    position = 0
    for kind, name in expected_names(expected):
        found_at = text.find(name, position)
        if found_at < 0:
            before = text.find(name)
            problems.append(f"{kind} {name!r} is not in the page after the one before it"
                            + (" (it comes earlier: out of order)" if before >= 0 else " (not in the page at all)"))
            continue
        position = found_at + len(name)

    shot = page.screenshot()
    import base64
    colours = counter.evaluate(COUNT_COLOURS, "data:image/png;base64," + base64.b64encode(shot).decode())
    if colours <= 8:
        problems.append(f"the screenshot is blank: {colours} distinct colours")

    shots = os.environ.get("PER_SHOTS")
    if shots:
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
        os.makedirs(shots, exist_ok=True)
        page.screenshot(path=os.path.join(shots, f"{name}-desktop.png"), full_page=True)
        page.set_viewport_size({"width": 390, "height": 844})
        page.screenshot(path=os.path.join(shots, f"{name}-phone.png"), full_page=True)
    page.close()
    return problems


def main():
    chromium, pairs = sys.argv[1], sys.argv[2:]
    if not os.access(chromium, os.X_OK):
        print(f"no Chromium at {chromium}", file=sys.stderr)
        sys.exit(2)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        counter = browser.new_page()
        for path, expected_path in zip(pairs[0::2], pairs[1::2]):
            try:
                problems = check(browser, counter, path, expected_path)
            except Exception as error:  # a page that cannot be checked is a failure, not a crash
                problems = [f"could not check the page: {error}"]
            print(json.dumps({"page": path, "problems": problems}), flush=True)
        browser.close()


if __name__ == "__main__":
    main()
