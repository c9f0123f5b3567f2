// The page of `hashlife serve`: draws the server's frames (the engine's viewport queries) on
// one canvas and sends edits, steps and commands back. The page never computes a generation.
'use strict';

(() => {
  const params = new URLSearchParams(location.search);
  const board = params.get('board');
  const $ = (id) => document.getElementById(id);
  const canvas = $('universe');
  const context = canvas.getContext('2d');

  /// An API path with the board named, if any (the token travels in the HttpOnly cookie).
  function api(path, query = {}) {
    const q = new URLSearchParams(query);
    if (board) q.set('board', board);
    const text = q.toString();
    return '/api/' + path + (text ? '?' + text : '');
  }
  async function post(path, body = '', query = {}) {
    const response = await fetch(api(path, query), { method: 'POST', body, credentials: 'same-origin' });
    return response.json();
  }

  // MARK: State

  const hashlife = window.hashlife = {
    fps: 0, state: null, editMode: true, settings: {},
    /// The view: level L (a cell is 2^L px when L ≥ 0, and 3·2^(L-1.5) px at the half steps
    /// 1.5, 2.5 … 5.5; a pixel shows a block of 2^-L cells a side when L < 0, and of
    /// 3·2^(-L-1.5) at the half steps -1.5 … -5.5), the cell at the canvas's top-left
    /// (ox, oy: BigInt), and for L > 0 how many pixels of that cell lie left of and above the
    /// canvas (fx, fy). With `hex` the rows are sheared into a hexagonal grid, as `view --hex`
    /// draws them: each row of cells (of blocks, zoomed out) lies half a cell (block) right of
    /// the row below, measured from the canvas's top row; fx may then be a half pixel.
    view: { level: 3, ox: 0n, oy: 0n, fx: 0, fy: 0, hex: false },
    stamp: null, hover: null, framesDrawn: 0, zoomAnimations: 0,
    /// The grid lines last drawn: every how many cells or blocks, how many pixels apart.
    grid: null,
  };
  const view = hashlife.view;
  let frameImage = null;         // the last frame, drawn onto an offscreen canvas
  let frameMeta = null;
  let frameWanted = true, frameInFlight = false;
  let lastVersion = null;
  const samples = [];
  let popMax = null, popMin = null, sampledGeneration = null;

  /// Pixels a cell at level L ≥ 0: 1, 2, 3, 4, 6, 8, 12 … 48, 64 (2^L, and 3·2^(L-1.5) at the
  /// half steps); frames zoomed in are of single cells, so a cell may be any whole number of
  /// pixels. Zoomed out a pixel is one block: 2^-L cells a side, one of the engine's nodes, or
  /// at the half steps 3, 6, 12, 24 or 48 cells (3·2^-(L+1.5)), each the highest state of
  /// nine of the engine's blocks (a frame's factor 3).
  function pixelsOf(level) { return Number.isInteger(level) ? 2 ** level : 3 * 2 ** (Math.floor(level) - 1); }
  /// Cells a side of the block a pixel shows at level L < 0.
  function blockCellsOf(level) { return Number.isInteger(level) ? 1n << BigInt(-level) : 3n << BigInt(Math.floor(-level) - 1); }
  /// log2 of the pixels a cell at any level (negative zoomed out; as a logarithm it stays
  /// finite at 1:2^100000).
  function logScaleOf(level) {
    if (level >= 0) return Math.log2(pixelsOf(level));
    return Number.isInteger(level) ? level : -(Math.log2(3) + Math.floor(-level) - 1);
  }
  /// How much larger a cell is at level `to` than at `from`.
  function zoomFactor(from, to) { return 2 ** (logScaleOf(to) - logScaleOf(from)); }
  /// Is `level` a half step (3·2^j, ×1.5 or ×1.33 from its neighbours): 3 to 48 pixels a
  /// cell, or a pixel for 3×3 to 48×48 cells.
  function isHalfStep(level) { return !Number.isInteger(level) && ((level > 1 && level < 6) || (level < -1 && level > -6)); }
  /// The next zoom step in (delta 1) or out (-1): … 1:8, 1:6, 1:4, 1:3, 1:2, 1, 2, 3, 4, 6,
  /// 8, 12 … px.
  function stepFrom(level, delta) {
    const half = level + delta / 2;
    return Number.isInteger(half) || isHalfStep(half) ? half : level + delta;
  }
  function cellPixels() { return view.level >= 0 ? pixelsOf(view.level) : 1; }
  function blockCells() { return view.level < 0 ? blockCellsOf(view.level) : 1n; }

  /// The cell under canvas pixel (px, py): the one transform that drawing, the hover outline
  /// and clicks share.
  function cellAt(px, py) {
    if (view.level >= 0) {
      const size = cellPixels(), row = Math.floor((py + view.fy) / size);
      return { x: view.ox + BigInt(Math.floor((px + view.fx + shear(row)) / size)), y: view.oy + BigInt(row) };
    }
    const b = blockCells(), row = Math.floor(py);
    return { x: view.ox + BigInt(Math.floor(px + shear(row))) * b, y: view.oy + BigInt(row) * b };
  }
  /// The canvas pixel of cell (x, y)'s top-left corner (approximate far away).
  function pixelOf(x, y) {
    if (view.level >= 0) {
      const size = cellPixels(), row = Number(y - view.oy);
      return { px: Number(x - view.ox) * size - view.fx - shear(row), py: row * size - view.fy };
    }
    const b = blockCells(), row = Number((y - view.oy) / b);
    return { px: Number((x - view.ox) / b) - shear(row), py: row };
  }
  /// Pixels the row `row` rows (of cells, or of blocks zoomed out) below the top one is moved
  /// left by: half a cell (a block) a row on a hexagonal view, else 0.
  function shear(row) { return view.hex ? row * (view.level >= 0 ? cellPixels() : 1) / 2 : 0; }
  function floorDiv(a, b) { const q = a / b; return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q; }

  /// Puts cell (x, y) at canvas pixel (px, py) at level `level`.
  function anchor(level, x, y, px, py) {
    px = Math.floor(px); py = Math.floor(py);
    view.level = level;
    if (level >= 0) {
      const size = pixelsOf(level);
      view.oy = y - BigInt(Math.floor(py / size)); view.fy = (size - (py % size)) % size;
      if (view.fy) view.oy -= 1n;
      // On a hexagonal view the cell's row is sheared: x is placed as if `px` lay that much right.
      const sx = px + shear(Number(y - view.oy));
      view.ox = x - BigInt(Math.floor(sx / size)); view.fx = (size - (sx % size)) % size;
      if (view.fx) view.ox -= 1n;
    } else {
      // Blocks on the engine's grid (the state's phase), which its viewport queries answer fastest.
      const b = blockCellsOf(level), p = phase();
      view.oy = (floorDiv(y - p.y, b) - BigInt(py)) * b + p.y;
      view.ox = (floorDiv(x - p.x, b) - BigInt(Math.floor(px + shear(py)))) * b + p.x;
      view.fx = 0; view.fy = 0;
    }
    requestFrame();
  }

  function phase() {
    const p = hashlife.state && hashlife.state.phase;
    return p ? { x: BigInt(p.x), y: BigInt(p.y) } : { x: 0n, y: 0n };
  }
  function centre() { return { px: Math.floor(canvas.width / 2), py: Math.floor(canvas.height / 2) }; }
  function centreOn(x, y, level) { const c = centre(); anchor(level, x, y, c.px, c.py); }

  function pan(dx, dy) {
    // A hexagonal view's rows move left as the top row moves down: the origin moves with them,
    // so the cells stay where they are drawn.
    if (view.level >= 0) {
      const size = cellPixels();
      let fx = view.fx - dx, fy = view.fy - dy;
      const rows = Math.floor(fy / size);
      view.oy += BigInt(rows); view.fy = ((fy % size) + size) % size;
      fx += shear(rows);
      view.ox += BigInt(Math.floor(fx / size)); view.fx = ((fx % size) + size) % size;
    } else {
      panRest.x -= dx; panRest.y -= dy;
      const wy = Math.trunc(panRest.y);
      panRest.y -= wy;
      panRest.x += shear(wy);
      const wx = Math.trunc(panRest.x);
      panRest.x -= wx;
      const b = blockCells();
      view.ox += BigInt(wx) * b; view.oy += BigInt(wy) * b;
    }
    requestFrame();
  }
  const panRest = { x: 0, y: 0 };

  const maxLevel = 6, minLevel = -100000;
  function zoomAbout(delta, px, py, animate = true) {
    let level = view.level;
    for (let i = 0; i < Math.abs(delta); i++) level = stepFrom(level, Math.sign(delta));
    level = Math.max(minLevel, Math.min(maxLevel, level));
    if (level === view.level) return;
    const cell = cellAt(px, py);
    if (animate) animateZoom(zoomFactor(view.level, level), px, py);
    anchor(level, cell.x, cell.y, px, py);
    showScale();
  }

  /// Fits the pattern's bounds (or the origin) into the canvas with a 20 % margin.
  function fit(onlyOut = false) {
    const bounds = hashlife.state && hashlife.state.bounds;
    if (!bounds) { centreOn(0n, 0n, onlyOut ? view.level : 3); showScale(); return; }
    const w = BigInt(bounds.width), h = BigInt(bounds.height);
    const x = BigInt(bounds.x) + w / 2n, y = BigInt(bounds.y) + h / 2n;
    const room = Math.max(1, Math.min(canvas.width, canvas.height) * 0.8);
    // Sheared, the rows reach half a cell further across per row.
    const across = view.hex ? w + h / 2n : w;
    const side = across > h ? across : h;
    let level;
    const bits = side.toString(2).length;
    if (bits < 40) {
      level = Math.floor(Math.log2(room / Number(side)));
    } else {
      level = -(bits - Math.floor(Math.log2(room)));
    }
    level = Math.max(minLevel, Math.min(maxLevel - 1, level));
    if (level >= 1 && level + 0.5 < maxLevel - 1 && bits < 40 && pixelsOf(level + 0.5) * Number(side) <= room) level += 0.5;
    if (isHalfStep(level + 0.5) && level < 0 && bits < 40 && Number(side) <= room * Number(blockCellsOf(level + 0.5))) level += 0.5;
    if (onlyOut && level >= view.level) return;
    centreOn(x, y, level);
    showScale();
  }

  /// Shears the rows into a hexagonal grid, or back, keeping the cell at the canvas's centre.
  function setHexagonal(on) {
    const c = centre(), cell = cellAt(c.px, c.py);
    view.hex = !!on;
    anchor(view.level, cell.x, cell.y, c.px, c.py);
    document.querySelector('[data-action=hex]').classList.toggle('on', view.hex);
    draw();
  }

  function showScale() {
    $('scale').textContent = view.level >= 0 ? `1:${pixelsOf(view.level)}px`
      : Number.isInteger(view.level) ? `1px:2^${-view.level}` : `1px:${blockCells()}`;
  }

  // MARK: Frames

  function requestFrame() { frameWanted = true; }

  async function fetchFrame() {
    if (frameInFlight || !frameWanted) return;
    frameWanted = false; frameInFlight = true;
    const w = canvas.width, h = canvas.height;
    let query;
    if (view.level >= 0) {
      const size = cellPixels(), rows = Math.ceil((h + view.fy) / size) + 1;
      query = { x: view.ox.toString(), y: view.oy.toString(), columns: Math.ceil((w + view.fx + shear(rows)) / size) + 1,
                rows, level: 0 };
    } else {
      query = { x: view.ox.toString(), y: view.oy.toString(), columns: w + Math.ceil(shear(h)), rows: h, level: -view.level };
      // A half step's blocks are 3·2^j cells: nine of the engine's 2^j blocks each.
      if (!Number.isInteger(view.level)) { query.level = Math.floor(-view.level) - 1; query.factor = 3; }
    }
    const snapshot = { level: view.level, ox: view.ox, oy: view.oy, hex: view.hex };
    try {
      const response = await fetch(api('frame', query), { credentials: 'same-origin' });
      if (response.ok) {
        const frame = decodeFrame(new Uint8Array(await response.arrayBuffer()));
        if (frame) { paintFrame(frame, snapshot); }
      }
    } catch (e) { /* the next change asks again */ }
    frameInFlight = false;
  }

  /// The binary frame: "HLF1", bits per block, factor, columns, rows, level, x, y, generation,
  /// blocks (each factor·2^level cells a side; the view the frame was asked for says which).
  function decodeFrame(bytes) {
    if (bytes.length < 20 || String.fromCharCode(...bytes.slice(0, 4)) !== 'HLF1') return null;
    const data = new DataView(bytes.buffer, bytes.byteOffset);
    const bits = bytes[4];
    const columns = data.getUint32(8, true), rows = data.getUint32(12, true), level = data.getUint32(16, true);
    let offset = 20;
    const text = () => { const n = data.getUint16(offset, true); offset += 2; const s = new TextDecoder().decode(bytes.slice(offset, offset + n)); offset += n; return s; };
    const x = BigInt(text()), y = BigInt(text()), generation = text();
    return { bits, columns, rows, level, x, y, generation, blocks: bytes.subarray(offset) };
  }

  function rgb(hex) { const n = parseInt(hex.slice(1), 16); return [n >> 16, (n >> 8) & 255, n & 255]; }
  const statePalette = [[0, 0, 0], null, [255, 80, 80], [255, 170, 60], [250, 230, 90], [120, 220, 120], [90, 200, 250], [160, 130, 255]];

  function paintFrame(frame, snapshot) {
    const offscreen = document.createElement('canvas');
    offscreen.width = Math.max(1, frame.columns); offscreen.height = Math.max(1, frame.rows);
    const image = offscreen.getContext('2d').createImageData(offscreen.width, offscreen.height);
    const live = rgb(hashlife.settings.cellColour || '#f5f5f5');
    // A multi-state rule's states in their colours (the server's palette), else the cell colour.
    const palette = frame.bits === 8 && hashlife.state && hashlife.state.palette ? hashlife.state.palette.map(rgb) : null;
    const pixels = image.data;
    const rowBytes = (frame.columns + 7) >> 3;
    for (let j = 0; j < frame.rows; j++) {
      for (let i = 0; i < frame.columns; i++) {
        let state;
        if (frame.bits === 1) state = (frame.blocks[j * rowBytes + (i >> 3)] >> (7 - (i & 7))) & 1;
        else state = frame.blocks[j * frame.columns + i];
        if (state === 0) continue;  // transparent: the grid and axes drawn beneath show through
        const colour = palette ? (palette[state] || live) : state === 1 ? live : (statePalette[state % statePalette.length] || live);
        const k = (j * frame.columns + i) * 4;
        pixels[k] = colour[0]; pixels[k + 1] = colour[1]; pixels[k + 2] = colour[2]; pixels[k + 3] = 255;
      }
    }
    offscreen.getContext('2d').putImageData(image, 0, 0);
    frameImage = offscreen;
    frameMeta = { ...snapshot, frame };
    hashlife.lastFrame = { level: snapshot.level, x: snapshot.ox.toString(), y: snapshot.oy.toString(), generation: frame.generation };
    hashlife.framesDrawn++;
    countFrame();
    draw();
  }

  // MARK: Drawing

  let zoomAnimation = null;
  function animateZoom(factor, px, py) {
    if (!frameImage) return;
    hashlife.zoomAnimations++;
    zoomAnimation = { factor, px, py, start: performance.now(), image: snapshotCanvas() };
  }
  function snapshotCanvas() {
    const copy = document.createElement('canvas');
    copy.width = canvas.width; copy.height = canvas.height;
    copy.getContext('2d').drawImage(canvas, 0, 0);
    return copy;
  }

  function draw() {
    const w = canvas.width, h = canvas.height;
    context.imageSmoothingEnabled = false;
    context.fillStyle = hashlife.settings.backgroundColour || '#111318';
    context.fillRect(0, 0, w, h);
    if (zoomAnimation) {
      const t = Math.min(1, (performance.now() - zoomAnimation.start) / 150);
      if (t < 1 && (!frameMeta || frameMeta.level !== view.level)) {
        const s = zoomAnimation.factor ** t;
        const a = zoomAnimation;
        context.drawImage(a.image, a.px - a.px * s, a.py - a.py * s, w * s, h * s);
        return;
      }
      zoomAnimation = null;
    }
    // Grid and axes beneath, then the cells (sharp squares: no smoothing), then the overlays.
    drawGrid(w, h);
    if (frameImage && frameMeta) {
      const size = frameMeta.level >= 0 ? pixelsOf(frameMeta.level) : 1;
      const at = pixelOf(frameMeta.ox, frameMeta.oy);
      const sameLevel = frameMeta.level === view.level;
      if (sameLevel && frameMeta.hex === view.hex) {
        if (!view.hex) context.drawImage(frameImage, Math.round(at.px), Math.round(at.py), frameImage.width * size, frameImage.height * size);
        else {
          // Row by row, each where its sheared row starts.
          const step = frameMeta.level >= 0 ? 1n : blockCells();
          for (let j = 0; j < frameImage.height; j++) {
            const p = pixelOf(frameMeta.ox, frameMeta.oy + BigInt(j) * step);
            if (p.py + size < 0 || p.py > h) continue;
            context.drawImage(frameImage, 0, j, frameImage.width, 1, Math.round(p.px), Math.round(p.py), frameImage.width * size, size);
          }
        }
      }
    }
    drawGridEdge();
    drawSelection();
    drawStamp();
    drawHover();
  }

  /// The grid's spacing: a line every `every` cells zoomed in, or blocks zoomed out (a block
  /// is one pixel, 2^-L cells a side), `every` the first of 1, 2, 3, 4, 6, 8, 12, 16 … (2^j and
  /// 3·2^j) that puts the lines at least 8 px apart. So the grid frames single cells from
  /// 8 px a cell up, 2×2 cells at 6 and 4 px, 3×3 at 3 px, 4×4 at 2 px, 8×8 at 1 px, and
  /// 8×8 blocks zoomed out; the half zoom steps (3, 6, 12 … px) are what bring 3×3 in, since
  /// at powers of two alone the first spacing that fits is always a power of two.
  const gridGap = 8;
  function gridSpacing() {
    const px = cellPixels();
    const next = (n) => (n === 1 ? 2 : (n & (n - 1)) === 0 ? n / 2 * 3 : n / 3 * 4);
    let every = 1;
    while (every * px < gridGap) every = next(every);
    return { every, pixels: every * px, cells: BigInt(every) * blockCells() };
  }

  function drawGrid(w, h) {
    const s = hashlife.settings;
    hashlife.grid = null;
    if (s.gridLines !== false) {
      const spacing = gridSpacing(), cellStep = spacing.cells, px = spacing.pixels;
      hashlife.grid = { every: spacing.every, pixels: px, cells: cellStep.toString() };
      context.strokeStyle = s.gridColour || '#2a2f3a';
      context.lineWidth = 1;
      context.beginPath();
      // On the engine's node grid (the state's phase), where the blocks zoomed out have their corners.
      const first = cellAt(0, 0), p = phase();
      let gx = floorDiv(first.x - p.x, cellStep) * cellStep + p.x, gy = floorDiv(first.y - p.y, cellStep) * cellStep + p.y;
      if (!view.hex) {
        for (let p = pixelOf(gx, gy).px, i = 0; p <= w && i < 2000; p += px, i++) { if (p >= 0) { context.moveTo(Math.round(p) + 0.5, 0); context.lineTo(Math.round(p) + 0.5, h); } }
      } else {
        // Sheared: the lines across break at each row (each pair of block rows zoomed out),
        // a half cell left of the row above.
        const rowPixels = view.level >= 0 ? cellPixels() : 2, rowCells = view.level >= 0 ? 1n : 2n * blockCells();
        const top = pixelOf(gx, view.oy).py;
        for (let r = 0, y = view.oy; top + r * rowPixels <= h && r < 4000; r++, y += rowCells) {
          const y0 = Math.round(top + r * rowPixels), row = pixelOf(gx, y).px;
          let p = row - Math.ceil(row / px) * px;
          for (let i = 0; p <= w && i < 2000; p += px, i++) { if (p >= 0) { context.moveTo(Math.round(p) + 0.5, y0); context.lineTo(Math.round(p) + 0.5, y0 + rowPixels); } }
        }
      }
      for (let p = pixelOf(gx, gy).py, i = 0; p <= h && i < 2000; p += px, i++) { if (p >= 0) { context.moveTo(0, Math.round(p) + 0.5); context.lineTo(w, Math.round(p) + 0.5); } }
      context.stroke();
    }
    // The axes through (0, 0).
    context.strokeStyle = s.axesColour || '#55607a';
    context.beginPath();
    const o = pixelOf(0n, 0n);
    if (!view.hex) {
      if (o.px >= 0 && o.px <= w) { context.moveTo(Math.round(o.px) + 0.5, 0); context.lineTo(Math.round(o.px) + 0.5, h); }
    } else {
      // x = 0 on sheared rows: a slanting line, from the top row's cell to the bottom's.
      const a = pixelOf(0n, view.oy), b = pixelOf(0n, cellAt(0, h).y);
      context.moveTo(Math.round(a.px) + 0.5, 0); context.lineTo(Math.round(b.px) + 0.5, h);
    }
    if (o.py >= 0 && o.py <= h) { context.moveTo(0, Math.round(o.py) + 0.5); context.lineTo(w, Math.round(o.py) + 0.5); }
    context.stroke();
  }

  /// A bounded grid's edge (`B3/S23:T24,24`).
  function drawGridEdge() {
    const g = hashlife.state && hashlife.state.grid;
    if (!g) return;
    context.strokeStyle = '#f08c00';
    context.lineWidth = 1;
    if (view.hex) { outline(BigInt(g.x), BigInt(g.y), BigInt(g.width), BigInt(g.height), -0.5); return; }
    const a = pixelOf(BigInt(g.x), BigInt(g.y)), b = pixelOf(BigInt(g.x) + BigInt(g.width), BigInt(g.y) + BigInt(g.height));
    context.strokeRect(Math.round(a.px) - 0.5, Math.round(a.py) - 0.5, Math.round(b.px - a.px) + 1, Math.round(b.py - a.py) + 1);
  }

  /// Strokes the outline of the w×h cells at (x, y) on a hexagonal view: a parallelogram, its
  /// corners `inset` pixels out (negative) or in.
  function outline(x, y, w, h, inset) {
    const tl = pixelOf(x, y), tr = pixelOf(x + w, y), br = pixelOf(x + w, y + h), bl = pixelOf(x, y + h);
    context.beginPath();
    context.moveTo(Math.round(tl.px) + inset, Math.round(tl.py) + inset);
    context.lineTo(Math.round(tr.px) - inset, Math.round(tr.py) + inset);
    context.lineTo(Math.round(br.px) - inset, Math.round(br.py) - inset);
    context.lineTo(Math.round(bl.px) + inset, Math.round(bl.py) - inset);
    context.closePath();
    context.stroke();
  }

  function drawHover() {
    const hover = hashlife.hover;
    if (!hover) return;
    const p = pixelOf(hover.x, hover.y);
    const size = Math.max(cellPixels(), 1);
    context.strokeStyle = '#ffd43b';
    context.lineWidth = 1;
    if (size >= 3) context.strokeRect(Math.round(p.px) + 0.5, Math.round(p.py) + 0.5, size - 1, size - 1);
    else context.strokeRect(Math.round(p.px) - 2.5, Math.round(p.py) - 2.5, 5, 5);
  }

  // MARK: Header

  let shownGeneration = null;
  function showState(state) {
    hashlife.state = state;
    // A run starts afresh (its largest and smallest population, its sparkline) when the
    // generation goes back: a reset, an undo, a load.
    const generation = BigInt(state.generation);
    if (shownGeneration !== null && generation < shownGeneration) { samples.length = 0; plotSamples.length = 0; popMax = null; popMin = null; sampledGeneration = null; }
    shownGeneration = generation;
    if (state.comments) applyScript(state.comments);
    watchScript(state);
    $('generation').textContent = state.generation;
    $('population').textContent = state.population;
    if (sampledGeneration !== state.generation) {
      sampledGeneration = state.generation;
      const pop = BigInt(state.population);
      if (popMax === null || pop > popMax) popMax = pop;
      if (popMin === null || pop < popMin) popMin = pop;
      samples.push(Number(pop));
      if (samples.length > 200) samples.shift();
      plotSamples.push({ generation: state.generation, population: Number(pop) });
      if (plotSamples.length > 5000) plotSamples.splice(0, plotSamples.length - 5000);
      drawSparkline();
      drawPlot();
    }
    $('population-max').textContent = popMax === null ? '0' : popMax.toString();
    $('population-min').textContent = popMin === null ? '0' : popMin.toString();
    $('intro').hidden = state.generation !== '0';
    if (state.population !== '0') $('first-run').hidden = true;
    $('status').textContent = state.stopped || '';
    document.querySelector('[data-action=play]').classList.toggle('active', state.playing);
    if (document.activeElement !== $('step-size')) $('step-size').value = state.step;
    if (state.version !== lastVersion) { lastVersion = state.version; requestFrame(); }
    if (state.playing && hashlife.settings.autoZoom) autoZoom();
  }

  /// The population since the page opened (or the last reset), as a chart.
  const plotSamples = [];
  function drawPlot() {
    if ($('plot-panel').hidden) return;
    const c = $('plot'), g = c.getContext('2d');
    g.fillStyle = '#11151d'; g.fillRect(0, 0, c.width, c.height);
    if (plotSamples.length < 2) return;
    const log = $('plot-log').checked;
    const f = (v) => (log ? Math.log10(v + 1) : v);
    const values = plotSamples.map((s) => f(s.population));
    const max = Math.max(...values), min = Math.min(...values);
    g.strokeStyle = '#5c7cfa'; g.beginPath();
    values.forEach((v, i) => {
      const x = 4 + i * (c.width - 8) / (values.length - 1), y = c.height - 4 - (max === min ? 0.5 : (v - min) / (max - min)) * (c.height - 8);
      if (i === 0) g.moveTo(x, y); else g.lineTo(x, y);
    });
    g.stroke();
    const first = plotSamples[0], last = plotSamples[plotSamples.length - 1];
    const pops = plotSamples.map((s) => s.population);
    $('plot-range').textContent = `generation ${first.generation} to ${last.generation}, population ${Math.min(...pops)} to ${Math.max(...pops)}`;
  }

  function drawSparkline() {
    const c = $('sparkline'), g = c.getContext('2d');
    g.clearRect(0, 0, c.width, c.height);
    if (samples.length < 2) return;
    const max = Math.max(...samples), min = Math.min(...samples);
    g.strokeStyle = '#5c7cfa'; g.beginPath();
    samples.forEach((v, i) => {
      const x = i * (c.width - 1) / (samples.length - 1), y = c.height - 2 - (max === min ? 0.5 : (v - min) / (max - min)) * (c.height - 4);
      if (i === 0) g.moveTo(x, y); else g.lineTo(x, y);
    });
    g.stroke();
  }

  /// Keeps the pattern inside the view with a 20 % buffer while playing.
  function autoZoom() {
    const b = hashlife.state.bounds;
    if (!b) return;
    const x = BigInt(b.x), y = BigInt(b.y), X = x + BigInt(b.width), Y = y + BigInt(b.height);
    // The corners' extremes: on a hexagonal view the box is a parallelogram.
    const corners = [pixelOf(x, y), pixelOf(X, y), pixelOf(x, Y), pixelOf(X, Y)];
    const tl = { px: Math.min(...corners.map((c) => c.px)), py: Math.min(...corners.map((c) => c.py)) };
    const br = { px: Math.max(...corners.map((c) => c.px)), py: Math.max(...corners.map((c) => c.py)) };
    const mx = canvas.width * 0.1, my = canvas.height * 0.1;
    const outside = tl.px < mx || tl.py < my || br.px > canvas.width - mx || br.py > canvas.height - my;
    const small = (br.px - tl.px) < canvas.width * 0.3 && (br.py - tl.py) < canvas.height * 0.3;
    if (outside || (small && hashlife.settings.autoZoomMode === 'fit')) fit(hashlife.settings.autoZoomMode === 'out');
  }

  function listen() {
    const events = new EventSource(api('events'));
    events.addEventListener('state', (e) => showState(JSON.parse(e.data)));
    events.onerror = () => { /* EventSource reconnects by itself */ };
  }
  async function refresh() {
    const response = await fetch(api('state'), { credentials: 'same-origin' });
    if (response.ok) showState(await response.json());
  }

  // MARK: Commands

  let queue = Promise.resolve();
  /// Sends one command line after every one queued before it (clicks on step are never dropped).
  function command(line) {
    const result = queue.then(() => withProgress(post('command', line)));
    queue = result.then(() => undefined, () => undefined);
    return result.then((answer) => { if (!answer.ok) say(answer.error.message); refresh(); return answer; });
  }
  /// A promise that settles once every command queued so far has been answered.
  hashlife.commandsDone = () => queue;
  function say(text) { $('status').textContent = text; }

  /// While a command takes long (a goto far ahead), a progress line with the generation
  /// reached; Esc stops it.
  async function withProgress(answer) {
    let done = false;
    const watch = (async () => {
      await new Promise((r) => setTimeout(r, 300));
      while (!done) {
        const p = await fetch(api('progress'), { credentials: 'same-origin' }).then((r) => r.json()).catch(() => null);
        if (done) break;
        if (p && p.running) {
          $('progress').hidden = false;
          const of = p.target ? ` of ${p.target}` : '';
          const share = p.percent !== null && p.percent !== undefined ? ` (${p.percent} %)` : '';
          $('progress-text').textContent = p.generation ? `generation ${p.generation}${of} reached${share}; Esc stops` : 'working; Esc stops';
          $('progress-bar').style.width = (share ? p.percent : (Date.now() / 20) % 100) + '%';
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      $('progress').hidden = true;
    })();
    try { return await answer; } finally { done = true; watch.then(() => { $('progress').hidden = true; }); }
  }

  function step() { command('step 2^' + ($('step-size').value || 0)); }

  async function play() { await queue; showState(await post('play')); }
  async function pause() { showState(await post('pause')); }
  async function reset() { await queue; showState(await post('reset')); requestFrame(); }
  function togglePlay() { if (hashlife.state && hashlife.state.playing) pause(); else play(); }

  // MARK: Editing

  function setEditMode(on) {
    hashlife.editMode = on;
    document.querySelector('[data-action=edit]').classList.toggle('on', on);
    $('toolbar').hidden = !on;
    setTimeout(resize, 0);
  }

  let shapes = [];
  async function loadShapes() {
    const response = await fetch(api('shapes'), { credentials: 'same-origin' });
    if (!response.ok) return;
    shapes = (await response.json()).shapes;
    const list = $('shapes');
    list.textContent = '';
    for (const shape of shapes) {
      const button = document.createElement('button');
      button.textContent = shape.name;
      button.dataset.shape = shape.name;
      button.addEventListener('click', () => chooseStamp(shape));
      list.appendChild(button);
    }
  }

  function chooseStamp(shape) {
    hashlife.stamp = { name: shape.name, cells: shape.cells, rotate: 0, flip: false };
    for (const b of document.querySelectorAll('[data-shape]')) b.classList.toggle('active', b.dataset.shape === shape.name);
    setEditMode(true);
    draw();
  }
  function cancelStamp() {
    hashlife.stamp = null;
    for (const b of document.querySelectorAll('[data-shape]')) b.classList.remove('active');
    draw();
  }
  /// The stamp's cells after its rotation and flip, as the server turns them.
  function stampCells() {
    const s = hashlife.stamp;
    let cells = s.cells.map(([x, y]) => [x, y]);
    const size = () => [Math.max(...cells.map((c) => c[0])) + 1, Math.max(...cells.map((c) => c[1])) + 1];
    if (!cells.length) return cells;
    const turns = s.rotate / 90;
    for (let t = 0; t < turns; t++) { const [, h] = size(); cells = cells.map(([x, y]) => [h - 1 - y, x]); }
    if (s.flip) { const [w] = size(); cells = cells.map(([x, y]) => [w - 1 - x, y]); }
    return cells;
  }
  function drawStamp() {
    if (!hashlife.stamp || !hashlife.hover) return;
    const size = Math.max(cellPixels(), 1);
    context.fillStyle = 'rgba(92, 124, 250, 0.5)';
    for (const [x, y] of stampCells()) {
      const p = pixelOf(hashlife.hover.x + BigInt(x), hashlife.hover.y + BigInt(y));
      context.fillRect(p.px, p.py, size, size);
    }
  }
  function commitStamp(cell) {
    const s = hashlife.stamp;
    let line = `stamp ${s.name} ${cell.x} ${cell.y}`;
    if (s.rotate) line += ` rotate ${s.rotate}`;
    if (s.flip) line += ' flip x';
    command(line);
  }

  // Selection: a drag in select mode; copy, cut, paste at the hovered cell, random fill.
  let selecting = false, selection = null;
  function drawSelection() {
    if (!selection) return;
    const a = pixelOf(selection.x, selection.y), b = pixelOf(selection.x + selection.w, selection.y + selection.h);
    context.strokeStyle = '#69db7c';
    context.setLineDash([4, 3]);
    if (view.hex) outline(selection.x, selection.y, selection.w, selection.h, 0.5);
    else context.strokeRect(a.px + 0.5, a.py + 0.5, Math.max(b.px - a.px, 3), Math.max(b.py - a.py, 3));
    context.setLineDash([]);
  }
  function selectionFrom(a, b) {
    const x = a.x < b.x ? a.x : b.x, y = a.y < b.y ? a.y : b.y;
    const X = a.x > b.x ? a.x : b.x, Y = a.y > b.y ? a.y : b.y;
    return { x, y, w: X - x + blockCells(), h: Y - y + blockCells() };
  }

  // MARK: Pointer

  // A mouse, a pen or one finger: a click toggles and a drag paints in edit mode, a drag pans
  // otherwise (and with the right or middle button). Two fingers pinch: see `pinch`.
  let press = null;
  const pointers = new Map();
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());
  canvas.addEventListener('pointerdown', (e) => {
    canvas.focus();
    canvas.setPointerCapture(e.pointerId);
    pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    if (pointers.size === 2) { startPinch(); return; }
    if (pointers.size > 2) return;
    const cell = cellAt(e.offsetX, e.offsetY);
    press = { x: e.offsetX, y: e.offsetY, lastX: e.offsetX, lastY: e.offsetY, button: e.button, cell, dragging: false, painted: new Set() };
  });
  function pinchDistance() {
    const [a, b] = [...pointers.values()];
    return Math.max(1, Math.hypot(a.x - b.x, a.y - b.y));
  }
  function pinchMidpoint() {
    const [a, b] = [...pointers.values()];
    return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }
  /// A pinch holds the cell under the fingers' midpoint (and where in it the midpoint is)
  /// under the midpoint: spreading the fingers zooms in about it, pinching zooms out, and
  /// moving both pans. The zoom is the step nearest to the start's times the distance's
  /// growth, each change of step animated as the wheel's.
  function startPinch() {
    const m = pinchMidpoint(), cell = cellAt(m.x, m.y), size = cellPixels();
    const at = view.level >= 0 ? pixelOf(cell.x, cell.y) : { px: m.x, py: m.y };
    press = { pinch: true, distance: pinchDistance(), level: view.level, cell,
              within: { x: (m.x - at.px) / size, y: (m.y - at.py) / size } };
  }
  function pinch() {
    const m = pinchMidpoint();
    const scale = logScaleOf(press.level) + Math.log2(pinchDistance() / press.distance);
    let level = press.level;
    const nearer = (a, b) => Math.abs(logScaleOf(a) - scale) < Math.abs(logScaleOf(b) - scale);
    for (let up = stepFrom(level, 1); up <= maxLevel && nearer(up, level); up = stepFrom(level, 1)) level = up;
    for (let down = stepFrom(level, -1); down >= minLevel && nearer(down, level); down = stepFrom(level, -1)) level = down;
    if (level !== view.level) animateZoom(zoomFactor(view.level, level), m.x, m.y);
    const px = Math.floor(m.x), py = Math.floor(m.y);
    if (level >= 0) {
      // The cell's corner where the midpoint keeps its place in the cell, the cell still under it.
      const size = pixelsOf(level);
      const x = Math.min(px, Math.max(px - size + 1, Math.floor(m.x - press.within.x * size)));
      const y = Math.min(py, Math.max(py - size + 1, Math.floor(m.y - press.within.y * size)));
      anchor(level, press.cell.x, press.cell.y, x, y);
    } else {
      anchor(level, press.cell.x, press.cell.y, px, py);
    }
    showScale();
  }
  canvas.addEventListener('pointermove', (e) => {
    if (pointers.has(e.pointerId)) pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
    const cell = cellAt(e.offsetX, e.offsetY);
    hashlife.hover = cell;
    $('hover').textContent = `${cell.x}, ${cell.y}`;
    if (press && press.pinch) {
      if (pointers.size === 2) pinch();
    } else if (press && !press.pinched) {
      if (!press.dragging && Math.hypot(e.offsetX - press.x, e.offsetY - press.y) > 3) press.dragging = true;
      if (press.dragging) {
        const pans = press.button !== 0 || !hashlife.editMode;
        if (pans) { pan(e.offsetX - press.lastX, e.offsetY - press.lastY); }
        else if (selecting) { selection = selectionFrom(press.cell, cell); }
        else if (!hashlife.stamp) { paint(press.cell); paint(cell); }
        press.lastX = e.offsetX; press.lastY = e.offsetY;
      }
    }
    draw();
  });
  function paint(cell) {
    const key = cell.x + ',' + cell.y;
    if (press.painted.has(key)) return;
    press.painted.add(key);
    command(`set ${cell.x} ${cell.y} 1`);
  }
  canvas.addEventListener('pointerup', (e) => {
    if (press && press.pinch && pointers.size === 2 && pointers.has(e.pointerId)) {
      // Where the finger left (its last moves may have been coalesced into this event).
      pointers.set(e.pointerId, { x: e.offsetX, y: e.offsetY });
      pinch();
    }
    pointers.delete(e.pointerId);
    const p = press;
    // The end of a pinch neither toggles nor paints, nor does the finger left on the canvas.
    press = p && p.pinch && pointers.size ? { pinched: true } : null;
    if (!p || p.pinch || p.pinched) return;
    if (!p.dragging && p.button === 0 && hashlife.editMode) {
      const cell = cellAt(e.offsetX, e.offsetY);
      if (hashlife.stamp) commitStamp(cell);
      else if (selecting) { selection = selectionFrom(cell, cell); }
      else command(`toggle ${cell.x} ${cell.y}`);
    }
    if (selecting && selection && p.dragging) {
      command(`select ${selection.x} ${selection.y} ${selection.w} ${selection.h}`);
      selecting = false;
      document.querySelector('[data-action=select]').classList.remove('active');
    }
  });
  canvas.addEventListener('pointercancel', (e) => {
    pointers.delete(e.pointerId);
    press = pointers.size ? { pinched: true } : null;
  });
  canvas.addEventListener('pointerleave', () => { hashlife.hover = null; draw(); });
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomAbout(e.deltaY < 0 ? 1 : -1, e.offsetX, e.offsetY);
  }, { passive: false });

  // MARK: Controls

  const actions = {
    play, pause, step, reset,
    'zoom-in': () => { const c = centre(); zoomAbout(1, c.px, c.py); },
    'zoom-out': () => { const c = centre(); zoomAbout(-1, c.px, c.py); },
    fit: () => fit(),
    hex: () => setHexagonal(!view.hex),
    edit: () => setEditMode(!hashlife.editMode),
    undo: () => command('undo'),
    redo: () => command('redo'),
    settings: () => { $('settings-panel').hidden = !$('settings-panel').hidden; },
    'settings-reset': () => saveSettings({}, true),
    'settings-close': () => { $('settings-panel').hidden = true; },
    command: () => openCommandLine(),
    'rotate-stamp': () => { if (hashlife.stamp) { hashlife.stamp.rotate = (hashlife.stamp.rotate + 90) % 360; draw(); } },
    'flip-stamp': () => { if (hashlife.stamp) { hashlife.stamp.flip = !hashlife.stamp.flip; draw(); } },
    select: () => { selecting = !selecting; document.querySelector('[data-action=select]').classList.toggle('active', selecting); },
    copy: () => command('copy'),
    cut: () => command('cut'),
    paste: () => { const h = hashlife.hover || cellAt(centre().px, centre().py); command(`paste ${h.x} ${h.y}`); },
    fill: () => command('fill 0.5'),
    identify: () => command('identify').then((a) => { if (a.ok) say(JSON.stringify(a).slice(0, 300)); }),
    classify: () => command('classify').then((a) => { if (a.ok) say(JSON.stringify(a).slice(0, 300)); }),
    'download-rle': () => { location.href = api('pattern', { format: 'rle' }); },
    'download-mc': () => { location.href = api('pattern', { format: 'mc' }); },
    'download-png': () => canvas.toBlob((blob) => {
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob); link.download = 'hashlife-view.png'; link.click();
    }),
  };
  for (const button of document.querySelectorAll('[data-action]')) {
    button.addEventListener('click', () => { const act = actions[button.dataset.action]; if (act) act(); });
  }
  $('step-size').addEventListener('change', () => post('step-size', '', { k: $('step-size').value }).then(showState));
  $('speed').addEventListener('change', () => saveSettings({ speed: Number($('speed').value) }));

  // MARK: Keys (LifeViewer's)

  document.addEventListener('keydown', (e) => {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    if (e.key === 'Escape') {
      if (hashlife.stamp) { cancelStamp(); return; }
      post('cancel');
      if (!$('command-bar').hidden && e.target === $('command-line')) { $('command-bar').hidden = true; setTimeout(resize, 0); canvas.focus(); }
      return;
    }
    if (typing) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); command(e.shiftKey ? 'redo' : 'undo'); return; }
    if (ctrl && e.key === 'y') { e.preventDefault(); command('redo'); return; }
    if (ctrl) return;
    const c = centre();
    switch (e.key) {
      case 'Enter': togglePlay(); break;
      case ' ': case '.': e.preventDefault(); step(); break;
      case 'r': case 'R': reset(); break;
      case 'f': case 'F': fit(); break;
      case ']': zoomAbout(1, c.px, c.py); break;
      case '[': zoomAbout(-1, c.px, c.py); break;
      case '-': saveSettings({ speed: Math.max(1, Math.round((hashlife.settings.speed || 60) / 2)) }); break;
      case '+': case '=': saveSettings({ speed: Math.min(1000, (hashlife.settings.speed || 60) * 2) }); break;
      case 'o': centreOn(0n, 0n, view.level); break;
      case '#': setHexagonal(!view.hex); break;
      case ':': e.preventDefault(); openCommandLine(); break;
      default: return;
    }
  });

  // MARK: Command line

  const commandNames = ['load', 'save', 'rule', 'step', 'goto', 'gen', 'pop', 'bounds', 'info', 'view', 'pan', 'zoom', 'fit', 'size', 'set', 'get',
    'toggle', 'select', 'selection', 'copy', 'cut', 'paste', 'clear', 'rotate', 'flip', 'fill', 'stamp', 'grid', 'undo', 'redo', 'history',
    'snapshot', 'library', 'plot', 'board', 'classify', 'identify', 'stats', 'memory', 'threads', 'help'];
  const history = [];
  let historyIndex = 0;
  function openCommandLine() {
    $('command-bar').hidden = false;
    setTimeout(() => { resize(); $('command-line').focus(); }, 0);
  }
  $('command-line').addEventListener('keydown', async (e) => {
    const input = $('command-line');
    if (e.key === 'Enter') {
      const line = input.value.trim();
      if (!line) return;
      history.push(line); historyIndex = history.length;
      input.value = '';
      const out = $('command-output');
      out.textContent += '> ' + line + '\n';
      const answer = await command(line);
      out.textContent += JSON.stringify(answer) + '\n';
      out.scrollTop = out.scrollHeight;
      if (/^\s*(load|rule|board)/.test(line)) fit();
    } else if (e.key === 'ArrowUp') {
      if (historyIndex > 0) input.value = history[--historyIndex];
      e.preventDefault();
    } else if (e.key === 'ArrowDown') {
      historyIndex = Math.min(history.length, historyIndex + 1);
      input.value = history[historyIndex] || '';
      e.preventDefault();
    } else if (e.key === 'Tab') {
      e.preventDefault();
      const word = input.value.trim();
      const matches = commandNames.filter((n) => n.startsWith(word));
      if (matches.length === 1) input.value = matches[0] + ' ';
      else if (matches.length) $('command-output').textContent += matches.join('  ') + '\n';
    }
  });

  // MARK: Settings

  const settingKeys = ['speed', 'autoZoom', 'autoZoomMode', 'autoStop', 'gridLines', 'cellColour', 'backgroundColour', 'gridColour', 'axesColour'];
  function applySettings(settings) {
    hashlife.settings = settings;
    for (const key of settingKeys) {
      const input = $('setting-' + key);
      if (!input) continue;
      if (input.type === 'checkbox') input.checked = !!settings[key]; else input.value = settings[key];
    }
    $('speed').value = settings.speed;
    requestFrame();
    draw();
  }
  async function saveSettings(changes, reset = false) {
    const answer = await post('settings', JSON.stringify(changes), reset ? { reset: '1' } : {});
    if (answer.ok) {
      applySettings(answer.settings);
      if (changes.speed || reset) post('speed', '', { value: answer.settings.speed });
    } else say(answer.error.message);
  }
  for (const key of settingKeys) {
    const input = $('setting-' + key);
    if (!input) continue;
    input.addEventListener('change', () => {
      const value = input.type === 'checkbox' ? input.checked : input.type === 'number' ? Number(input.value) : input.value;
      saveSettings({ [key]: value });
    });
  }

  // MARK: LifeViewer's script commands

  /// `#C [[ ZOOM 4 X 10 Y -3 GPS 30 STEP 8 AUTOSTART LOOP 500 STOP 1000 ]]` and the colour
  /// commands (`COLOR ALIVE r g b`, `COLOR BACKGROUND r g b`), from the pattern's comments.
  let script = null, scriptSource = null;
  function applyScript(comments) {
    const text = comments.join(' ');
    if (text === scriptSource) return;
    scriptSource = text;
    const blocks = [...text.matchAll(/\[\[(.*?)\]\]/g)].map((m) => m[1]).join(' ');
    if (!blocks.trim()) { script = null; return; }
    const words = blocks.trim().split(/\s+/);
    const s = {};
    for (let i = 0; i < words.length; i++) {
      const w = words[i].toUpperCase(), n = Number(words[i + 1]);
      switch (w) {
        case 'ZOOM': case 'Z': if (Number.isFinite(n) && n > 0) { s.zoom = n; i++; } break;
        case 'X': if (Number.isFinite(n)) { s.x = Math.trunc(n); i++; } break;
        case 'Y': if (Number.isFinite(n)) { s.y = Math.trunc(n); i++; } break;
        case 'GPS': if (Number.isFinite(n) && n > 0) { s.gps = n; i++; } break;
        case 'STEP': if (Number.isInteger(n) && n > 0) { s.step = Math.floor(Math.log2(n)); i++; } break;
        case 'LOOP': if (Number.isInteger(n) && n > 0) { s.loop = BigInt(n); i++; } break;
        case 'STOP': if (Number.isInteger(n) && n > 0) { s.stop = BigInt(n); i++; } break;
        case 'AUTOSTART': s.autostart = true; break;
        case 'COLOR': case 'COLOUR': {
          const what = (words[i + 1] || '').toUpperCase(), rgbv = words.slice(i + 2, i + 5).map(Number);
          if (rgbv.length === 3 && rgbv.every((v) => Number.isInteger(v) && v >= 0 && v <= 255)) {
            const hex = '#' + rgbv.map((v) => v.toString(16).padStart(2, '0')).join('');
            if (what === 'ALIVE') s.alive = hex;
            if (what === 'BACKGROUND') s.background = hex;
            i += 4;
          }
          break;
        }
        default: break;
      }
    }
    script = s;
    setTimeout(runScript, 0);
  }
  /// The zoom step nearest to `zoom` pixels a cell (below 1: a pixel for 1/zoom cells).
  function nearestLevel(zoom) {
    let level = Math.max(minLevel, Math.min(maxLevel, Math.round(Math.log2(zoom))));
    for (const near of [level - 0.5, level + 0.5]) {
      if (isHalfStep(near) && Math.abs(logScaleOf(near) - Math.log2(zoom)) < Math.abs(logScaleOf(level) - Math.log2(zoom))) level = near;
    }
    return level;
  }
  function runScript() {
    const s = script, b = hashlife.state && hashlife.state.bounds;
    if (!s) return;
    if (s.alive) hashlife.settings.cellColour = s.alive;
    if (s.background) hashlife.settings.backgroundColour = s.background;
    if (s.zoom !== undefined || s.x !== undefined || s.y !== undefined) {
      const level = s.zoom !== undefined ? nearestLevel(s.zoom) : view.level;
      const cx = b ? BigInt(b.x) + BigInt(b.width) / 2n : 0n, cy = b ? BigInt(b.y) + BigInt(b.height) / 2n : 0n;
      centreOn(cx + BigInt(s.x || 0), cy + BigInt(s.y || 0), level);
      showScale();
    }
    if (s.gps) post('speed', '', { value: Math.min(1000, s.gps) });
    if (s.step !== undefined) post('step-size', '', { k: s.step });
    if (s.autostart) setTimeout(play, 100);
    requestFrame();
  }
  /// LOOP and STOP while playing.
  function watchScript(state) {
    if (!script || !state.playing) return;
    const g = BigInt(state.generation);
    if (script.stop !== undefined && g >= script.stop) pause();
    else if (script.loop !== undefined && g >= script.loop) reset().then(play);
  }

  // MARK: Panels: rule and grid, snapshots, boards, first run

  async function refreshPanels() {
    const snapshots = await command('snapshot list');
    const list = $('snapshot-list');
    list.textContent = '';
    for (const s of (snapshots.snapshots || [])) {
      const item = document.createElement('div');
      item.className = 'item';
      const pre = document.createElement('pre');
      pre.textContent = (s.thumbnail || []).join('\n');
      const label = document.createElement('span');
      label.textContent = `${s.name} (generation ${s.generation})`;
      const restore = document.createElement('button');
      restore.textContent = 'Restore';
      restore.addEventListener('click', () => command(`snapshot restore "${s.name}"`).then(() => fit()));
      const remove = document.createElement('button');
      remove.textContent = 'Delete';
      remove.addEventListener('click', () => command(`snapshot delete "${s.name}"`).then(refreshPanels));
      item.append(pre, label, restore, remove);
      list.appendChild(item);
    }
    const boards = await command('board list');
    const blist = $('board-list');
    blist.textContent = '';
    for (const b of (boards.boards || [])) {
      const item = document.createElement('div');
      item.className = 'item';
      const pre = document.createElement('pre');
      pre.textContent = (b.thumbnail || []).join('\n');
      const label = document.createElement('span');
      label.textContent = `${b.name}: ${b.rule}, generation ${b.generation}, population ${b.population}`;
      const open = document.createElement('button');
      open.textContent = 'Open';
      open.addEventListener('click', () => { location.href = '/?board=' + encodeURIComponent(b.id); });
      const rename = document.createElement('button');
      rename.textContent = 'Rename';
      rename.addEventListener('click', () => {
        const name = prompt('New name', b.name);
        if (name) command(`board rename ${b.id} "${name.replace(/"/g, '')}"`).then(refreshPanels);
      });
      const remove = document.createElement('button');
      remove.textContent = 'Delete';
      remove.addEventListener('click', () => { if (confirm(`Delete board ${b.name}?`)) command(`board delete ${b.id}`).then(refreshPanels); });
      item.append(pre, label, open, rename, remove);
      blist.appendChild(item);
    }
  }
  Object.assign(actions, {
    panels: () => { $('side-panel').hidden = !$('side-panel').hidden; if (!$('side-panel').hidden) { $('rule-input').value = hashlife.state ? hashlife.state.rule : ''; refreshPanels(); } },
    'panels-close': () => { $('side-panel').hidden = true; },
    'set-rule': () => { command(`rule ${$('rule-input').value.trim()}`).then(() => { requestFrame(); fit(); }); },
    'snapshot-save': () => command('snapshot save' + ($('snapshot-name').value.trim() ? ` "${$('snapshot-name').value.trim().replace(/"/g, '')}"` : '')).then(refreshPanels),
    'board-save': () => command('board save' + ($('board-name').value.trim() ? ` "${$('board-name').value.trim().replace(/"/g, '')}"` : '')).then(refreshPanels),
    'first-run-close': () => { $('first-run').hidden = true; },
    'plot-close': () => { $('plot-panel').hidden = true; },
  });
  $('sparkline').addEventListener('click', () => { $('plot-panel').hidden = !$('plot-panel').hidden; drawPlot(); });
  $('plot-log').addEventListener('change', drawPlot);

  function firstRun() {
    if (!hashlife.state || hashlife.state.population !== '0' || hashlife.state.generation !== '0') return;
    const starters = $('starters');
    for (const name of ['gosper-glider-gun', 'r-pentomino', 'acorn', 'switch-engine', 'pulsar', 'glider']) {
      const shape = shapes.find((s) => s.name === name);
      if (!shape) continue;
      const button = document.createElement('button');
      button.textContent = name;
      button.addEventListener('click', async () => {
        const w = Math.max(...shape.cells.map((c) => c[0])) + 1, h = Math.max(...shape.cells.map((c) => c[1])) + 1;
        await command(`stamp ${name} ${-Math.floor(w / 2)} ${-Math.floor(h / 2)}`);
        $('first-run').hidden = true;
        await refresh();
        fit();
      });
      starters.appendChild(button);
    }
    $('first-run').hidden = false;
  }

  // MARK: Files

  async function loadText(bytes, name) {
    const answer = await fetch(api('load', { name }), { method: 'POST', body: bytes, credentials: 'same-origin' }).then((r) => r.json());
    if (answer.ok) { showState(answer); fit(); } else say(answer.error.message);
  }
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    const file = e.dataTransfer.files[0];
    if (file) loadText(await file.arrayBuffer(), file.name);
  });
  document.addEventListener('paste', (e) => {
    if (e.target instanceof HTMLInputElement) return;
    const text = e.clipboardData.getData('text');
    if (text && /[!$]|x\s*=/.test(text)) { e.preventDefault(); loadText(text, 'pasted.rle'); }
  });

  // MARK: Frame loop

  let fpsCount = 0, fpsStart = performance.now();
  function countFrame() { fpsCount++; }
  function loop(now) {
    if (now - fpsStart >= 1000) { hashlife.fps = Math.round(fpsCount * 1000 / (now - fpsStart)); fpsCount = 0; fpsStart = now; }
    if (zoomAnimation) draw();
    fetchFrame();
    requestAnimationFrame(loop);
  }

  function resize() {
    const rect = canvas.getBoundingClientRect();
    const w = Math.max(1, Math.floor(rect.width)), h = Math.max(1, Math.floor(rect.height));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; requestFrame(); draw(); }
  }
  window.addEventListener('resize', resize);
  // The canvas's box also changes without the window's, when the header or the controls wrap
  // (a long generation): its pixels stay the screen's, not scaled.
  new ResizeObserver(() => resize()).observe(canvas);

  async function start() {
    resize();
    centreOn(0n, 0n, 3);
    showScale();
    setEditMode(true);
    const settings = await fetch(api('settings'), { credentials: 'same-origin' }).then((r) => r.json());
    if (settings.ok) { applySettings(settings.settings); post('speed', '', { value: settings.settings.speed }); }
    await refresh();
    // `serve --hex` starts every page sheared.
    if (hashlife.state && hashlife.state.view && hashlife.state.view.hexagonal) setHexagonal(true);
    if (hashlife.state && hashlife.state.bounds) fit();
    listen();
    await loadShapes();
    firstRun();
    requestAnimationFrame(loop);
    hashlife.ready = true;
  }
  hashlife.cellAt = cellAt;
  hashlife.setHexagonal = setHexagonal;
  hashlife.pixelOf = pixelOf;
  hashlife.blockCells = () => blockCells().toString();
  hashlife.centreOn = (x, y, level) => { centreOn(BigInt(x), BigInt(y), level); showScale(); };
  start();
})();
