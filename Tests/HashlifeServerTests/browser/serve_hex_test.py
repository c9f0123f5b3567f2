#!/usr/bin/python3
"""The page of `hashlife serve --hex` in headless Chromium: rows sheared into a hexagonal grid.

usage: serve_hex_test.py URL HASHLIFE PATTERN OUT_DIR

URL is the server's (with the token; its pages start sheared), HASHLIFE the binary (for
`view --hex --format png`), PATTERN the RLE the server was loaded with, OUT_DIR where
screenshots go. Prints one line per check and exits 1 when any failed.
"""

import json
import subprocess
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

import chromium_page
from page_checks import check, failures, finish, page_probes, png_bits, wait_for

URL, HASHLIFE, PATTERN, OUT = sys.argv[1:5]


def read_png(path):
    """(width, height, rows of 0/1) of a PNG, as `png_bits` reads its pixels."""
    with open(path, "rb") as f:
        (w, h), bits = png_bits(f.read())
    return w, h, [[int(bits[y * w + x]) for x in range(w)] for y in range(h)]


driver, js, api = chromium_page.start()


_, _, frame_matches_view = page_probes(js)


def page_bits(left, top, width, height):
    rows = js("const c = document.getElementById('universe'), d = c.getContext('2d').getImageData(arguments[0], arguments[1], arguments[2], arguments[3]).data;"
              "const rows = []; for (let y = 0; y < arguments[3]; y++) { let s = ''; for (let x = 0; x < arguments[2]; x++) s += d[(y * arguments[2] + x) * 4] > 128 ? '1' : '0'; rows.push(s); } return rows;",
              left, top, width, height)
    return [[int(c) for c in row] for row in rows]


try:
    driver.get(URL)
    check(wait_for(lambda: js("return window.hashlife && window.hashlife.ready === true")), "the page is ready")
    check(json.loads(api("GET", "/api/state"))["view"]["hexagonal"] is True, "the state says pages start sheared")
    check(js("return hashlife.view.hex") is True, "serve --hex: the page starts with sheared rows")
    check("on" in driver.find_element(By.CSS_SELECTOR, '[data-action="hex"]').get_attribute("class"), "the Hex button shows it")
    # The default colours (light cells, dark background, grid and axes darker than half).
    api("POST", "/api/settings?reset=1", "")
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "header")).perform()

    # The transform: each row half a cell right of the row below, and its inverse.
    js("hashlife.centreOn(0, 0, 3)")
    a, b, c = (js("const p = hashlife.pixelOf(BigInt(arguments[0]), BigInt(arguments[1])); return [p.px, p.py]", x, y) for x, y in [(0, 0), (0, 1), (1, 1)])
    check(b[0] == a[0] - 4 and b[1] == a[1] + 8 and c[0] == a[0] + 4, f"at 8 px a cell, (0, 1) is 4 px left of (0, 0) and (1, 1) 4 px right: {a} {b} {c}")
    inverse = js("const out = []; for (const [x, y] of [[0, 0], [5, -3], [-7, 9], [2, 4]]) { const p = hashlife.pixelOf(BigInt(x), BigInt(y)), q = hashlife.cellAt(p.px + 1, p.py + 1); out.push(q.x === BigInt(x) && q.y === BigInt(y)); } return out.every(Boolean)")
    check(inverse, "cellAt undoes pixelOf on sheared rows")

    # The canvas equals `view --hex --format png --scale 4` (cells 8 px, rows 4 px apart) within
    # the sheared rectangle the PNG draws.
    columns, rows = 40, 12
    for level, zoom in [(3, 1)]:
        js(f"hashlife.centreOn(18, 4, {level})")
        check(wait_for(frame_matches_view), "a sheared frame arrives")
        time.sleep(0.2)
        x0, y0 = js("const c = document.getElementById('universe'), q = hashlife.cellAt(Math.floor(c.width / 2) - 160, Math.floor(c.height / 2) - 48); return [Number(q.x), Number(q.y)]")
        corner = js("const p = hashlife.pixelOf(BigInt(arguments[0]), BigInt(arguments[1])); return [Math.round(p.px), Math.round(p.py)]", x0, y0)
        png = OUT + "/view-hex.png"
        subprocess.run([HASHLIFE, "view", PATTERN, "--rect", f"{x0},{y0},{columns},{rows}", "--hex", "--format", "png",
                        "--scale", "4", "--live", "#FFFFFF", "--dead", "#000000", "--out", png], check=True)
        w, h, image = read_png(png)
        check((w, h) == ((2 * columns + rows - 1) * 4, rows * 8), f"view --hex is {w}x{h}")
        # The PNG's left edge lies (rows - 1) half cells left of the rectangle's top-left cell.
        left = corner[0] - (rows - 1) * 4
        page = page_bits(left, corner[1], w, h)
        compared, differ, live = 0, [], 0
        for y in range(h):
            start = (rows - 1 - y // 8) * 4
            for x in range(start, start + columns * 8):
                compared += 1
                live += image[y][x]
                if image[y][x] != page[y][x]:
                    differ.append((x, y, page[y][x], image[y][x]))
        if differ:
            print("     differing pixels (x, y, page, png):", differ[:10])
        check(not differ and live > 0, f"the sheared page equals view --hex of ({x0}, {y0}) ({compared - len(differ)} of {compared} pixels, {live} live)")
    driver.save_screenshot(OUT + "/serve-hex.png")

    # A click toggles the cell the sheared transform names.
    canvas = driver.find_element(By.ID, "universe")
    size = canvas.size
    px, py = size["width"] // 2 + 13, size["height"] // 2 + 29
    target = js("const q = hashlife.cellAt(arguments[0], arguments[1]); return [q.x.toString(), q.y.toString()]", px, py)
    before = json.loads(api("POST", "/api/command", f"get {target[0]} {target[1]}"))
    ActionChains(driver).move_to_element_with_offset(canvas, px - size["width"] // 2, py - size["height"] // 2).click().perform()
    toggled = wait_for(lambda: json.loads(api("POST", "/api/command", f"get {target[0]} {target[1]}")) != before)
    check(toggled, f"a click toggles the sheared cell ({target[0]}, {target[1]}) under the pointer")
    check(js("return hashlife.hover && hashlife.hover.x.toString() === arguments[0] && hashlife.hover.y.toString() === arguments[1]", *target),
          "the hover outline is on that cell")

    # A vertical pan (a drag outside edit mode) moves cells straight up: no sideways jump.
    driver.find_element(By.CSS_SELECTOR, '[data-action="edit"]').click()
    check(js("return hashlife.editMode") is False, "edit mode off: a drag pans")
    before = js("const p = hashlife.pixelOf(18n, 4n); return [p.px, p.py]")
    ActionChains(driver).move_to_element_with_offset(canvas, 0, 0).click_and_hold().move_by_offset(0, -24).move_by_offset(0, -24).release().perform()
    after = js("const p = hashlife.pixelOf(18n, 4n); return [p.px, p.py]")
    check(abs(after[0] - before[0]) <= 0.5 and after[1] == before[1] - 48, f"a drag 48 px up moves a cell 48 px up, not sideways: {before} -> {after}")

    # Zoomed out (1:4) the rows of blocks are sheared half a pixel each.
    js("hashlife.centreOn(0, 0, -2)")
    check(wait_for(frame_matches_view), "a sheared frame at 1:4 arrives")
    p0, p2 = (js("const p = hashlife.pixelOf(0n, BigInt(arguments[0])); return [p.px, p.py]", y) for y in (0, 8))
    check(p2[1] == p0[1] + 2 and p2[0] == p0[0] - 1, f"at 1:4, two block rows down is one pixel left: {p0} {p2}")

    # # goes back to square rows about the centre cell, and the frame follows.
    centre = js("const c = document.getElementById('universe'), q = hashlife.cellAt(Math.floor(c.width / 2), Math.floor(c.height / 2)); return [q.x.toString(), q.y.toString()]")
    driver.find_element(By.TAG_NAME, "body").send_keys("#")
    check(wait_for(lambda: js("return hashlife.view.hex") is False), "# goes back to square rows")
    again = js("const c = document.getElementById('universe'), q = hashlife.cellAt(Math.floor(c.width / 2), Math.floor(c.height / 2)); return [q.x.toString(), q.y.toString()]")
    check(again == centre, f"the centre cell stays: {centre} -> {again}")
    s0, s1 = (js("const p = hashlife.pixelOf(0n, BigInt(arguments[0])); return p.px", y) for y in (0, 8))
    check(s0 == s1, "square rows: cells stand above one another")
    check(wait_for(frame_matches_view), "a square frame arrives")
    if failures:
        driver.save_screenshot(OUT + "/failure-hex.png")
finally:
    driver.quit()

sys.exit(finish())
