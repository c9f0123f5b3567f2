import HashlifeEngine

/// Draws block rows as an SVG, streamed one block row at a time.
///
/// The drawing's user units are blocks (`viewBox="0 0 columns rows"`) and its size is
/// `pixelsPerBlock` pixels per block. A background rect in the palette's background (state
/// 0), then one `<rect>` per run of equally coloured blocks not in state 0 in a row, then, with
/// `grid`, one `<path>` with a line along every block edge, 1 pixel wide on screen whatever
/// the scale. A palette with one live state and no density shading puts every rect in one
/// group of its colour (whole runs merge); with density shading (rows that count their cells)
/// each rect has its shade as its fill; a palette of several live states gives class `sN`
/// state N's colour in a style and each rect its state's class. Where a block is 7 pixels or
/// more and the rule has icons (`StatePalette.icons`), each block not in state 0 is a `<use>`
/// of its state's icon, a `<symbol>` drawn in the pixels `PNGRenderer` draws (the runs of a
/// row's equal pixels as rects, the background's left out) and defined before its first use.
public enum SVGRenderer {
    /// Grid lines per `emit` when writing the grid path.
    static let gridLinesPerEmit = 256

    /// The `<svg>` element's opening tag for `columns` × `rows` blocks of `options.pixelsPerBlock`
    /// pixels each (one user unit a block); traps when the image is too large.
    static func emitOpening(columns: Int, rows blockRows: Int, options: RenderOptions, emit: (String) -> Void) {
        options.checkPixelsPerBlock()
        let scale = options.pixelsPerBlock
        let width = columns.multipliedReportingOverflow(by: scale)
        let height = blockRows.multipliedReportingOverflow(by: scale)
        precondition(!width.overflow && !height.overflow, "image too large")
        emit("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width.partialValue)" height="\(height.partialValue)" \
            viewBox="0 0 \(columns) \(blockRows)" shape-rendering="crispEdges">

            """)
    }

    /// Draws `rows` in `options.live` on `options.dead`.
    public static func render(_ rows: inout some BlockRows, options: RenderOptions, emit: (String) -> Void) {
        render(&rows, palette: StatePalette(options: options), options: options, emit: emit)
    }

    /// Draws `rows` in `palette`'s colours. `options.live` and `dead` are not used: the
    /// palette gives every colour.
    public static func render(_ rows: inout some BlockRows, palette: StatePalette, options: RenderOptions, emit: (String) -> Void) {
        let columns = rows.columns
        let blockRows = rows.rows
        emitOpening(columns: columns, rows: blockRows, options: options, emit: emit)
        let shading = options.density && rows.hasCounts
        let icons = shading || options.pixelsPerBlock < PNGRenderer.minimumIconScale ? nil : palette.icons
        let grouped = !shading && icons == nil && palette.hasOneLiveState
        let classes = !shading && icons == nil && !grouped
        if classes {
            var style = "<style>"
            for state in 1..<palette.colors.count { style += ".s\(state){fill:\(palette.colors[state].hex)}" }
            emit(style + "</style>\n")
        }
        emit("<rect width=\"\(columns)\" height=\"\(blockRows)\" fill=\"\(palette.background.hex)\"/>\n")
        // With one colour for every block not in state 0: one group fill instead of one per rect.
        if grouped { emit("<g fill=\"\(palette.color(1).hex)\">\n") }
        let shader = Shader(dead: palette.background, live: palette.color(1), density: true, blockArea: rows.blockArea)
        var defined = Set<UInt8>()

        for y in 0..<blockRows where !rows.isCancelled {
            var line = ""
            var x = 0
            if shading {
                let counts = rows.checkedCounts(y)
                while x < columns {
                    if counts[x].isZero {
                        x += 1
                        continue
                    }
                    let color = shader.color(counts[x])
                    var end = x + 1
                    while end < columns, !counts[end].isZero, shader.color(counts[end]) == color { end += 1 }
                    line += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(end - x)\" height=\"1\" fill=\"\(color.hex)\"/>\n"
                    x = end
                }
            } else if let icons {
                let states = rows.checkedStates(y)
                for state in states where state != 0 && !defined.contains(state) {
                    defined.insert(state)
                    line += iconSymbol(state: state, icons: icons, palette: palette, options: options)
                }
                for (x, state) in states.enumerated() where state != 0 {
                    line += "<use href=\"#i\(state)\" x=\"\(x)\" y=\"\(y)\" width=\"1\" height=\"1\"/>\n"
                }
            } else {
                let states = rows.checkedStates(y)
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
                    line += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(end - x)\" height=\"1\""
                    line += classes ? " class=\"s\(shown)\"/>\n" : "/>\n"
                    x = end
                }
            }
            if !line.isEmpty { emit(line) }
        }

        if grouped { emit("</g>\n") }
        if options.grid { emitGrid(columns: columns, rows: blockRows, options: options, emit: emit) }
        emit("</svg>\n")
    }

    /// The `<symbol>` of `state`'s icon, `id="iN"`: a block of `pixelsPerBlock` pixels (one
    /// user unit where it is used), the icon's pixels as `PNGRenderer.writeIconRows` draws
    /// them, as one rect per run of equal pixels in a row; pixels in the background's colour
    /// and the free row and column are left to the background rect and the grid.
    static func iconSymbol(state: UInt8, icons: StateIcons, palette: StatePalette, options: RenderOptions) -> String {
        let scale = options.pixelsPerBlock
        let side = PNGRenderer.iconSide(options)
        var symbol = "<symbol id=\"i\(state)\" viewBox=\"0 0 \(scale) \(scale)\">"
        let pixels = icons.pixels(state: state, side: side, color: palette.color(state), background: palette.background) ?? []
        for y in 0..<side {
            var x = 0
            while x < side {
                let color = pixels[y * side + x]
                var end = x + 1
                while end < side, pixels[y * side + end] == color { end += 1 }
                if color != palette.background {
                    symbol += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(end - x)\" height=\"1\" fill=\"\(color.hex)\"/>"
                }
                x = end
            }
        }
        return symbol + "</symbol>\n"
    }

    /// One `<path>` with a line along every block edge, 1 pixel wide on screen whatever the scale.
    static func emitGrid(columns: Int, rows blockRows: Int, options: RenderOptions, emit: (String) -> Void) {
        emit("<path fill=\"none\" stroke=\"\(options.gridColor.hex)\" stroke-width=\"1\" vector-effect=\"non-scaling-stroke\" d=\"")
        // Vertical lines x = 0...columns, then horizontal lines y = 0...rows.
        var part = ""
        var lines = 0
        func add(_ segment: String) {
            part += segment
            lines += 1
            if lines % gridLinesPerEmit == 0 {
                emit(part)
                part = ""
            }
        }
        for x in 0...columns { add("M\(x) 0V\(blockRows)") }
        for y in 0...blockRows { add("M0 \(y)H\(columns)") }
        emit(part + "\"/>\n")
    }
}
