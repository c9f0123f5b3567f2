// The header (seed 000's analytics bar: generation, population, max, min, growth, sparkline,
// rule, step, speed, zoom, hovered cell) and the control bar (each action with its key).

import HashlifeEngine

extension App {
    /// Has the universe produced a generation since launch? Until then the header explains.
    var hasStepped: Bool { statistics.samples.count > 1 || shown.generation > BigUInt.zero }

    /// What the header shows of the universe: as it is, or as it was when the running step
    /// started (the worker owns the universe until it finishes).
    var shown: (generation: BigUInt, population: BigUInt, rule: Rule, isEmpty: Bool) {
        if let frozen = frozenHeader { return (frozen.generation, frozen.population, frozen.rule, frozen.population.isZero) }
        let universe = session.universe
        return (universe.generation, universe.population, universe.rule, universe.isEmpty)
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
        // Second row: rule, step, speed, zoom, auto modes, hovered cell; then the status.
        let step = settings.speed == .hyper ? "2^\(settings.hyperExponent)" : "1"
        let autoZoom = settings.autoZoom == .off ? "off" : settings.autoZoom.rawValue + (autoZoomSuspended ? " (paused)" : "")
        var info = "\(universe.rule)  Step \(step)  \(settings.speed.rawValue.capitalisedFirst)\(playing ? " ▶" : "")  Zoom \(canvas.scale)  Auto-zoom \(autoZoom)"
        if let hovered = hoverText { info += "  " + hovered }
        x = screen.put(info, column: 1, row: 1, style: style)
        var message: String? = status
        // A frame's step takes milliseconds; only a step that runs on gets a progress line.
        if busy && now - busySince >= 300 {
            let reached = progressGeneration.map { " gen \(Excerpt.number($0))" } ?? ""
            message = "computing…\(reached) · Esc cancels"
        }
        if let message {
            var accent = style
            accent.foreground = palette.accent
            screen.put("  " + message, column: x, row: 1, style: accent)
        }
    }

    /// The hovered cell, exact at any size: "(x, y)", or the block a character covers.
    var hoverText: String? {
        guard let pointer, let at = canvasPosition(column: pointer.column, row: pointer.row) else { return nil }
        let cells = canvas.cells(atColumn: at.column, row: at.row)
        if cells.width == .one && cells.height == .one { return "(\(cells.x), \(cells.y))" }
        return "(\(cells.x), \(cells.y)) +\(cells.width)×\(cells.height)"
    }

    /// The control bar's actions: what each shows, and the key it stands for.
    var controlBarItems: [(key: String, label: String, press: KeyPress)] {
        [("␣", playing ? "Pause" : "Play", .character(" ")), (".", "Step", .character(".")), ("r", "Reset", .character("r")),
         ("s", settings.speed.rawValue.capitalisedFirst, .character("s")), ("+", "In", .character("+")), ("-", "Out", .character("-")),
         ("f", "Fit", .character("f")), ("a", "Auto:" + settings.autoZoom.rawValue, .character("a")),
         ("e", "Edit", .character("e")), (",", "Settings", .character(",")), ("?", "Help", .character("?")),
         ("q", "Quit", .character("q"))]
    }

    /// Each item's columns [start, end) on the bar; the labels drop to their keys' first letters
    /// when the full bar does not fit.
    var controlBarLayout: [(text: String, start: Int, end: Int, press: KeyPress)] {
        for compact in [false, true] {
            var x = 1
            var out: [(String, Int, Int, KeyPress)] = []
            for item in controlBarItems {
                let text = compact ? item.key + String(item.label.hasPrefix("Auto:") ? String(item.label.dropFirst(5)).capitalisedFirst : String(item.label.prefix(4))) : item.key + " " + item.label
                out.append((text, x, x + text.count, item.press))
                x += text.count + (compact ? 1 : 2)
            }
            if x <= columns || compact { return out.map { (text: $0.0, start: $0.1, end: $0.2, press: $0.3) } }
        }
        return []
    }

    func controlBarKey(atColumn column: Int) -> KeyPress? {
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
