#!/usr/bin/python3
"""Drives the page of `hashlife serve` in headless Firefox as a person would, over WebDriver
BiDi (firefox_bidi.py: no geckodriver); the essential checks of serve_page_test.py, with real
pointer, wheel and key input.

usage: serve_page_firefox_test.py URL HASHLIFE GUN_FILE OUT_DIR

URL is the server's (with the token), HASHLIFE the binary (for `view --png`), GUN_FILE the
Gosper glider gun's RLE, OUT_DIR where screenshots go. Prints one line per check and exits 1
when any failed.
"""

import json
import signal
import sys
import time

from firefox_bidi import KEYS, Firefox
from page_checks import check, check_grid_lines, failures, finish, page_probes, png_bits, view_png, wait_for

URL, HASHLIFE, GUN, OUT = sys.argv[1:5]
# A SIGTERM, too, stops the browser and removes its profile (by the `with` below).
signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))

with open(GUN) as f:
    gun = f.read()


def run(browser):
    js = browser.js

    def api(method, path, body=""):
        """An API call from the page (the token is in its cookie)."""
        return js("return fetch(arguments[0], {method: arguments[1], body: arguments[1] === 'GET' ? undefined : arguments[2]})"
                  ".then(r => r.text(), e => 'error: ' + e)", path, method, body)

    def command(line):
        return json.loads(api("POST", "/api/command", line))

    def text(element_id):
        return js("return document.getElementById(arguments[0]).innerText", element_id)

    def shown(selector):
        return js("const e = document.querySelector(arguments[0]); return !!e && e.checkVisibility()", selector)

    def settle():
        """Waits until the page's queued commands are done and its header shows the server's state."""
        js("return hashlife.commandsDone().then(() => 0)")
        state = json.loads(api("GET", "/api/state"))
        wait_for(lambda: text("generation") == state["generation"] and text("population") == state["population"], 5)
        return state

    def ready():
        return js("return !!window.hashlife && window.hashlife.ready === true")

    def canvas_origin():
        return js("const r = document.getElementById('universe').getBoundingClientRect(); return [r.left, r.top]")

    def mouse(*actions):
        browser.perform({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": list(actions)})

    def to(x, y):
        return {"type": "pointerMove", "x": int(x), "y": int(y)}

    down, up = {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}

    def at_canvas(px, py):
        left, top = canvas_origin()
        return left + px, top + py

    def hover(px, py):
        mouse(to(*at_canvas(px, py)))

    def click_canvas(px, py):
        mouse(to(*at_canvas(px, py)), down, up)

    def click(selector):
        """A real click at the middle of the element."""
        x, y = js("const e = document.querySelector(arguments[0]); e.scrollIntoView({block: 'nearest'});"
                  "const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", selector)
        mouse(to(x, y), down, up)

    def button(action):
        click(f'[data-action="{action}"]')

    def keys(*values, focus="universe"):
        """Key presses; a tuple is a chord (its keys down in order, then up)."""
        if focus:
            js("document.getElementById(arguments[0]).focus()", focus)
        actions = []
        for value in values:
            chord = value if isinstance(value, tuple) else (value,)
            chord = [KEYS.get(k, k) for k in chord]
            actions += [{"type": "keyDown", "value": k} for k in chord] + [{"type": "keyUp", "value": k} for k in reversed(chord)]
        browser.perform({"type": "key", "id": "keyboard", "actions": actions})

    def typed(string):
        return list(string)

    def hovered():
        return tuple(int(v) for v in text("hover").split(","))

    cell_at, canvas_unscaled, frame_matches_view = page_probes(js)

    try:
        started = time.time()
        browser.navigate(URL)
        check(wait_for(ready), f"the page starts from the token URL ({browser.js('return navigator.userAgent')})")
        for action in ["play", "pause", "step", "reset", "zoom-in", "zoom-out", "fit", "edit", "undo", "redo", "settings"]:
            check(js("return document.querySelectorAll('[data-action=\"' + arguments[0] + '\"]').length", action) == 1,
                  f"control {action} is there")
        check(js("return document.querySelector('[data-action=edit]').classList.contains('on')"), "the page opens in edit mode")
        check(wait_for(lambda: shown("#first-run") and js("return document.querySelectorAll('#starters button').length") >= 4),
              "an empty board shows the starter patterns")

        # Load a glider gun, play, pause.
        answer = json.loads(api("POST", "/api/load?name=gun.rle", gun))
        check(answer.get("population") == "36", "the gun loads (population 36)")
        check(wait_for(lambda: not shown("#first-run")), "the starter patterns go once there are cells")
        button("play")
        check(wait_for(lambda: int(text("generation")) > 20), "playing advances the generation")
        button("pause")
        wait_for(lambda: json.loads(api("GET", "/api/state"))["playing"] is False)
        paused = settle()["generation"]
        time.sleep(0.5)
        check(text("generation") == paused and settle()["generation"] == paused, f"pause holds the generation ({paused})")
        click("#sparkline")
        check(wait_for(lambda: shown("#plot-panel") and "population" in text("plot-range")),
              f"the sparkline opens the population plot ({text('plot-range')})")
        button("plot-close")

        # Step five times and read the generation; then the keys: Space steps, Return plays and pauses.
        button("reset")
        check(wait_for(lambda: text("generation") == "0"), "reset goes back to generation 0")
        for _ in range(5):
            button("step")
        check(wait_for(lambda: text("generation") == "5"), f"five clicks on step reach generation 5 (shows {text('generation')})")
        keys(" ", " ", ".")
        check(wait_for(lambda: text("generation") == "8"), f"Space, Space and . step three more (shows {text('generation')})")
        keys("Enter")
        check(wait_for(lambda: int(text("generation")) > 30), "Return plays")
        keys("Enter")
        check(wait_for(lambda: json.loads(api("GET", "/api/state"))["playing"] is False), "Return again pauses")
        keys("r")
        check(wait_for(lambda: text("generation") == "0"), "r resets")

        # Click a cell on and off, with the population checked.
        command("clear")
        js("hashlife.centreOn(0, 0, 3)")
        settle()
        click_canvas(300, 200)
        check(wait_for(lambda: text("population") == "1"), "a click turns a cell on")
        on = hovered()
        check(command(f"get {on[0]} {on[1]}").get("alive") is True and on == cell_at(300, 200), f"the clicked cell {on} is the live one")
        click_canvas(300, 200)
        check(wait_for(lambda: text("population") == "0"), "a second click turns it off")

        # Undo and redo, by the buttons and the keys.
        button("undo")
        check(wait_for(lambda: text("population") == "1"), "undo brings the cell back")
        button("redo")
        check(wait_for(lambda: text("population") == "0"), "redo takes it away again")
        keys(("Control", "z"))
        check(wait_for(lambda: text("population") == "1"), "Ctrl+Z undoes")
        keys(("Control", "Shift", "z"))
        check(wait_for(lambda: text("population") == "0"), "Ctrl+Shift+Z redoes")
        command("clear")

        # Stamp a glider from the toolbar at a clicked cell.
        check(wait_for(lambda: shown('[data-shape="glider"]')), "the toolbar holds a glider")
        shapes = json.loads(api("GET", "/api/shapes"))["shapes"]
        click('[data-shape="glider"]')
        hover(400, 300)
        at = hovered()
        check(js("return hashlife.stamp !== null"), "a stamp follows the pointer")
        click_canvas(400, 300)
        check(wait_for(lambda: text("population") == "5"), "the stamp puts down five cells")
        glider = [s for s in shapes if s["name"] == "glider"][0]["cells"]
        check(all(command(f"get {at[0] + x} {at[1] + y}").get("alive") is True for x, y, _ in glider), f"the glider's cells are at {at}")
        keys("Escape", focus=None)
        check(wait_for(lambda: js("return hashlife.stamp === null"), 3), "Escape cancels the stamp")
        command("clear")
        settle()

        # A left drag paints in edit mode and pans outside it.
        x0, y0 = at_canvas(600, 300)
        mouse(to(x0, y0), down, to(x0 + 5, y0 + 5), to(x0 + 65, y0 + 45), up)
        check(wait_for(lambda: int(text("population")) >= 2), f"a drag in edit mode paints ({text('population')} cells)")
        settle()
        command("clear")
        button("edit")
        before = js("return [hashlife.view.ox.toString(), hashlife.view.oy.toString()]")
        held = cell_at(600, 300)
        mouse(to(x0, y0), down, to(x0 + 5, y0 + 5), to(x0 + 65, y0 + 45), up)
        after = js("return [hashlife.view.ox.toString(), hashlife.view.oy.toString()]")
        check(before != after and cell_at(665, 345) == held, f"a drag out of edit mode pans the view ({before} -> {after}), {held} under the pointer")
        settle()
        check(text("population") == "0", "the pan paints nothing")
        button("edit")

        # The wheel zooms about the pointer; the hovered cell is the clicked cell at three levels.
        for wheel in [0, -3, 5]:
            hover(350, 250)
            x, y = at_canvas(350, 250)
            if wheel:
                level = js("return hashlife.view.level")
                browser.perform({"type": "wheel", "id": "wheel", "actions": [
                    {"type": "scroll", "x": int(x), "y": int(y), "deltaX": 0, "deltaY": -100 if wheel > 0 else 100}
                    for _ in range(abs(wheel))]})
                now = js("return hashlife.view.level")
                check(now > level if wheel > 0 else now < level, f"{abs(wheel)} wheel notches {'in' if wheel > 0 else 'out'} zoom from level {level} to {now}")
                wait_for(frame_matches_view)
                time.sleep(0.3)
            level = js("return hashlife.view.level")
            hover(351, 250)
            hover(350, 250)
            cell = hovered()
            click_canvas(350, 250)
            check(wait_for(lambda: command(f"get {cell[0]} {cell[1]}").get("alive") is True, 5),
                  f"at level {level} the hovered cell {cell} is the one the click toggled")
            command("clear")
        keys("]")
        check(wait_for(lambda: js("return hashlife.view.level") > level, 3), f"] zooms in (level {js('return hashlife.view.level')})")

        # Touch: two fingers spread about a still midpoint zoom in, the cell under it kept; a tap toggles.
        js("hashlife.centreOn(5, -7, 2)")
        wait_for(frame_matches_view)
        mx, my = 351, 253
        under, level = cell_at(mx, my), js("return hashlife.view.level")
        moves = [[(mx - 0.4 * d, my - 0.3 * d), (mx + 0.4 * d, my + 0.3 * d)] for d in range(40, 101, 10)]
        fingers = []
        for finger in range(2):
            actions = []
            for i, points in enumerate(moves):
                actions.append(to(*at_canvas(*points[finger])))
                if i == 0:
                    actions.append(down)
            fingers.append({"type": "pointer", "id": f"finger{finger}", "parameters": {"pointerType": "touch"},
                            "actions": actions + [up]})
        browser.perform(*fingers)
        now = js("return hashlife.view.level")
        check(now > level and cell_at(mx, my) == under,
              f"two fingers spread 40 -> 100 px apart zoom in (level {level} -> {now}), {under} under their midpoint (now {cell_at(mx, my)})")
        settle()
        check(text("population") == "0", "the pinch neither paints nor toggles")
        tap = cell_at(200, 200)
        browser.perform({"type": "pointer", "id": "finger0", "parameters": {"pointerType": "touch"},
                         "actions": [to(*at_canvas(200, 200)), down, up]})
        check(wait_for(lambda: command(f"get {tap[0]} {tap[1]}").get("alive") is True, 5), f"a tap toggles {tap}")
        command("clear")

        # Grid lines, as the page says and as drawn on the canvas.
        hover(-5, -5)
        check(wait_for(lambda: js("return hashlife.hover === null"), 3), "the pointer leaving the canvas takes the hover outline away")
        settle()
        check_grid_lines(js, frame_matches_view, [(4, 1, 16), (2.5, 2, 12), (1.5, 3, 9), (0, 8, 8), (-3, 8, 8)])

        # Change the cell colour and reload: it persists.
        js("const i = document.getElementById('setting-cellColour'); i.value = '#ff8800';"
           "i.dispatchEvent(new Event('change'));")
        wait_for(lambda: json.loads(api("GET", "/api/settings"))["settings"]["cellColour"] == "#ff8800")
        browser.reload()
        wait_for(ready)
        check(js("return document.getElementById('setting-cellColour').value") == "#ff8800"
              and js("return hashlife.settings.cellColour") == "#ff8800", "the cell colour persists across a reload")

        # `:` opens the command line; goto 2^100 shows the exact generation; Escape closes it.
        command("clear")
        api("POST", "/api/load?name=gun.rle", gun)
        keys(":", focus=None)
        check(wait_for(lambda: shown("#command-line") and js("return document.activeElement.id") == "command-line"),
              ": opens the command line")
        keys(*typed("goto 2^100"), "Enter", focus=None)
        check(wait_for(lambda: text("generation") == str(2 ** 100)), f"goto 2^100 shows {text('generation')}")
        keys("Escape", focus=None)
        check(wait_for(lambda: not shown("#command-bar"), 3), "Escape closes the command line")

        # LifeViewer's script commands in the pattern's comments.
        scripted = "#C [[ ZOOM 4 X 10 Y -3 GPS 30 AUTOSTART STOP 20 ]]\nx = 3, y = 3\nbo$2bo$3o!\n"
        api("POST", "/api/load?name=scripted.rle", scripted)
        browser.reload()
        wait_for(ready)
        check(wait_for(lambda: js("return hashlife.view.level") == 2), "ZOOM 4 shows a cell as 4 pixels")
        check(wait_for(lambda: int(text("generation")) >= 20 and not json.loads(api("GET", "/api/state"))["playing"], 8),
              f"AUTOSTART plays and STOP 20 pauses (generation {text('generation')})")
        api("POST", "/api/load?name=gun.rle", gun)
        check(command("goto 2^100").get("ok") is True, "back to the gun at 2^100")

        # The canvas at 1×, 1:16 and 1:2^40 against `view --png` of the same cells, in the default colours.
        api("POST", "/api/settings?reset=1", "")
        browser.reload()
        wait_for(ready)
        width, height = 240, 160
        for level, name in [(0, "1x"), (-1.5, "1:3"), (-4, "1:16"), (-40, "1:2^40")]:
            js(f"hashlife.centreOn(37, -11, {level})")
            check(wait_for(frame_matches_view), f"a frame at {name} arrives")
            if level == 0:
                # The header grew after the page's start (the generation's 31 digits), and the canvas's box shrank.
                check(wait_for(lambda: text("generation") == str(2 ** 100) and canvas_unscaled(), 3),
                      f"the canvas keeps a pixel a screen pixel as the header grows ({canvas_unscaled(True)})")
            time.sleep(0.2)
            left, top = js("const c = document.getElementById('universe'); return [Math.floor(c.width / 2) - arguments[0], Math.floor(c.height / 2) - arguments[1]];",
                           width // 2, height // 2)
            ox, oy = cell_at(left, top)
            page = js("const c = document.getElementById('universe'), d = c.getContext('2d').getImageData(arguments[2], arguments[3], arguments[0], arguments[1]).data;"
                      "let s = ''; for (let i = 0; i < d.length; i += 4) s += d[i] > 128 ? '1' : '0'; return s;", width, height, left, top)
            size, bits = view_png(HASHLIFE, GUN, "2^100", ox, oy, width, height, level, OUT + f"/firefox-view-{-level}.png")
            check(size == (width, height), f"view --png at {name} is {size[0]}x{size[1]}")
            same = sum(1 for a, b in zip(page, bits) if a == b)
            differ = [(i % width, i // width, a, b) for i, (a, b) in enumerate(zip(page, bits)) if a != b]
            if differ:
                print("     differing pixels (x, y, page, png):", differ[:10])
            check(page == bits and "1" in page, f"the page at {name} equals view --png of ({ox}, {oy}) ({same} of {len(page)} pixels agree, {page.count('1')} live)")
            if level == 0:
                # What Firefox shows on the screen, not only the canvas's pixels.
                browser.screenshot(OUT + "/firefox-serve.png")
                cx, cy = (round(v) for v in canvas_origin())
                with open(OUT + "/firefox-serve.png", "rb") as f:
                    _, shot = png_bits(f.read(), (cx + left, cy + top, width, height))
                check(shot == bits, f"the screenshot at {name} shows those pixels ({sum(a == b for a, b in zip(shot, bits))} of {len(bits)} agree)")
        print(f"     ({time.time() - started:.1f} s in Firefox)")
    except Exception as error:
        check(False, f"the script stopped: {type(error).__name__}: {error}")
    finally:
        if failures:
            try:
                browser.screenshot(OUT + "/firefox-failure.png")
            except Exception:
                pass


try:
    # The test that runs this script has a time limit of 3 minutes.
    with Firefox(width=1200, height=800, time_limit=150) as firefox:
        run(firefox)
    if firefox.timed_out:
        check(False, "Firefox was stopped at its time limit")
except Exception as error:  # Firefox did not start
    check(False, f"the script stopped: {type(error).__name__}: {error}")
sys.exit(finish())
