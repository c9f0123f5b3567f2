// Framing a live area with a 20 % buffer on every side: the test auto-zoom uses to leave the user's
// framing alone, and the framing it moves to when it must.

import HashlifeEngine

extension CanvasScale {
    /// Orders scales from nearest (most detail) to farthest.
    public func isNearer(than other: CanvasScale) -> Bool {
        switch (self, other) {
        case let (.magnified(a), .magnified(b)): a > b
        case (.magnified, _): true
        case (.halfBlocks, .braille): true
        case let (.braille(a), .braille(b)): a < b
        default: false
        }
    }
}

extension Canvas {
    /// Characters kept free on each side: 20 % of the canvas, rounded down (a 10×10 view keeps
    /// its outer 2 rows and columns free).
    public var buffer: (columns: Int, rows: Int) { (columns / 5, rows / 5) }

    /// Whole cells across `n` characters, and cells from the left edge to the first whole cell at
    /// or after character `n`.
    private func wholeCells(_ n: Int, span: Int?, perCharacter: BigUInt?) -> BigUInt {
        if let span { return BigUInt(max(n, 0) / span) }
        return BigUInt(max(n, 0)) * perCharacter!
    }

    private func firstCell(after n: Int, span: Int?, perCharacter: BigUInt?) -> BigUInt {
        if let span { return BigUInt((n + span - 1) / span) }
        return BigUInt(n) * perCharacter!
    }

    /// The cells inside the 20 % buffer.
    public var innerCells: CellRect {
        let (mx, my) = buffer
        let span = characterSpan, per = cellsPerCharacter
        let x = originX + BigInt(firstCell(after: mx, span: span?.across, perCharacter: per?.across))
        let y = originY + BigInt(firstCell(after: my, span: span?.down, perCharacter: per?.down))
        let endX = originX + BigInt(wholeCells(columns - mx, span: span?.across, perCharacter: per?.across))
        let endY = originY + BigInt(wholeCells(rows - my, span: span?.down, perCharacter: per?.down))
        return CellRect(x: x, y: y, width: endX > x ? (endX - x).magnitude : .zero, height: endY > y ? (endY - y).magnitude : .zero)
    }

    /// Does `box` lie inside the buffered area? (On a hexagonal canvas: do its four corner
    /// cells, and so the sheared box between them, lie inside it.)
    public func showsWithBuffer(_ box: CellRect) -> Bool {
        if hexagonal { return cornersInsideBuffer(box) }
        let inner = innerCells
        return box.x >= inner.x && box.y >= inner.y && box.maxX <= inner.maxX && box.maxY <= inner.maxY
    }

    private func cornersInsideBuffer(_ box: CellRect) -> Bool {
        guard !box.width.isZero, !box.height.isZero else { return true }
        let (mx, my) = buffer
        let (w, h) = characterSpan ?? (1, 1)
        let right = box.x + BigInt(box.width) - BigInt(1), bottom = box.y + BigInt(box.height) - BigInt(1)
        for (x, y) in [(box.x, box.y), (right, box.y), (box.x, bottom), (right, bottom)] {
            guard let p = position(ofX: x, y: y), p.column >= mx, p.row >= my,
                  p.column + w <= columns - mx, p.row + h <= rows - my else { return false }
        }
        return true
    }

    /// The width in cells that a box of `width`×`height` cells needs on this canvas: on a
    /// hexagonal one its rows reach half a cell further per row.
    private func shearedWidth(_ width: BigUInt, height: BigUInt) -> BigUInt {
        hexagonal ? width + (height >> 1) : width
    }

    /// This canvas moved and zoomed so that `box` sits centred inside the buffer at the nearest
    /// scale that holds it (never nearer than `nearest`).
    public func fitting(_ box: CellRect, nearest: CanvasScale = .magnified(4)) -> Canvas {
        let boxWidth = shearedWidth(box.width, height: box.height)
        let (mx, my) = buffer
        let innerColumns = max(columns - 2 * mx, 1), innerRows = max(rows - 2 * my, 1)
        var chosen: CanvasScale? = nil
        var candidate = nearest
        // The named scales first; past braille(4) the zoom is computed, not searched.
        while true {
            if case .braille(let z) = candidate, z >= BigUInt(4) { break }
            var probe = self
            probe.scale = candidate
            let across = probe.wholeCells(innerColumns, span: probe.characterSpan?.across, perCharacter: probe.cellsPerCharacter?.across)
            let down = probe.wholeCells(innerRows, span: probe.characterSpan?.down, perCharacter: probe.cellsPerCharacter?.down)
            if boxWidth <= across && box.height <= down { chosen = candidate; break }
            candidate = candidate.zoomedOut
        }
        if chosen == nil {
            let zx = Canvas.ceilDiv(boxWidth, BigUInt(2 * innerColumns)), zy = Canvas.ceilDiv(box.height, BigUInt(4 * innerRows))
            var z = max(zx, zy, BigUInt(4))
            if z > BigUInt(4) {
                var power = BigUInt(8)
                while power < z { power <<= 1 }
                z = power
            }
            chosen = .braille(z)
        }
        var result = self
        result.scale = chosen!
        result.centre(on: box.x + BigInt(box.width >> 1), box.y + BigInt(box.height >> 1))
        // Centring rounds; nudge the view so the box is inside the buffer on every side (a
        // hexagonal canvas's box is a parallelogram about the centre: it is left centred).
        guard !hexagonal else { return result }
        let inner = result.innerCells
        if box.x < inner.x { result.originX -= inner.x - box.x } else if box.maxX > inner.maxX { result.originX += box.maxX - inner.maxX }
        if box.y < inner.y { result.originY -= inner.y - box.y } else if box.maxY > inner.maxY { result.originY += box.maxY - inner.maxY }
        return result
    }

    /// A bounded grid framed whole at the nearest magnified scale that holds it with a one-
    /// character margin (cells square and each addressable by a click), else at 1× centred on it
    /// (the rest is a pan away).
    public func framing(grid box: CellRect) -> Canvas {
        var result = self
        for k in stride(from: 8, through: 1, by: -1) {
            if shearedWidth(box.width, height: box.height) <= BigUInt(max(columns - 2, 1) / (2 * k)) && box.height <= BigUInt(max(rows - 2, 1) / k) {
                result.scale = .magnified(k)
                break
            }
            result.scale = .magnified(1)
        }
        result.centre(on: box.x + BigInt(box.width >> 1), box.y + BigInt(box.height >> 1))
        return result
    }

    static func ceilDiv(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
        let (q, r) = a.quotientAndRemainder(dividingBy: b)
        return r.isZero ? q : q + BigUInt.one
    }
}
