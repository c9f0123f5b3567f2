import HashlifeEngine

/// Draws block rows as an SVG, streamed one block row at a time.
///
/// The drawing's user units are blocks (`viewBox="0 0 columns rows"`) and its size is
/// `pixelsPerBlock` pixels per block. A background rect in `dead`, then one `<rect>` per run of
/// equally coloured live blocks in a row (all live blocks share `live` without density, so
/// whole runs merge), then, with `grid`, one `<path>` with a line along every block edge, 1
/// pixel wide on screen whatever the scale.
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

    public static func render(_ rows: inout some BlockRows, options: RenderOptions, emit: (String) -> Void) {
        let columns = rows.columns
        let blockRows = rows.rows
        emitOpening(columns: columns, rows: blockRows, options: options, emit: emit)
        let shader = Shader(options: options, blockArea: rows.blockArea)
        emit("<rect width=\"\(columns)\" height=\"\(blockRows)\" fill=\"\(options.dead.hex)\"/>\n")
        // Without density every live block is `live`: one group fill instead of one per rect.
        if !options.density { emit("<g fill=\"\(options.live.hex)\">\n") }

        for y in 0..<blockRows where !rows.isCancelled {
            let counts = rows.checkedRow(y)
            var line = ""
            var x = 0
            while x < columns {
                if counts[x].isZero {
                    x += 1
                    continue
                }
                let color = shader.color(counts[x])
                var end = x + 1
                while end < columns, !counts[end].isZero, shader.color(counts[end]) == color { end += 1 }
                line += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(end - x)\" height=\"1\""
                line += options.density ? " fill=\"\(color.hex)\"/>\n" : "/>\n"
                x = end
            }
            if !line.isEmpty { emit(line) }
        }

        if !options.density { emit("</g>\n") }
        if options.grid { emitGrid(columns: columns, rows: blockRows, options: options, emit: emit) }
        emit("</svg>\n")
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
