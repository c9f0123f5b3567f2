// GIFRenderer+States.swift — multi-state block rows as GIF frames, one palette index per state.

extension GIFRenderer {
    /// The palette state frames index: index N is state N's colour from `palette` (index 0 the
    /// background), then the grid colour at index `palette.colors.count` when `options` draw
    /// a grid and the rule has fewer than 256 states (with 256 the grid takes the palette's
    /// nearest colour: `stateGridIndex`).
    public static func palette(_ palette: StatePalette, options: RenderOptions) -> [RGB] {
        var colours = palette.colors
        if PNGRenderer.drawsGrid(options) && colours.count < 256 { colours.append(options.gridColor) }
        return colours
    }

    /// The palette index of grid lines in frames of `palette`.
    static func stateGridIndex(_ palette: StatePalette, options: RenderOptions) -> UInt8 {
        if palette.colors.count < 256 { return UInt8(palette.colors.count) }
        func distance(_ c: RGB) -> Int {
            let g = options.gridColor
            let (dr, dg, db) = (Int(c.r) - Int(g.r), Int(c.g) - Int(g.g), Int(c.b) - Int(g.b))
            return dr * dr + dg * dg + db * db
        }
        let nearest = palette.colors.indices.min { distance(palette.colors[$0]) < distance(palette.colors[$1]) }!
        return UInt8(nearest)
    }

    /// The frame's palette indices (`palette(_:options:)`), row by row (precondition:
    /// `canRender`): each block `pixelsPerBlock`² pixels of its state, a state beyond the
    /// palette as its last colour; nil when `rows` was cancelled part way.
    public static func frame(_ rows: inout some StateRows, palette: StatePalette, options: RenderOptions) -> [UInt8]? {
        let last = UInt8(palette.colors.count - 1)
        return indexedFrame(columns: rows.columns, rows: rows.rows, options: options,
                            gridIndex: stateGridIndex(palette, options: options)) { index in
            rows.isCancelled ? nil : rows.checkedRow(index).map { min($0, last) }
        }
    }
}
