// The edit toolbar: ten classic patterns and the user's shapes, each with its key
// (1-9, 0) and a one-line preview; it pushes the canvas right.

extension App {
    func drawToolbar(_ screen: inout Screen) {
        let palette = settings.palette
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        let width = App.toolbarColumns - 1
        screen.fill(column: 0, row: App.headerRows, width: width, height: rows - App.headerRows - 1, with: style)
        var divider = style
        divider.foreground = palette.grid
        divider.background = palette.background
        for row in App.headerRows..<(rows - 1) { screen.put("│", column: width, row: row, style: divider) }
        var title = style
        title.bold = true
        screen.put(" Patterns", column: 0, row: App.headerRows, style: title, limit: width)
        var key = style
        key.foreground = palette.accent
        var preview = style
        preview.foreground = palette.live
        let active: String? = if case .stamp(let stamp) = mode { stamp.name } else { nil }
        for (index, row, height) in toolbarLayout {
            let item = toolbar[index]
            var name = style
            if item.name == active { name.reverse = true }
            let label = index < 10 ? String(index == 9 ? 0 : index + 1) : " "
            screen.put(label, column: 0, row: row, style: key)
            screen.put(" " + item.name, column: 1, row: row, style: name, limit: width)
            if height > 1 { screen.put(" " + item.preview, column: 0, row: row + 1, style: preview, limit: width) }
        }
    }
}
