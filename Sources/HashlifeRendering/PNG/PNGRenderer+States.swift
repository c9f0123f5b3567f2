// PNGRenderer+States.swift — multi-state block rows as an RGB PNG, streamed.

extension PNGRenderer {
    /// Renders state rows (precondition: `canRender`), each block `options.pixelsPerBlock`²
    /// pixels in its state's colour from `palette` (state 0: `palette.background`), with the
    /// grid of `options` as two-state images draw it. `options.live`, `dead` and `density` are
    /// not used: the palette gives every colour.
    public static func render(_ rows: inout some StateRows, palette: StatePalette, options: RenderOptions, emit: ([UInt8]) -> Void) {
        withoutActuallyEscaping(emit) { emit in drawStates(&rows, palette: palette, options: options, emit: emit) }
    }

    private static func drawStates(_ rows: inout some StateRows, palette: StatePalette, options: RenderOptions,
                                   emit: @escaping ([UInt8]) -> Void) {
        options.checkPixelsPerBlock()
        let columns = rows.columns
        let blockRows = rows.rows
        precondition(
            canRender(columns: columns, rows: blockRows, options: options),
            "a PNG needs 1...\(maxDimension) pixels each way; \(columns)×\(blockRows) blocks at \(options.pixelsPerBlock) px are not")
        let scale = options.pixelsPerBlock
        let width = columns * scale
        let grid = drawsGrid(options)
        let writer = PNGWriter(width: width, height: blockRows * scale, format: .rgb, emit: emit)
        let colors = (0...255).map { palette.color(UInt8($0)) }
        let gridColor = options.gridColor
        var line = [UInt8](repeating: 0, count: 1 + width * 3)
        var gridLine: [UInt8] = [0]
        if grid {
            for _ in 0..<width { gridLine += [gridColor.r, gridColor.g, gridColor.b] }
        }
        let interior = grid ? scale - 1 : scale
        for index in 0..<blockRows where !rows.isCancelled {
            let states = rows.checkedRow(index)
            line.withUnsafeMutableBufferPointer { line in
                var offset = 1
                for state in states {
                    let color = colors[Int(state)]
                    for _ in 0..<interior {
                        line[offset] = color.r
                        line[offset + 1] = color.g
                        line[offset + 2] = color.b
                        offset += 3
                    }
                    if grid {
                        line[offset] = gridColor.r
                        line[offset + 1] = gridColor.g
                        line[offset + 2] = gridColor.b
                        offset += 3
                    }
                }
            }
            for _ in 0..<interior { writer.writeScanline(line) }
            if grid { writer.writeScanline(gridLine) }
        }
        writer.finish()
    }
}
