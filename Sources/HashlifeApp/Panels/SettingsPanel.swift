// The settings panel: the settings in three sections (Playback, View, Colours, each colour
// with a swatch of what it is now), the chosen one's one-line explanation; ↑↓ choose, ←→ or
// Enter change, d resets to defaults, Esc closes. Saved at each change. Fits 80×24.

import HashlifeTerminal

extension App {
    struct SettingRow {
        var name: String
        var explanation: String
        var value: (Settings) -> String
        var change: (inout Settings, Int) -> Void
        /// The section the row opens, if it is a section's first row.
        var section: String? = nil
        /// The colour the row sets, as it is now (a swatch is drawn beside it).
        var swatch: ((Palette) -> RGB)? = nil
    }

    static func cycle<T: Equatable>(_ value: T, in all: [T], by step: Int) -> T {
        let i = all.firstIndex(of: value) ?? 0
        return all[((i + step) % all.count + all.count) % all.count]
    }

    static func colourRow(_ name: String, _ explanation: String, _ key: WritableKeyPath<Settings, RGB?>,
                          shown: @escaping (Palette) -> RGB, section: String? = nil) -> SettingRow {
        let options: [RGB?] = [nil] + Palette.choices.map(\.rgb)
        return SettingRow(name: name, explanation: explanation, value: { s in
            guard let c = s[keyPath: key] else { return "theme" }
            return Palette.choices.first { $0.rgb == c }?.name ?? c.description
        }, change: { s, step in s[keyPath: key] = cycle(s[keyPath: key], in: options, by: step) }, section: section, swatch: shown)
    }

    static var settingRows: [SettingRow] { [
        SettingRow(name: "Speed", explanation: "Frames a second: slow 4, normal 15, fast 60; hyper jumps 2^k a frame.",
                   value: { $0.speed.rawValue }, change: { s, d in s.speed = cycle(s.speed, in: Speed.allCases, by: d) }, section: "Playback"),
        SettingRow(name: "Hyper step", explanation: "Generations per frame in hyper speed (also [ and ]).",
                   value: { "2^\($0.hyperExponent)" }, change: { s, d in s.hyperExponent = min(max(s.hyperExponent + d, 0), 64) }),
        SettingRow(name: "Auto-stop", explanation: "Stop playing when the pattern dies out, stands still or repeats.",
                   value: { $0.autoStop ? "on" : "off" }, change: { s, _ in s.autoStop.toggle() }),
        SettingRow(name: "Auto-zoom", explanation: "Keep the live cells in view with a 20 % margin: fit zooms in and out, out only out.",
                   value: { $0.autoZoom.rawValue }, change: { s, d in s.autoZoom = cycle(s.autoZoom, in: AutoZoom.allCases, by: d) },
                   section: "View"),
        SettingRow(name: "Grid lines", explanation: "Dots or lines between cells when zoomed in.",
                   value: { $0.gridLines ? "on" : "off" }, change: { s, _ in s.gridLines.toggle() }),
        SettingRow(name: "Cell shape", explanation: "Live cells as squares or rounded, when zoomed in.",
                   value: { $0.cellShape.rawValue }, change: { s, d in s.cellShape = cycle(s.cellShape, in: CellShape.allCases, by: d) }),
        SettingRow(name: "Theme", explanation: "Colours for dark or light terminals.",
                   value: { $0.theme.rawValue }, change: { s, d in s.theme = cycle(s.theme, in: Theme.allCases, by: d) }),
        colourRow("Live cells", "The colour of live cells, hover and stamp previews.", \.liveColour, shown: \.live, section: "Colours"),
        colourRow("Background", "The canvas behind the cells.", \.backgroundColour, shown: \.background),
        colourRow("Grid", "Grid lines and dots.", \.gridColour, shown: \.grid),
        colourRow("Axes", "The lines x = 0 and y = 0.", \.axesColour, shown: \.axes),
        SettingRow(name: "Reset", explanation: "Press Enter (or d) to put every setting back to its default.",
                   value: { _ in "defaults" }, change: { s, _ in s = Settings() }, section: ""),
    ] }

    func handleSettingsKey(_ key: Key, selected: Int) {
        let rows = App.settingRows
        switch key {
        case .escape, .character("q"), .character(","): panel = nil
        case .up, .character("k"): panel = .settings(selected: (selected + rows.count - 1) % rows.count)
        case .down, .character("j"), .tab: panel = .settings(selected: (selected + 1) % rows.count)
        case .left, .character("h"): changeSettings { rows[selected].change(&$0, -1) }
        case .right, .character("l"), .enter, .character(" "): changeSettings { rows[selected].change(&$0, 1) }
        case .character("d"): changeSettings { $0 = Settings() }; status = "settings reset to defaults"
        default: break
        }
    }

    func drawSettings(_ screen: inout Screen, selected: Int) {
        let rows = App.settingRows
        let sections = rows.filter { $0.section != nil }.count
        let inner = drawBox(&screen, width: 76, height: rows.count + sections + 4, title: "Settings")
        let palette = settings.palette
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        var heading = style
        heading.foreground = palette.accent
        heading.bold = true
        var y = inner.top
        for (i, row) in rows.enumerated() where y < inner.top + inner.rows - 2 {
            if let section = row.section {
                // A section's heading (a blank line before the last, unnamed one).
                screen.put(section, column: inner.left, row: y, style: heading, limit: inner.left + inner.columns)
                y += 1
            }
            var line = style
            if i == selected { line.reverse = true }
            let text = "  " + row.name.padding(toLength: 12, withPad: " ", startingAt: 0) + "‹ " + row.value(settings) + " ›"
            let end = screen.put(text, column: inner.left, row: y, style: line, limit: inner.left + inner.columns)
            if let swatch = row.swatch {
                var block = style
                block.foreground = swatch(palette)
                screen.put(" ██", column: end, row: y, style: block, limit: inner.left + inner.columns)
            }
            y += 1
        }
        var dim = style
        dim.foreground = palette.dim
        screen.put(rows[selected].explanation, column: inner.left, row: inner.top + inner.rows - 2, style: dim, limit: inner.left + inner.columns)
        screen.put("↑↓ choose  ←→ change  d defaults  Esc close", column: inner.left, row: inner.top + inner.rows - 1, style: dim,
                   limit: inner.left + inner.columns)
    }
}

extension String {
    func padding(toLength length: Int, withPad pad: String, startingAt _: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: pad, count: length - count)
    }
}
