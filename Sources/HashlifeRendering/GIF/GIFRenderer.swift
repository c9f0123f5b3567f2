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
    ///
    /// Where a block is 7 pixels or more and the rule has icons (`StatePalette.icons`), the
    /// colours of the icons' pixels follow, each once, state by state, while the palette has
    /// room (256 entries); a pixel whose colour found none is drawn in the nearest colour the
    /// palette has.
    public static func palette(_ palette: StatePalette, options: RenderOptions) -> [RGB] {
        Self.palette(palette, options: options, iconPixels: iconPixels(palette, options: options))
    }

    /// `palette(_:options:)` given the icons' pixels (`iconPixels(_:options:)`).
    static func palette(_ palette: StatePalette, options: RenderOptions, iconPixels: [[RGB]]?) -> [RGB] {
        var colours = palette.colors
        if (PNGRenderer.drawsGrid(options) || palette.hasOneLiveState) && colours.count < 256 { colours.append(options.gridColor) }
        guard let iconPixels else { return colours }
        var known = Set(colours)
        for pixel in iconPixels.joined() where colours.count < 256 && known.insert(pixel).inserted {
            colours.append(pixel)
        }
        return colours
    }

    /// Each state's icon (index: the state, 1 ... the palette's last; index 0 empty) as
    /// `PNGRenderer` draws it, `PNGRenderer.iconSide` pixels square; nil where frames of
    /// `palette` at `options`' scale draw no icons (blocks are squares of their colour).
    static func iconPixels(_ palette: StatePalette, options: RenderOptions) -> [[RGB]]? {
        guard options.pixelsPerBlock >= PNGRenderer.minimumIconScale, let icons = palette.icons else { return nil }
        return [[]] + (1..<max(palette.colors.count, 2)).map { state in
            icons.pixels(state: UInt8(state), side: PNGRenderer.iconSide(options), color: palette.color(UInt8(state)),
                         background: palette.background) ?? []
        }
    }

    /// The icons' pixels (`iconPixels(_:options:)`) as indices of `colours`: a colour's own
    /// entry, else the nearest.
    static func iconIndices(_ iconPixels: [[RGB]], colours: [RGB]) -> [[UInt8]] {
        var index: [RGB: UInt8] = [:]
        for (i, colour) in colours.enumerated().reversed() { index[colour] = UInt8(i) }
        func nearest(_ c: RGB) -> UInt8 {
            if let found = index[c] { return found }
            func distance(_ d: RGB) -> Int {
                let (dr, dg, db) = (Int(c.r) - Int(d.r), Int(c.g) - Int(d.g), Int(c.b) - Int(d.b))
                return dr * dr + dg * dg + db * db
            }
            let found = UInt8(colours.indices.min { distance(colours[$0]) < distance(colours[$1]) }!)
            index[c] = found
            return found
        }
        return iconPixels.map { $0.map(nearest) }
    }

    /// What every frame of one palette at one scale shares, worked out once for an animation's
    /// many frames: the GIF's palette (`palette(_:options:)`) and, where icons are drawn, each
    /// state's icon as indices of it.
    public struct FrameStyle {
        public let palette: StatePalette
        public let options: RenderOptions
        /// The GIF's palette, which the frames index.
        public let colours: [RGB]
        /// Each state's icon as indices of `colours`, or nil.
        let icons: [[UInt8]]?

        public init(_ palette: StatePalette, options: RenderOptions) {
            let pixels = GIFRenderer.iconPixels(palette, options: options)
            self.palette = palette
            self.options = options
            let colours = GIFRenderer.palette(palette, options: options, iconPixels: pixels)
            self.colours = colours
            icons = pixels.map { GIFRenderer.iconIndices($0, colours: colours) }
        }
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
        frame(&rows, style: FrameStyle(palette, options: options))
    }

    /// `frame(_:palette:options:)` in `style`'s palette and options, worked out once for many
    /// frames.
    public static func frame(_ rows: inout some BlockRows, style: FrameStyle) -> [UInt8]? {
        let (palette, options) = (style.palette, style.options)
        let last = UInt8(palette.colors.count - 1)
        if let drawn = style.icons {
            return iconFrame(columns: rows.columns, rows: rows.rows, options: options, icons: drawn,
                             gapIndex: PNGRenderer.drawsGrid(options) ? gridIndex(palette, options: options) : 0) { index in
                rows.isCancelled ? nil : rows.checkedStates(index).map { min($0, last) }
            }
        }
        return indexedFrame(columns: rows.columns, rows: rows.rows, options: options,
                            gridIndex: gridIndex(palette, options: options)) { index in
            rows.isCancelled ? nil : rows.checkedStates(index).map { min($0, last) }
        }
    }

    /// The palette indices of a frame of `rowCount` rows of `columns` blocks, row by row
    /// (precondition: `canRender`), each block not in state 0 its state's icon (`icons[state]`,
    /// `PNGRenderer.iconSide` pixels square) and the block's free pixel row and column in
    /// `gapIndex`, as `PNGRenderer.writeIconRows` draws them; nil as soon as `states` returns
    /// nil (cancelled).
    static func iconFrame(columns: Int, rows rowCount: Int, options: RenderOptions, icons: [[UInt8]], gapIndex: UInt8,
                          states: (Int) -> [UInt8]?) -> [UInt8]? {
        options.checkPixelsPerBlock()
        precondition(canRender(columns: columns, rows: rowCount, options: options), "frame too large for a GIF")
        let scale = options.pixelsPerBlock
        let side = PNGRenderer.iconSide(options)
        let width = columns * scale
        var pixels = [UInt8](repeating: 0, count: width * rowCount * scale)
        for index in 0..<rowCount {
            guard let rowStates = states(index) else { return nil }
            for (column, state) in rowStates.enumerated() {
                let icon = icons[Int(state)]
                for dy in 0..<scale {
                    let start = (index * scale + dy) * width + column * scale
                    for dx in 0..<scale {
                        pixels[start + dx] = dx >= side || dy >= side ? gapIndex : state == 0 ? 0 : icon[dy * side + dx]
                    }
                }
            }
        }
        return pixels
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
