// One frame: the header, toolbar, canvas, control bar and whatever overlay is open, drawn into a
// `Screen` (the runner sends the difference to the terminal; tests compare lines).

import HashlifeEngine
import HashlifeRendering

extension App {
    /// The frame to show now. While a step runs the universe is the worker's, so the canvas of
    /// `previous` (the last frame) is kept and only the chrome is drawn anew.
    public func render(previous: Screen? = nil) -> Screen {
        let palette = settings.palette
        var screen = Screen(columns: columns, rows: rows, fill: ScreenCell(" ", foreground: palette.text, background: palette.background))
        let frame = canvasFrame
        if busy, let previous, previous.columns == columns, previous.rows == rows {
            for row in frame.top..<(frame.top + frame.rows) {
                for column in frame.left..<(frame.left + frame.columns) { screen[column, row] = previous[column, row] }
            }
        } else {
            let hover = pointer.flatMap { canvasPosition(column: $0.column, row: $0.row) }
            let overlay = CanvasOverlay(hover: mode == .normal || mode == .select ? hover : nil, stamp: stampPreview, selection: session.selection,
                                        bounds: gridBounds)
            canvas.render(session.universe, into: &screen, left: frame.left, top: frame.top, settings: settings, overlay: overlay,
                          letters: drawsStateLetters)
        }
        drawHeader(&screen)
        if showsToolbar { drawToolbar(&screen) }
        drawControlBar(&screen)
        if showsHint { drawHint(&screen) }
        switch panel {
        case .help?: drawHelp(&screen)
        case .settings(let selected)?: drawSettings(&screen, selected: selected)
        case .snapshots(let selected)?: drawSnapshots(&screen, selected: selected)
        case .boards(let selected)?: drawBoards(&screen, selected: selected)
        case .output(let title, let lines, let top)?: drawOutput(&screen, title: title, lines: lines, top: top)
        case nil: break
        }
        if let prompt { drawPrompt(&screen, prompt) }
        return screen
    }

    /// The prompt on the bottom row, over the control bar: its label, the line (scrolled to keep
    /// the cursor in view) and the cursor as a reversed cell; a suggestion shown selected is
    /// reversed whole.
    func drawPrompt(_ screen: inout Screen, _ prompt: Prompt) {
        let palette = settings.palette
        let row = rows - 1
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        screen.fill(column: 0, row: row, width: columns, height: 1, with: style)
        var label = style
        label.foreground = palette.accent
        label.bold = true
        let start = screen.put(prompt.label, column: 0, row: row, style: label, limit: columns)
        let room = max(columns - start - 1, 1)
        let characters = prompt.line.characters
        let first = max(prompt.line.cursor - room + 1, 0)
        let visible = String(characters[first..<min(characters.count, first + room)])
        var cursor = style
        cursor.reverse = true
        screen.put(visible, column: start, row: row, style: prompt.selected ? cursor : style, limit: columns)
        let at = start + prompt.line.cursor - first
        let under = prompt.line.cursor < characters.count ? String(characters[prompt.line.cursor]) : " "
        if at < columns { screen.put(under, column: at, row: row, style: cursor) }
    }

    /// Draws a framed box with `title`, filled with the panel colour; returns its inner frame.
    @discardableResult
    func drawBox(_ screen: inout Screen, width: Int, height: Int, title: String) -> (left: Int, top: Int, columns: Int, rows: Int) {
        let palette = settings.palette
        let w = min(width, columns), h = min(height, rows)
        let left = (columns - w) / 2, top = max((rows - h) / 2, 0)
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        screen.fill(column: left, row: top, width: w, height: h, with: style)
        var border = style
        border.foreground = palette.accent
        screen.put("┌" + String(repeating: "─", count: max(w - 2, 0)) + "┐", column: left, row: top, style: border)
        for y in (top + 1)..<(top + h - 1) {
            screen.put("│", column: left, row: y, style: border)
            screen.put("│", column: left + w - 1, row: y, style: border)
        }
        screen.put("└" + String(repeating: "─", count: max(w - 2, 0)) + "┘", column: left, row: top + h - 1, style: border)
        var titleStyle = border
        titleStyle.bold = true
        screen.put(" \(title) ", column: left + 2, row: top, style: titleStyle, limit: left + w - 1)
        return (left + 2, top + 1, w - 4, h - 2)
    }
}
