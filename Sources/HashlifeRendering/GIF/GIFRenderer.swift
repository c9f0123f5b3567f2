import HashlifeEngine

/// Draws block rows as GIF frames: each block `pixelsPerBlock`² pixels of its state's palette
/// index (index N: state N's colour, index 0 the background), and with `grid` at
/// `pixelsPerBlock` ≥ 3 the last pixel row and column of every block in the grid's index, as
/// `PNGRenderer` draws them. Density shading is not offered: a frame shows each block's state,
/// as `view --format text` does.
public enum GIFRenderer {
    /// The palette frames in `options.live` on `options.dead` index: dead, live, grid.
    public static func palette(_ options: RenderOptions) -> [RGB] {
        palette(StatePalette(options: options), options: options)
    }

    /// The palette frames of `palette` index: index N is state N's colour (index 0 the
    /// background), then the grid colour at index `palette.colors.count` when `options` draw
    /// a grid and the rule has fewer than 256 states (with 256 the grid takes the palette's
    /// nearest colour: `gridIndex`). A palette of one live state always has the grid's entry:
    /// its frames index dead, live and grid, whatever the options.
    public static func palette(_ palette: StatePalette, options: RenderOptions) -> [RGB] {
        var colours = palette.colors
        if (PNGRenderer.drawsGrid(options) || palette.hasOneLiveState) && colours.count < 256 { colours.append(options.gridColor) }
        return colours
    }

    /// The palette index of grid lines in frames of `palette`.
    static func gridIndex(_ palette: StatePalette, options: RenderOptions) -> UInt8 {
        if palette.colors.count < 256 { return UInt8(palette.colors.count) }
        func distance(_ c: RGB) -> Int {
            let g = options.gridColor
            let (dr, dg, db) = (Int(c.r) - Int(g.r), Int(c.g) - Int(g.g), Int(c.b) - Int(g.b))
            return dr * dr + dg * dg + db * db
        }
        let nearest = palette.colors.indices.min { distance(palette.colors[$0]) < distance(palette.colors[$1]) }!
        return UInt8(nearest)
    }

    /// True when `columns`×`rows` blocks at `options.pixelsPerBlock` fit a GIF (1...65535
    /// pixels each way).
    public static func canRender(columns: Int, rows: Int, options: RenderOptions) -> Bool {
        guard RenderOptions.pixelsPerBlockRange.contains(options.pixelsPerBlock), columns > 0, rows > 0 else { return false }
        let (width, o1) = columns.multipliedReportingOverflow(by: options.pixelsPerBlock)
        let (height, o2) = rows.multipliedReportingOverflow(by: options.pixelsPerBlock)
        return !o1 && !o2 && width <= GIFWriter.maxDimension && height <= GIFWriter.maxDimension
    }

    /// The frame's palette indices in `options.live` on `options.dead` (`palette(_:)`), row
    /// by row (precondition: `canRender`); nil when `rows` was cancelled part way.
    public static func frame(_ rows: inout some BlockRows, options: RenderOptions) -> [UInt8]? {
        frame(&rows, palette: StatePalette(options: options), options: options)
    }

    /// The frame's palette indices (`palette(_:options:)`), row by row (precondition:
    /// `canRender`): each block `pixelsPerBlock`² pixels of its state, a state beyond the
    /// palette as its last colour; nil when `rows` was cancelled part way.
    public static func frame(_ rows: inout some BlockRows, palette: StatePalette, options: RenderOptions) -> [UInt8]? {
        let last = UInt8(palette.colors.count - 1)
        return indexedFrame(columns: rows.columns, rows: rows.rows, options: options,
                            gridIndex: gridIndex(palette, options: options)) { index in
            rows.isCancelled ? nil : rows.checkedStates(index).map { min($0, last) }
        }
    }

    /// The palette indices of a frame of `rowCount` rows of `columns` blocks, row by row
    /// (precondition: `canRender`): each block `pixelsPerBlock`² pixels of the index `indices`
    /// gives it (`columns` of them a row, asked for in order), with the grid of `options` in
    /// `gridIndex`; nil as soon as `indices` returns nil (cancelled).
    static func indexedFrame(columns: Int, rows rowCount: Int, options: RenderOptions, gridIndex: UInt8,
                             indices: (Int) -> [UInt8]?) -> [UInt8]? {
        options.checkPixelsPerBlock()
        precondition(canRender(columns: columns, rows: rowCount, options: options), "frame too large for a GIF")
        let scale = options.pixelsPerBlock
        let width = columns * scale
        let grid = PNGRenderer.drawsGrid(options)
        let interior = grid ? scale - 1 : scale
        var pixels = [UInt8](repeating: 0, count: width * rowCount * scale)
        var line = [UInt8](repeating: 0, count: width)
        for index in 0..<rowCount {
            guard let values = indices(index) else { return nil }
            line.withUnsafeMutableBufferPointer { line in
                var x = 0
                for value in values {
                    for _ in 0..<interior {
                        line[x] = value
                        x += 1
                    }
                    if grid {
                        line[x] = gridIndex
                        x += 1
                    }
                }
            }
            let top = index * scale * width
            pixels.withUnsafeMutableBufferPointer { pixels in
                for dy in 0..<scale {
                    let start = top + dy * width
                    if grid && dy == scale - 1 {
                        for x in 0..<width { pixels[start + x] = gridIndex }
                    } else {
                        line.withUnsafeBufferPointer { line in
                            _ = UnsafeMutableBufferPointer(rebasing: pixels[start..<start + width]).initialize(from: line)
                        }
                    }
                }
            }
        }
        return pixels
    }
}
