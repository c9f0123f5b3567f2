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

extension Viewport {
    /// The picture of `box` with a 20 % margin, cropped to them: what `view --fit` draws
    /// without `--size`. On each axis it has the blocks the box needs at `zoom` plus a third of
    /// them (rounded up, so at least one block) free on both sides, which keeps the box within
    /// the picture's inner 60 %: a glider at zoom 1 is 5×5. A side never exceeds `columns`
    /// (`rows`); one that would is that long, with the margin `fitting` keeps. Without `zoom`,
    /// the zoom is `fitting`'s within `columns`×`rows`: 1 when the box fits at all, else the
    /// smallest power of two that does. The box's centre is at the centre, as `centred` puts it.
    public static func cropped(to box: CellRect, columns: Int, rows: Int, zoom: BigUInt? = nil) -> Viewport {
        precondition(columns > 0 && rows > 0, "viewport needs at least one block")
        let zoom = zoom ?? fitting(box, columns: columns, rows: rows).zoom
        func side(_ cells: BigUInt, limit: Int) -> Int {
            let (quotient, remainder) = cells.quotientAndRemainder(dividingBy: zoom)
            let blocks = remainder.isZero ? quotient : quotient + .one
            guard let needed = blocks.intValue, needed < limit else { return limit }
            return min(needed + 2 * ((max(needed, 1) + 2) / 3), limit)
        }
        return centred(on: box, columns: side(box.width, limit: columns), rows: side(box.height, limit: rows), zoom: zoom)
    }
}
