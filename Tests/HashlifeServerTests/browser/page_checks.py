"""What the browser scripts of `hashlife serve` share, without a browser driver: the check lines
(`ok   …` or `FAIL …`, then `N failed`), waiting for a condition, and `view --png`'s pixels."""

import math
import struct
import subprocess
import time
import zlib

failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        failures.append(what)


def finish():
    """Prints the closing line; the script's exit status (1 when any check failed)."""
    print(f"{len(failures)} failed")
    return 1 if failures else 0


def wait_for(predicate, seconds=10.0):
    end = time.time() + seconds
    while time.time() < end:
        try:
            value = predicate()
            if value:
                return value
        except Exception:  # the page may be between states
            pass
        time.sleep(0.05)
    return None


def png_rows(data):
    """A small PNG reader (no interlacing): width, height, channels, bit depth and the rows as
    bytes, from the IHDR, the IDAT stream inflated and the scanline filters undone."""
    w, h, depth, kind = struct.unpack(">IIBB", data[16:26])
    chunks, i = b"", 8
    while i < len(data):
        length, tag = struct.unpack(">I4s", data[i:i + 8])
        if tag == b"IDAT":
            chunks += data[i + 8:i + 8 + length]
        i += 12 + length
    raw = zlib.decompress(chunks)
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[kind]
    bpp = max(1, channels * depth // 8)
    stride = (w * channels * depth + 7) // 8
    rows, previous, j = [], bytearray(stride), 0
    for _ in range(h):
        kind_of_filter, line_bytes = raw[j], bytearray(raw[j + 1:j + 1 + stride])
        j += 1 + stride
        for k in range(stride):
            left = line_bytes[k - bpp] if k >= bpp else 0
            up, corner = previous[k], previous[k - bpp] if k >= bpp else 0
            if kind_of_filter == 1: line_bytes[k] = (line_bytes[k] + left) & 255
            elif kind_of_filter == 2: line_bytes[k] = (line_bytes[k] + up) & 255
            elif kind_of_filter == 3: line_bytes[k] = (line_bytes[k] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line_bytes[k] = (line_bytes[k] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line_bytes)
        previous = line_bytes
    return w, h, channels, depth, rows


def png_bits(data, rect=None):
    """A PNG's pixels as a string of '1' (red above 128, or white at 1 bit a pixel) and '0', row
    by row, with its width and height; `rect` (x, y, width, height) takes that part only."""
    w, h, channels, depth, rows = png_rows(data)
    x0, y0, width, height = rect or (0, 0, w, h)
    if depth == 1:
        # Grayscale, 1 bit a pixel: 1 is white, the live colour asked for.
        bits = "".join("".join("1" if (row[x >> 3] >> (7 - (x & 7))) & 1 else "0" for x in range(x0, x0 + width))
                       for row in rows[y0:y0 + height])
    else:
        bits = "".join("".join("1" if row[x * channels * depth // 8] > 128 else "0" for x in range(x0, x0 + width))
                       for row in rows[y0:y0 + height])
    return (w, h) if rect is None else (width, height), bits


def page_probes(js):
    """Questions every browser script asks the page, through its `js(script, *arguments)`:
    (cell_at, canvas_unscaled, frame_matches_view).

    cell_at(px, py) is the cell under canvas pixel (px, py), as the page's one transform has it;
    canvas_unscaled(sizes=False) whether the canvas has as many pixels as its box (with sizes,
    both sizes as text); frame_matches_view() whether the last frame drawn is of the current view.
    """
    def cell_at(px, py):
        return tuple(int(v) for v in js("const c = hashlife.cellAt(arguments[0], arguments[1]); return [c.x.toString(), c.y.toString()]", px, py))

    def canvas_unscaled(sizes=False):
        size = js("const c = document.getElementById('universe'), r = c.getBoundingClientRect();"
                  "return [c.width, c.height, Math.floor(r.width), Math.floor(r.height)]")
        return f"{size[0]}x{size[1]} in {size[2]}x{size[3]} px" if sizes else size[:2] == size[2:]

    def frame_matches_view():
        return js("const f = hashlife.lastFrame, v = hashlife.view;"
                  "return !!f && f.level === v.level && f.x === v.ox.toString() && f.y === v.oy.toString();")

    return cell_at, canvas_unscaled, frame_matches_view


GRID_LINES = """
    const c = document.getElementById('universe'), g = c.getContext('2d');
    const n = parseInt((hashlife.settings.gridColour || '#2a2f3a').slice(1), 16);
    const lines = (across) => {
      const length = across ? c.width : c.height;
      for (let k = 100; k < 200; k++) {
        const d = (across ? g.getImageData(0, k, c.width, 1) : g.getImageData(k, 0, 1, c.height)).data, at = [];
        for (let i = 0; i < length; i++) if ((d[4 * i] << 16 | d[4 * i + 1] << 8 | d[4 * i + 2]) === n) at.push(i);
        if (at.length < length / 2) return at;
      }
      return [];
    };
    return [lines(true), lines(false)];"""


def check_grid_lines(js, frame_matches_view, cases):
    """For each (level, every, pixels): centred at that level away from the axes, the page's grid
    (`hashlife.grid`) is every `every` cells (blocks, zoomed out), `pixels` px apart, and so are
    the lines as drawn: the grid colour's columns along a row, and rows along a column."""
    for level, every, pixels in cases:
        js("hashlife.centreOn(100000, -100000, arguments[0])", level)
        wait_for(frame_matches_view)
        grid = js("return hashlife.grid")
        check(grid is not None and grid["every"] == every and grid["pixels"] == pixels,
              f"at level {level} the grid is every {every} {'cells' if level >= 0 else 'blocks'}, {pixels} px apart ({grid})")
        found = js(GRID_LINES)
        gaps = {b - a for line in found for a, b in zip(line, line[1:])}
        check(len(found[0]) >= 10 and len(found[1]) >= 10 and gaps == {pixels},
              f"at level {level} the canvas's grid lines are {pixels} px apart (gaps {sorted(gaps)}, {len(found[0])} and {len(found[1])} lines)")


def block_side(level):
    """Cells a side of the block a pixel shows at the page's level L < 0: 2^-L, and 3·2^(-L-1.5)
    at the half steps (-1.5 is 3 cells, -2.5 six)."""
    return 2 ** -level if level == int(level) else 3 * 2 ** (math.floor(-level) - 1)


def view_png(hashlife, pattern, generation, ox, oy, width, height, level, path):
    """`hashlife view --png` of width×height pixels from cell (ox, oy) at the page's zoom level
    (white live cells on black), written to `path`; its size and pixels as `png_bits` reads them."""
    zoom = block_side(level)
    subprocess.run([hashlife, "view", pattern, "--gen", generation, "--rect", f"{ox},{oy},{width * zoom},{height * zoom}",
                    "--zoom", str(zoom), "--format", "png", "--live", "#FFFFFF", "--dead", "#000000", "--out", path], check=True)
    with open(path, "rb") as f:
        return png_bits(f.read())
