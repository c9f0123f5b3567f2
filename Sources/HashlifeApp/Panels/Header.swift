// The header (an analytics bar: generation, population, max, min, growth, sparkline, rule,
// step, speed, zoom, hovered cell, messages) and the control bar (each action with its key).

import HashlifeEngine
import HashlifeInterface
import HashlifeTerminal

extension App {
    /// Has the universe produced a generation since launch? Until then the header explains.
    var hasStepped: Bool { statistics.samples.count > 1 || shown.generation > BigUInt.zero }

    /// What the header shows of the universe: as it is, or as it was when the running step
    /// started (the worker owns the universe until it finishes).
    var shown: (generation: BigUInt, population: BigUInt, rule: AnyRule, isEmpty: Bool) {
        if let frozen = frozenHeader { return (frozen.generation, frozen.population, frozen.rule, frozen.population.isZero) }
        let universe = session.universe
        return (universe.generation, universe.population, session.rule, universe.isEmpty)
    }

    func drawHeader(_ screen: inout Screen) {
        let palette = settings.palette
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        screen.fill(column: 0, row: 0, width: columns, height: App.headerRows, with: style)
        var bold = style
        bold.bold = true
        var dim = style
        dim.foreground = palette.dim
        let universe = shown
        var x = screen.put("Gen \(Excerpt.number(universe.generation))  Pop \(Excerpt.number(universe.population))", column: 1, row: 0, style: bold)
        if !hasStepped {
            let explanation = universe.isEmpty
                ? "  Empty: click cells to bring them to life · ? all keys"
                : "  Space plays · . steps · click toggles a cell · ? all keys"
            screen.put(explanation, column: x, row: 0, style: dim)
        } else {
            let stats = statistics
            var text = "  Max \(Excerpt.number(stats.maximum ?? .zero))  Min \(Excerpt.number(stats.minimum ?? .zero))"
            if let growth = stats.growth { text += "  Δ \(growth.isNegative ? "" : "+")\(Excerpt.number(growth))/gen" }
            x = screen.put(text, column: x, row: 0, style: style)
            var spark = style
            spark.foreground = palette.live
            screen.put("  " + stats.sparkline(width: max(min(columns - x - 3, 32), 0)), column: x, row: 0, style: spark)
        }
        // Second row: rule, grid, step, speed, zoom, auto modes, hovered cell; then the message,
        // or the message alone, shortened to the width, when both do not fit.
        let step = settings.speed == .hyper ? "2^\(settings.hyperExponent)" : "1"
        let autoZoom = settings.autoZoom == .off ? "off" : settings.autoZoom.rawValue + (autoZoomSuspended ? " (paused)" : "")
        var info = "\(ruleLabel(universe.rule))\(gridLabel(universe.rule.grid))\(drawingStateLabel(universe.rule))  Step \(step)  \(settings.speed.rawValue.capitalisedFirst)\(playing ? " ▶" : "")  Zoom \(canvas.scale.label)\(canvas.hexagonal ? " hex" : "")  Auto-zoom \(autoZoom)"
        if let hovered = hoverText { info += "  " + hovered }
        var message: String? = status
        // A frame's step takes milliseconds; only a step that runs on gets a progress line.
        if busy && now - busySince >= 300 {
            let reached = progressGeneration.map { " gen \(Excerpt.number($0))" } ?? ""
            message = "computing…\(reached) · Esc cancels"
        }
        var accent = style
        accent.foreground = palette.accent
        guard let message else {
            screen.put(info, column: 1, row: 1, style: style, limit: columns)
            return
        }
        // The message whole after as much of the information as fits (at least 24 characters of
        // it), else the message alone, shortened to the width.
        let line = Excerpt.escapingControls(message)
        let room = columns - 1 - 2 - line.count
        if room >= min(info.count, 24) {
            x = screen.put(App.shortened(info, to: room), column: 1, row: 1, style: style)
            screen.put("  " + line, column: x, row: 1, style: accent)
        } else {
            screen.put(App.shortened(line, to: columns - 2), column: 1, row: 1, style: accent)
        }
    }

    /// `text` cut to `width` characters, ending in "…" when cut.
    static func shortened(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return String(text.prefix(max(width, 0))) }
        return String(text.prefix(width - 1)) + "…"
    }

    /// The grid the header names after the rule ("  Grid 24×24 torus"; "∞" for an unbounded
    /// side), or nothing on the unbounded plane.
    /// The rule without its grid suffix (the grid has its own label).
    func ruleLabel(_ rule: AnyRule) -> String { rule.with(grid: nil).description }

    func gridLabel(_ grid: Grid?) -> String {
        guard let grid else { return "" }
        let name = switch grid.topology {
        case .plane: "plane"
        case .torus: grid.horizontalShift != 0 || grid.verticalShift != 0 ? "shifted torus" : "torus"
        case .kleinBottle: "Klein bottle"
        case .crossSurface: "cross-surface"
        case .sphere: "sphere"
        }
        func side(_ n: Int) -> String { n == 0 ? "∞" : String(n) }
        return "  Grid \(side(grid.width))×\(side(grid.height)) \(name)"
    }

    /// The hovered cell, exact at any size: "(x, y)", or the block a character covers.
    var hoverText: String? {
        guard let pointer, let at = canvasPosition(column: pointer.column, row: pointer.row) else { return nil }
        let cells = canvas.cells(atColumn: at.column, row: at.row)
        if cells.width == .one && cells.height == .one { return "(\(cells.x), \(cells.y))" }
        return "(\(cells.x), \(cells.y)) +\(cells.width)×\(cells.height)"
    }

    /// The control bar's actions: what each shows, and the key it stands for.
    var controlBarItems: [(key: String, label: String, press: Key)] {
        [("␣", playing ? "Pause" : "Play", .character(" ")), (".", "Step", .character(".")), ("r", "Reset", .character("r")),
         ("s", settings.speed.rawValue.capitalisedFirst, .character("s")), ("+", "In", .character("+")), ("-", "Out", .character("-")),
         ("f", "Fit", .character("f")), ("a", "Auto:" + settings.autoZoom.rawValue, .character("a")),
         ("e", "Edit", .character("e")), (",", "Settings", .character(",")), ("?", "Help", .character("?")),
         ("q", "Quit", .character("q"))]
    }

    /// Each item's columns [start, end) on the bar; the labels drop to their keys' first letters
    /// when the full bar does not fit.
    var controlBarLayout: [(text: String, start: Int, end: Int, press: Key)] {
        for compact in [false, true] {
            var x = 1
            var out: [(String, Int, Int, Key)] = []
            for item in controlBarItems {
                let text = compact ? item.key + String(item.label.hasPrefix("Auto:") ? String(item.label.dropFirst(5)).capitalisedFirst : String(item.label.prefix(4))) : item.key + " " + item.label
                out.append((text, x, x + text.count, item.press))
                x += text.count + (compact ? 1 : 2)
            }
            if x <= columns || compact { return out.map { (text: $0.0, start: $0.1, end: $0.2, press: $0.3) } }
        }
        return []
    }

    func controlBarKey(atColumn column: Int) -> Key? {
        controlBarLayout.first { column >= $0.start && column < $0.end }?.press
    }

    func drawControlBar(_ screen: inout Screen) {
        let palette = settings.palette
        let row = rows - 1
        let style = ScreenCell(" ", foreground: palette.dim, background: palette.panel)
        screen.fill(column: 0, row: row, width: columns, height: 1, with: style)
        var key = style
        key.foreground = palette.accent
        key.bold = true
        for item in controlBarLayout {
            screen.put(String(item.text.prefix(1)), column: item.start, row: row, style: key)
            screen.put(String(item.text.dropFirst()), column: item.start + 1, row: row, style: style)
        }
    }
}

extension String {
    /// The string with its first letter in upper case ("normal" → "Normal").
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
