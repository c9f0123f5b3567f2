#!/usr/bin/python3
"""Drives the page of `hashlife serve` in headless Chromium as a person would.

usage: serve_page_test.py URL HASHLIFE GUN_FILE OUT_DIR

URL is the server's (with the token), HASHLIFE the binary (for `view --png`), GUN_FILE the
Gosper glider gun's RLE, OUT_DIR where screenshots go. Prints one line per check and exits 1
when any failed.
"""

import json
import math
import sys
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import chromium_page
from page_checks import check, check_grid_lines, failures, finish, page_probes, view_png, wait_for

URL, HASHLIFE, GUN, OUT = sys.argv[1:5]


driver, js, api = chromium_page.start()


def command(line):
    return json.loads(api("POST", "/api/command", line))


def text(element_id):
    return driver.find_element(By.ID, element_id).text


def click(action):
    driver.find_element(By.CSS_SELECTOR, f'[data-action="{action}"]').click()


def settle():
    """Waits until the page's queued commands are done and its header shows the server's state."""
    js("return hashlife.commandsDone().then(() => 0)")
    state = json.loads(api("GET", "/api/state"))
    wait_for(lambda: text("generation") == state["generation"] and text("population") == state["population"], 5)
    return state


canvas_element = None


def canvas_point(px, py):
    """Moves the pointer to canvas pixel (px, py)."""
    actions = ActionChains(driver)
    actions.move_to_element_with_offset(canvas_element, 0, 0)
    size = canvas_element.size
    actions.move_by_offset(px - size["width"] // 2, py - size["height"] // 2)
    return actions


def hovered():
    return tuple(int(v) for v in text("hover").split(","))


def touch(kind, points=()):
    """A touch event through DevTools: `points` are canvas pixels, one a finger (none to lift all)."""
    left, top = js("const r = document.getElementById('universe').getBoundingClientRect(); return [r.left, r.top]")
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": left + x, "y": top + y, "id": i} for i, (x, y) in enumerate(points)]})


def next_frames():
    """Waits two animation frames, so that the touch events sent have been handled."""
    driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")


def pinch(first, second, moves=8):
    """Two fingers, each moving from its first (x, y) to its second, then lifted."""
    for i in range(moves + 1):
        t = i / moves
        touch("touchStart" if i == 0 else "touchMove",
              [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for a, b in (first, second)])
    next_frames()
    touch("touchEnd")
    next_frames()


def apart(mx, my, distance):
    """Two points `distance` px apart about (mx, my), on a slant."""
    return (mx - 0.4 * distance, my - 0.3 * distance), (mx + 0.4 * distance, my + 0.3 * distance)


def one_finger(points):
    touch("touchStart", [points[0]])
    for point in points[1:]:
        touch("touchMove", [point])
    next_frames()
    touch("touchEnd")
    next_frames()


cell_at, canvas_unscaled, frame_matches_view = page_probes(js)


try:
    driver.get(URL)
    check(wait_for(lambda: js("return window.hashlife && window.hashlife.ready === true")), "the page starts")
    canvas_element = driver.find_element(By.ID, "universe")
    for action in ["play", "pause", "step", "reset", "zoom-in", "zoom-out", "fit", "edit", "undo", "redo", "settings"]:
        check(len(driver.find_elements(By.CSS_SELECTOR, f'[data-action="{action}"]')) == 1, f"control {action} is there")
    check(js("return document.querySelector('[data-action=edit]').classList.contains('on')"), "the page opens in edit mode")
    check(wait_for(lambda: driver.find_element(By.ID, "first-run").is_displayed()
                   and len(driver.find_elements(By.CSS_SELECTOR, "#starters button")) >= 4), "an empty board shows the starter patterns")

    # Load a glider gun, play, pause.
    with open(GUN) as f:
        gun = f.read()
    answer = json.loads(api("POST", "/api/load?name=gun.rle", gun))
    check(answer.get("population") == "36", "the gun loads (population 36)")
    check(wait_for(lambda: not driver.find_element(By.ID, "first-run").is_displayed()), "the starter patterns go once there are cells")
    click("play")
    check(wait_for(lambda: int(text("generation")) > 20), "playing advances the generation")
    click("pause")
    wait_for(lambda: json.loads(api("GET", "/api/state"))["playing"] is False)
    paused = settle()["generation"]
    time.sleep(0.5)
    check(text("generation") == paused and settle()["generation"] == paused, f"pause holds the generation ({paused})")
    check(js("return typeof hashlife.fps === 'number'"), f"window.hashlife.fps is measured ({js('return hashlife.fps')})")
    driver.find_element(By.ID, "sparkline").click()
    check(wait_for(lambda: driver.find_element(By.ID, "plot-panel").is_displayed() and "population" in text("plot-range")),
          f"the sparkline opens the population plot ({text('plot-range')})")
    click("plot-close")

    # Step five times and read the generation.
    click("reset")
    check(wait_for(lambda: text("generation") == "0"), "reset goes back to generation 0")
    step = driver.find_element(By.CSS_SELECTOR, '[data-action="step"]')
    for _ in range(5):
        step.click()
    check(wait_for(lambda: text("generation") == "5"), f"five clicks on step reach generation 5 (shows {text('generation')})")

    # Click a cell on and off, with the population checked.
    command("clear")
    js("hashlife.centreOn(0, 0, 3)")
    settle()
    canvas_point(300, 200).click().perform()
    check(wait_for(lambda: text("population") == "1"), "a click turns a cell on")
    on = hovered()
    check(command(f"get {on[0]} {on[1]}").get("alive") is True, f"the clicked cell {on} is the live one")
    canvas_point(300, 200).click().perform()
    check(wait_for(lambda: text("population") == "0"), "a second click turns it off")

    # Undo and redo.
    click("undo")
    check(wait_for(lambda: text("population") == "1"), "undo brings the cell back")
    click("redo")
    check(wait_for(lambda: text("population") == "0"), "redo takes it away again")
    canvas_element.send_keys(Keys.CONTROL, "z")
    check(wait_for(lambda: text("population") == "1"), "Ctrl+Z undoes")
    command("clear")

    # Stamp a glider from the toolbar at a clicked cell.
    glider_button = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, '[data-shape="glider"]'))
    shapes = json.loads(api("GET", "/api/shapes"))["shapes"]
    check(len([s for s in shapes if s["builtIn"]]) >= 10, "the toolbar holds the shape library")
    glider_button.click()
    canvas_point(400, 300).perform()
    at = hovered()
    check(js("return hashlife.stamp !== null"), "a stamp follows the pointer")
    canvas_point(400, 300).click().perform()
    check(wait_for(lambda: text("population") == "5"), "the stamp puts down five cells")
    glider = [s for s in shapes if s["name"] == "glider"][0]["cells"]
    check(all(command(f"get {at[0] + x} {at[1] + y}").get("alive") is True for x, y, _ in glider), f"the glider's cells are at {at}")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    check(js("return hashlife.stamp === null"), "Escape cancels the stamp")
    command("clear")

    # Drag to pan, wheel to zoom; the hovered cell is the clicked cell at three zoom levels.
    before = js("return [hashlife.view.ox.toString(), hashlife.view.oy.toString()]")
    ActionChains(driver).move_to_element_with_offset(canvas_element, 0, 0).click_and_hold().move_by_offset(5, 5)\
        .move_by_offset(60, 40).release().perform()  # edit mode: a left drag paints
    command("clear")
    click("edit")  # out of edit mode a left drag pans
    ActionChains(driver).move_to_element_with_offset(canvas_element, 0, 0).click_and_hold().move_by_offset(5, 5)\
        .move_by_offset(60, 40).release().perform()
    after = js("return [hashlife.view.ox.toString(), hashlife.view.oy.toString()]")
    check(before != after, f"a drag pans the view ({before} -> {after})")
    click("edit")
    for wheel in [0, -3, 5]:
        level = js("return hashlife.view.level")
        canvas_point(350, 250).perform()
        if wheel:
            js("const c = document.getElementById('universe');"
               "for (let i = 0; i < Math.abs(arguments[0]); i++) c.dispatchEvent(new WheelEvent('wheel', "
               "{deltaY: arguments[0] > 0 ? -100 : 100, clientX: c.getBoundingClientRect().left + 350, "
               "clientY: c.getBoundingClientRect().top + 250, bubbles: true, cancelable: true}));", wheel)
            time.sleep(0.3)
        level = js("return hashlife.view.level")
        canvas_point(351, 250).perform()
        canvas_point(350, 250).perform()
        cell = hovered()
        canvas_point(350, 250).click().perform()
        check(wait_for(lambda: command(f"get {cell[0]} {cell[1]}").get("alive") is True, 5),
              f"at level {level} the hovered cell {cell} is the one the click toggled")
        command("clear")

    # Touch: two fingers zoom about their midpoint (the cell under it stays), one finger pans
    # or, in edit mode, paints, as the mouse does.
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 2})
    js("hashlife.centreOn(5, -7, 2)")
    wait_for(frame_matches_view)
    mx, my = 351, 253
    # Spread about a still midpoint, then pinch with one finger still (the midpoint moves with
    # the other), then far out; the distances' ratios are not the zoom steps' exactly.
    still = apart(mx, my, 100)[0]
    gestures = [("in", apart(mx, my, 40), apart(mx, my, 100)),
                ("out", (still, apart(mx, my, 100)[1]), (still, (still[0] + 0.8 * 28, still[1] + 0.6 * 28))),
                ("out past 1:1", apart(mx - 60, my - 45, 160), apart(mx - 60, my - 45, 10))]
    for moved, start, end in gestures:
        under = cell_at((start[0][0] + start[1][0]) / 2, (start[0][1] + start[1][1]) / 2)
        level, animations = js("return [hashlife.view.level, hashlife.zoomAnimations]")
        pinch(*zip(start, end))
        now = js("return hashlife.view.level")
        mid = ((end[0][0] + end[1][0]) / 2, (end[0][1] + end[1][1]) / 2)
        check(now > level if moved == "in" else now < level,
              f"fingers {round(math.dist(*start))} -> {round(math.dist(*end))} px apart zoom {moved} (level {level} -> {now})")
        check(js("return hashlife.zoomAnimations") > animations, "the pinch's zoom is animated")
        at = cell_at(*mid)
        if now >= 0:
            check(at == under, f"the cell under the fingers' midpoint stays {under} (now {at})")
        else:
            side = int(js("return hashlife.blockCells()"))
            check(at[0] <= under[0] < at[0] + side and at[1] <= under[1] < at[1] + side,
                  f"the block under the fingers' midpoint, {side} cells from {at}, holds {under}")
        if moved == "out":
            settle()
            check(text("population") == "0", "a pinch in edit mode neither paints nor toggles")
            canvas_point(int(mid[0]), int(mid[1])).click().perform()
            check(wait_for(lambda: command(f"get {under[0]} {under[1]}").get("alive") is True, 5),
                  f"a click at the midpoint after the pinch toggles {under}")
            command("clear")
    # Far out, where a cell's share of a pixel underflows a double.
    js("hashlife.centreOn(5, -7, -2000)")
    wait_for(frame_matches_view)
    under = cell_at(mx, my)
    pinch(*zip(apart(mx, my, 40), apart(mx, my, 100)))
    now, at = js("return hashlife.view.level"), cell_at(mx, my)
    check(now == -1999 and at[0] <= under[0] < at[0] + 2 ** 1999 and at[1] <= under[1] < at[1] + 2 ** 1999,
          f"at 1:2^2000 spreading the fingers zooms in to 1:2^1999 (level {now}) about the block under their midpoint")
    js("hashlife.centreOn(5, -7, 3)")
    wait_for(frame_matches_view)
    click("edit")  # out of edit mode one finger pans, carrying its cell along
    held = cell_at(200, 200)
    one_finger([(200, 200), (210, 205), (240, 230), (263, 241)])
    check(cell_at(263, 241) == held, f"a one-finger drag pans: the cell {held} follows the finger (now under it: {cell_at(263, 241)})")
    click("edit")
    settle()
    one_finger([(200, 200)])
    check(wait_for(lambda: text("population") == "1"), "a tap toggles a cell in edit mode")
    command("clear")
    settle()
    stroke = sorted({cell_at(x, 200) for x in range(200, 271, 5)})
    one_finger([(x, 200) for x in range(200, 271, 5)])
    check(wait_for(lambda: text("population") == str(len(stroke)))
          and all(command(f"get {x} {y}").get("alive") is True for x, y in stroke),
          f"a one-finger drag in edit mode paints the cells it crosses, {stroke[0]} to {stroke[-1]} ({text('population')} cells)")
    command("clear")
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})

    # Zoomed out, the steps between the powers of two are a pixel for 3×3 and 6×6 … cells.
    js("hashlife.centreOn(0, 0, 0)")
    steps = []
    for _ in range(5):
        click("zoom-out")
        steps.append((js("return hashlife.view.level"), text("scale")))
    check(steps == [(-1, "1px:2^1"), (-1.5, "1px:3"), (-2, "1px:2^2"), (-2.5, "1px:6"), (-3, "1px:2^3")],
          f"zoom out goes 1:2, 1:3, 1:4, 1:6, 1:8 ({steps})")

    # Grid lines: every cell down to 8 px a cell, then every 2, 3, 4 … cells, at least 8 px apart.
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "header")).perform()
    settle()
    check_grid_lines(js, frame_matches_view, [(4, 1, 16), (2.5, 2, 12), (2, 2, 8), (1.5, 3, 9), (1, 4, 8), (0, 8, 8), (-1.5, 8, 8),
                                              (-3, 8, 8)])

    # Change the cell colour and reload: it persists.
    js("const i = document.getElementById('setting-cellColour'); i.value = '#ff8800';"
       "i.dispatchEvent(new Event('change'));")
    wait_for(lambda: json.loads(api("GET", "/api/settings"))["settings"]["cellColour"] == "#ff8800")
    driver.refresh()
    wait_for(lambda: js("return window.hashlife && window.hashlife.ready === true"))
    canvas_element = driver.find_element(By.ID, "universe")
    check(js("return document.getElementById('setting-cellColour').value") == "#ff8800"
          and js("return hashlife.settings.cellColour") == "#ff8800", "the cell colour persists across a reload")

    # goto 2^100 from the command line shows the exact generation.
    command("clear")
    api("POST", "/api/load?name=gun.rle", gun)
    driver.find_element(By.TAG_NAME, "body").send_keys(":")
    line = wait_for(lambda: driver.find_element(By.ID, "command-line") if driver.find_element(By.ID, "command-line").is_displayed() else None)
    line.send_keys("goto 2^100", Keys.ENTER)
    check(wait_for(lambda: text("generation") == str(2 ** 100)), f"goto 2^100 shows {text('generation')}")
    line.send_keys(Keys.ESCAPE)

    # LifeViewer's script commands in the pattern's comments.
    scripted = "#C [[ ZOOM 4 X 10 Y -3 GPS 30 AUTOSTART STOP 20 ]]\nx = 3, y = 3\nbo$2bo$3o!\n"
    js("fetch('/api/load?name=scripted.rle', {method: 'POST', body: arguments[0]}).then(r => r.json()).then(s => { hashlife.loadedForTest = s; })", scripted)
    driver.refresh()
    wait_for(lambda: js("return window.hashlife && window.hashlife.ready === true"))
    canvas_element = driver.find_element(By.ID, "universe")
    check(wait_for(lambda: js("return hashlife.view.level") == 2), "ZOOM 4 shows a cell as 4 pixels")
    check(wait_for(lambda: int(text("generation")) >= 20 and not json.loads(api("GET", "/api/state"))["playing"], 8),
          f"AUTOSTART plays and STOP 20 pauses (generation {text('generation')})")
    api("POST", "/api/load?name=gun.rle", gun)
    line_answer = command("goto 2^100")
    check(line_answer.get("ok") is True, "back to the gun at 2^100")

    # A screenshot for the README, then the views compared with `view --png`.
    js("hashlife.centreOn(0, 0, 2)")
    wait_for(frame_matches_view)
    time.sleep(0.3)
    driver.save_screenshot(OUT + "/serve.png")
    # The default colours: light cells over a dark background, grid lines and axes.
    api("POST", "/api/settings?reset=1", "")
    js("location.reload()")
    wait_for(lambda: js("return window.hashlife && window.hashlife.ready === true"))
    canvas_element = driver.find_element(By.ID, "universe")
    ActionChains(driver).move_to_element(driver.find_element(By.ID, "header")).perform()
    width, height = 240, 160
    for level, name in [(0, "1x"), (-1.5, "1:3"), (-2.5, "1:6"), (-4, "1:16"), (-40, "1:2^40")]:
        js(f"hashlife.centreOn(37, -11, {level})")
        check(wait_for(frame_matches_view), f"a frame at {name} arrives")
        if level == 0:
            # The header grew after the page's start (the generation's 31 digits), and the canvas's box shrank.
            check(wait_for(lambda: text("generation") == str(2 ** 100) and canvas_unscaled(), 3),
                  f"the canvas keeps a pixel a screen pixel as the header grows ({canvas_unscaled(True)})")
        time.sleep(0.2)
        # The rectangle around the canvas's centre, and the cell at its top-left.
        left, top = js("const c = document.getElementById('universe'); return [Math.floor(c.width / 2) - arguments[0], Math.floor(c.height / 2) - arguments[1]];",
                       width // 2, height // 2)
        ox, oy = js("const c = hashlife.cellAt(arguments[0], arguments[1]); return [c.x.toString(), c.y.toString()]", left, top)
        page = js("const c = document.getElementById('universe'), d = c.getContext('2d').getImageData(arguments[2], arguments[3], arguments[0], arguments[1]).data;"
                  "let s = ''; for (let i = 0; i < d.length; i += 4) s += d[i] > 128 ? '1' : '0'; return s;", width, height, left, top)
        (w, h), bits = view_png(HASHLIFE, GUN, "2^100", ox, oy, width, height, level, OUT + f"/view-{-level}.png")
        check((w, h) == (width, height), f"view --png at {name} is {w}x{h}")
        same = sum(1 for a, b in zip(page, bits) if a == b)
        differ = [(i % width, i // width, a, b) for i, (a, b) in enumerate(zip(page, bits)) if a != b]
        if differ:
            print("     differing pixels (x, y, page, png):", differ[:10])
        check(page == bits and "1" in page, f"the page at {name} equals view --png of ({ox}, {oy}) ({same} of {len(page)} pixels agree, {page.count('1')} live)")
    if failures:
        driver.save_screenshot(OUT + "/failure.png")
finally:
    driver.quit()

sys.exit(finish())
