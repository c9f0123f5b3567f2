// SVGRenderer+States.swift — multi-state block rows as an SVG, streamed one row at a time.

extension SVGRenderer {
    /// Draws state rows as an SVG: a background rect in `palette.background` (state 0), a
    /// style giving class `sN` state N's colour, then one `<rect>` per run of equal non-zero
    /// states in a row, then the grid of `options` as two-state drawings have it.
    /// `options.live`, `dead` and `density` are not used: the palette gives every colour.
    public static func render(_ rows: inout some StateRows, palette: StatePalette, options: RenderOptions, emit: (String) -> Void) {
        let columns = rows.columns
        let blockRows = rows.rows
        emitOpening(columns: columns, rows: blockRows, options: options, emit: emit)
        var style = "<style>"
        for state in 1..<palette.colors.count { style += ".s\(state){fill:\(palette.colors[state].hex)}" }
        emit(style + "</style>\n")
        emit("<rect width=\"\(columns)\" height=\"\(blockRows)\" fill=\"\(palette.background.hex)\"/>\n")
        for y in 0..<blockRows where !rows.isCancelled {
            let states = rows.checkedRow(y)
            var line = ""
            var x = 0
            while x < columns {
                let state = states[x]
                if state == 0 {
                    x += 1
                    continue
                }
                var end = x + 1
                while end < columns, states[end] == state { end += 1 }
                // A state beyond the palette shows as its last colour, as `StatePalette.color` has it.
                let shown = min(Int(state), palette.colors.count - 1)
                line += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(end - x)\" height=\"1\" class=\"s\(shown)\"/>\n"
                x = end
            }
            if !line.isEmpty { emit(line) }
        }
        if options.grid { emitGrid(columns: columns, rows: blockRows, options: options, emit: emit) }
        emit("</svg>\n")
    }
}
