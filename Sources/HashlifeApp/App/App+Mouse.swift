// The mouse (SGR 1006 reports with any-motion tracking): hover, click to toggle, drag to paint,
// pan with the right or middle button, wheel to zoom around the pointer, clicks on the toolbar
// and the control bar. Every canvas position goes through `Canvas`, the one transform.

import HashlifeEngine
import HashlifeTerminal

extension App {
    func handle(mouse: MouseEvent) -> [AppEffect] {
        pointer = (mouse.column, mouse.row)
        // While a step runs or the prompt is open, the mouse only moves the pointer.
        if busy || prompt != nil { return [] }
        if let panel {
            if mouse.kind == .press, case .help = panel { self.panel = nil }
            return []
        }
        if mouse.kind == .release { drag = .none; return [] }
        if mouse.kind == .press, mouse.button == .left, mouse.row == rows - 1 {
            if let key = controlBarKey(atColumn: mouse.column) { return handle(key: key) }
            return []
        }
        if mouse.kind == .press, mouse.button == .left, showsToolbar, mouse.column < App.toolbarColumns {
            if let index = toolbarIndex(atRow: mouse.row) { beginStamp(toolbar[index].stamp) }
            return []
        }
        guard let at = canvasPosition(column: mouse.column, row: mouse.row) else { return [] }
        switch mouse.kind {
        case .wheelUp: zoom(in: true, aroundColumn: at.column, row: at.row)
        case .wheelDown: zoom(in: false, aroundColumn: at.column, row: at.row)
        case .press where mouse.button == .right || mouse.button == .middle:
            drag = .pan(column: at.column, row: at.row)
        case .press where mouse.button == .left:
            leftPress(at)
        case .drag:
            dragged(to: at)
        default: break
        }
        return []
    }

    func leftPress(_ at: (column: Int, row: Int)) {
        switch mode {
        case .stamp(let stamp):
            let (x, y) = stampOrigin(stamp)
            place(stamp, x: x, y: y)
        case .select:
            let cells = canvas.cells(atColumn: at.column, row: at.row)
            drag = .select(x: cells.x, y: cells.y)
            session.select(cells)
        case .normal:
            // Outside edit mode the canvas is a viewer: a left drag pans.
            guard editMode else { drag = .pan(column: at.column, row: at.row); return }
            guard let cell = canvas.cell(atColumn: at.column, row: at.row) else {
                status = "zoom in (+ or the wheel) to edit single cells"
                return
            }
            // The press and the drag that may follow make one stroke: one history entry. A cell
            // in the drawing state is erased; any other is drawn in it (alive, with two states).
            let alive = session.state(x: cell.x, y: cell.y) != activeDrawingState
            let group = session.beginGroup()
            paint(x: cell.x, y: cell.y, alive: alive, group: group)
            edited()
            drag = .paint(alive: alive, lastX: cell.x, lastY: cell.y, group: group)
        }
    }

    func dragged(to at: (column: Int, row: Int)) {
        switch drag {
        case .none: break
        case .pan(let column, let row):
            let (dc, dr) = (column - at.column, row - at.row)
            guard dc != 0 || dr != 0 else { return }
            // Move by whole cells only, and keep the remainder under the pointer.
            let before = canvas.cells(atColumn: column, row: row)
            canvas.place(before.x, before.y, atColumn: at.column, row: at.row)
            autoZoomSuspended = true
            drag = .pan(column: at.column, row: at.row)
        case .paint(let alive, let lastX, let lastY, let group):
            guard let cell = canvas.cell(atColumn: at.column, row: at.row), cell.x != lastX || cell.y != lastY else { return }
            // Every cell on the line from the last one painted, so a fast drag leaves no gaps.
            var changed = false
            for (x, y) in App.line(fromX: lastX, y: lastY, toX: cell.x, y: cell.y).dropFirst()
            where session.state(x: x, y: y) != (alive ? activeDrawingState : 0) {
                paint(x: x, y: y, alive: alive, group: group)
                changed = true
            }
            if changed { edited() }
            drag = .paint(alive: alive, lastX: cell.x, lastY: cell.y, group: group)
        case .select(let x, let y):
            let cells = canvas.cells(atColumn: at.column, row: at.row)
            let left = min(x, cells.x), top = min(y, cells.y)
            let right = max(x + 1, cells.maxX), bottom = max(y + 1, cells.maxY)
            session.select(CellRect(x: left, y: top, width: (right - left).magnitude, height: (bottom - top).magnitude))
        }
    }

    /// The cells of a line from (`x0`, `y0`) to (`x1`, `y1`), both ends included, each next to
    /// the one before (Bresenham's algorithm). The ends are at most a screen apart.
    static func line(fromX x0: BigInt, y y0: BigInt, toX x1: BigInt, y y1: BigInt) -> [(BigInt, BigInt)] {
        guard let dx = (x1 - x0).intValue, let dy = (y1 - y0).intValue, abs(dx) < 1 << 20, abs(dy) < 1 << 20 else {
            return [(x0, y0), (x1, y1)]
        }
        let (sx, sy) = (dx.signum(), dy.signum())
        let (ax, ay) = (abs(dx), abs(dy))
        var (x, y, error) = (0, 0, ax - ay)
        var cells: [(BigInt, BigInt)] = [(x0, y0)]
        while x != dx || y != dy {
            let doubled = 2 * error
            if doubled > -ay { error -= ay; x += sx }
            if doubled < ax { error += ax; y += sy }
            cells.append((x0 + BigInt(x), y0 + BigInt(y)))
        }
        return cells
    }

    /// The toolbar item drawn at screen row `row`.
    func toolbarIndex(atRow row: Int) -> Int? {
        toolbarLayout.first { row >= $0.row && row < $0.row + $0.height }?.index
    }

    /// Each visible toolbar item's first row and height (2 rows with its preview when they fit).
    var toolbarLayout: [(index: Int, row: Int, height: Int)] {
        let first = App.headerRows + 1, available = rows - 1 - first
        let height = toolbar.count * 2 <= available ? 2 : 1
        return (0..<min(toolbar.count, available / height)).map { ($0, first + $0 * height, height) }
    }
}
