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
        let writer = PNGWriter(width: columns * scale, height: blockRows * scale, format: .rgb, emit: emit)
        let colors = (0...255).map { palette.color(UInt8($0)) }
        writeRGBRows(writer, columns: columns, rows: blockRows, options: options) { index in
            rows.isCancelled ? nil : rows.checkedRow(index).map { colors[Int($0)] }
        }
        writer.finish()
    }
}
