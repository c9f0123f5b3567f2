import HashlifeEngine

extension Viewport {
    /// The viewport of `columns`×`rows` blocks that shows `box` inside its inner 60 %, by the
    /// rule of `Universe.fit` (SPEC §9.6): a 20 % margin (rounded down, in blocks) on every
    /// side, the smallest power-of-two zoom that fits, the box's centre at the centre. For a
    /// box that is not one pattern's bounds: the union of an animation's frames.
    public static func fitting(_ box: CellRect, columns: Int, rows: Int) -> Viewport {
        precondition(columns > 0 && rows > 0, "viewport needs at least one block")
        let innerColumns = max(columns - 2 * (columns / 5), 1), innerRows = max(rows - 2 * (rows / 5), 1)
        var zoom = BigUInt.one
        while BigUInt(innerColumns) * zoom < box.width || BigUInt(innerRows) * zoom < box.height { zoom = zoom << 1 }
        let width = BigInt(BigUInt(columns) * zoom), height = BigInt(BigUInt(rows) * zoom)
        let x = box.x + (BigInt(box.width) >> 1) - (width >> 1)
        let y = box.y + (BigInt(box.height) >> 1) - (height >> 1)
        return Viewport(x: x, y: y, columns: columns, rows: rows, zoom: zoom)
    }

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
