import HashlifeEngine
import HashlifeRendering
import Testing

@Suite struct FittingTests {
    @Test func aSmallPatternGetsASmallPicture() {
        // The glider's 3×3 box and one free block on every side, at zoom 1, whatever the limit.
        let glider = CellRect(x: 0, y: 0, width: 3, height: 3)
        for limit in [(80, 24), (512, 512), (5, 5)] {
            let viewport = Viewport.cropped(to: glider, columns: limit.0, rows: limit.1)
            #expect(viewport == Viewport(x: BigInt(-1), y: BigInt(-1), columns: 5, rows: 5, zoom: .one), "\(limit)")
        }
        // A single cell: one block free on each side.
        #expect(Viewport.cropped(to: CellRect(x: 7, y: -2, width: 1, height: 1), columns: 512, rows: 512)
            == Viewport(x: BigInt(6), y: BigInt(-3), columns: 3, rows: 3, zoom: .one))
        // A wide box: each side on its own (30 + 2×10 by 6 + 2×2).
        #expect(Viewport.cropped(to: CellRect(x: 0, y: 0, width: 30, height: 6), columns: 512, rows: 512)
            == Viewport(x: BigInt(-10), y: BigInt(-2), columns: 50, rows: 10, zoom: .one))
    }

    @Test func aLargePatternIsZoomedOutToTheLimitAndStillCropped() {
        // 100×100 cells do not fit 160×160 blocks with the margin at zoom 1 (inner 96), so zoom 2:
        // 50 blocks, and 17 free on each side.
        let box = CellRect(x: 0, y: 0, width: 100, height: 100)
        let viewport = Viewport.cropped(to: box, columns: 160, rows: 160)
        #expect(viewport.zoom == BigUInt(2) && viewport.columns == 84 && viewport.rows == 84)
        #expect(viewport.zoom == Viewport.fitting(box, columns: 160, rows: 160).zoom)
        // A side the margin would take past the limit is the limit, with fitting's margin.
        // (307 cells fit the inner 308 of 512 at zoom 1; with a third free on each side, 513.)
        let tight = Viewport.cropped(to: CellRect(x: 0, y: 0, width: 307, height: 4), columns: 512, rows: 512)
        #expect(tight.zoom == .one && tight.columns == 512 && tight.rows == 8)
        // A fixed zoom too large for the limit: the limit, centred on the box.
        let fixed = Viewport.cropped(to: CellRect(x: 0, y: 0, width: 1000, height: 10), columns: 100, rows: 100, zoom: .one)
        #expect(fixed == Viewport.centred(on: CellRect(x: 0, y: 0, width: 1000, height: 10), columns: 100, rows: 18, zoom: .one))
    }

    @Test func everyCroppedPictureHoldsItsBoxInsideTheMargin() {
        for width in [1, 2, 3, 4, 5, 7, 10, 33, 99, 100, 307, 1000, 5000] {
            for height in [1, 3, 8, 250, 4096] {
                for limit in [(80, 24), (512, 512), (7, 300)] {
                    let box = CellRect(x: BigInt(-width), y: BigInt(17), width: BigUInt(width), height: BigUInt(height))
                    let viewport = Viewport.cropped(to: box, columns: limit.0, rows: limit.1)
                    let fitted = Viewport.fitting(box, columns: limit.0, rows: limit.1)
                    #expect(viewport.zoom == fitted.zoom)
                    #expect(viewport.columns <= limit.0 && viewport.rows <= limit.1)
                    // The box lies inside, at least a fifth of each side (rounded down) from
                    // the edges.
                    let zoom = BigInt(viewport.zoom)
                    let marginX = BigInt(viewport.columns / 5) * zoom, marginY = BigInt(viewport.rows / 5) * zoom
                    let right = viewport.x + BigInt(viewport.columns) * zoom, bottom = viewport.y + BigInt(viewport.rows) * zoom
                    #expect(box.x - viewport.x >= marginX && right - (box.x + BigInt(box.width)) >= marginX, "\(width)x\(height) in \(limit)")
                    #expect(box.y - viewport.y >= marginY && bottom - (box.y + BigInt(box.height)) >= marginY, "\(width)x\(height) in \(limit)")
                }
            }
        }
    }
}
