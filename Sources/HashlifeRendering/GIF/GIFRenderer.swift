import HashlifeEngine

/// Draws block rows as GIF frames: each block `pixelsPerBlock`² pixels of palette index 0
/// (`dead`) or 1 (`live`), and with `grid` at `pixelsPerBlock` ≥ 3 the last pixel row and
/// column of every block in index 2 (`gridColor`), as `PNGRenderer` draws them. Density
/// shading is not offered: a frame is live or dead per block, as `view --format text` shows it.
public enum GIFRenderer {
    /// The palette frames index: dead, live, grid.
    public static func palette(_ options: RenderOptions) -> [RGB] {
        [options.dead, options.live, options.gridColor]
    }

    /// True when `columns`×`rows` blocks at `options.pixelsPerBlock` fit a GIF (1...65535
    /// pixels each way).
    public static func canRender(columns: Int, rows: Int, options: RenderOptions) -> Bool {
        guard RenderOptions.pixelsPerBlockRange.contains(options.pixelsPerBlock), columns > 0, rows > 0 else { return false }
        let (width, o1) = columns.multipliedReportingOverflow(by: options.pixelsPerBlock)
        let (height, o2) = rows.multipliedReportingOverflow(by: options.pixelsPerBlock)
        return !o1 && !o2 && width <= GIFWriter.maxDimension && height <= GIFWriter.maxDimension
    }

    /// The frame's palette indices, row by row (precondition: `canRender`); nil when `rows`
    /// was cancelled part way.
    public static func frame(_ rows: inout some BlockRows, options: RenderOptions) -> [UInt8]? {
        indexedFrame(columns: rows.columns, rows: rows.rows, options: options, gridIndex: 2) { index in
            rows.isCancelled ? nil : rows.checkedRow(index).map { $0.isZero ? 0 : 1 }
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
