import HashlifeEngine

extension Viewport {
    /// A viewport of `columns`×`rows` blocks at `zoom`, centred on `box` (on the origin when
    /// nil): what `view --zoom` shows without `--rect`.
    public static func centred(on box: CellRect?, columns: Int, rows: Int, zoom: BigUInt) -> Viewport {
        let width = BigUInt(columns) * zoom, height = BigUInt(rows) * zoom
        let centreX = box.map { $0.x + BigInt($0.width >> 1) } ?? .zero
        let centreY = box.map { $0.y + BigInt($0.height >> 1) } ?? .zero
        return Viewport(x: centreX - BigInt(width >> 1), y: centreY - BigInt(height >> 1), width: width, height: height, zoom: zoom)
    }
}

extension CellRect {
    /// The smallest rectangle holding both.
    public func union(_ other: CellRect) -> CellRect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(maxX, other.maxX), bottom = max(maxY, other.maxY)
        return CellRect(x: left, y: top, width: (right - left).magnitude, height: (bottom - top).magnitude)
    }
}
