// Frames of blocks 3·2^level cells a side: the zoom steps between the powers of two, zoomed out
// (a pixel for 3×3, 6×6, 12×12 … cells), as the page's half steps zoomed in are cells of 3, 6,
// 12 … pixels.

import HashlifeEngine

extension Frame {
    /// Output rows of a tripled frame asked of the engine at once: the band's blocks of
    /// 2^level cells (nine per output block) stay near a million, whatever the frame's width.
    static let tripledBlocksPerBand = 1 << 20

    /// The frame of `universe` for `columns`×`rows` blocks of `factor`·2^`level` cells from
    /// (`x`, `y`). With `factor` 1 it is `query(_:x:y:columns:rows:level:)`. With 3 each block
    /// holds the highest state of the 3×3 blocks of 2^`level` cells it covers, which is what
    /// the engine's viewport query (`blocks(of:)`) answers for a zoom of 3·2^`level`; the
    /// blocks of 2^`level` come from `query` in bands of rows, so a frame on the engine's grid
    /// (`gridPhase`, which 3·2^`level` steps keep) is still drawn by walking the tree.
    /// - Precondition: `factor` is 1 or 3.
    public static func query(_ universe: any LifeUniverse, x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int,
                             factor: Int) -> Frame {
        precondition(factor == 1 || factor == 3, "a frame's blocks are 2^level or 3·2^level cells a side")
        if factor == 1 { return query(universe, x: x, y: y, columns: columns, rows: rows, level: level) }
        var states = [UInt8](repeating: 0, count: columns * rows)
        let bandRows = max(1, tripledBlocksPerBand / max(1, 9 * columns))
        var row = 0
        var bits = universe.stateCount > 2 ? 8 : 1
        while row < rows {
            let count = min(bandRows, rows - row)
            let band = query(universe, x: x, y: y + (BigInt(3 * row) << level), columns: 3 * columns, rows: 3 * count,
                             level: level)
            bits = band.bitsPerBlock
            band.states.withUnsafeBufferPointer { fine in
                states.withUnsafeMutableBufferPointer { coarse in
                    Frame.reduceByThree(fine, rows: count, columns: columns, into: coarse, from: row * columns)
                }
            }
            row += count
        }
        return Frame(x: x, y: y, columns: columns, rows: rows, level: level, generation: universe.generation,
                     bitsPerBlock: bits, states: states, factor: 3)
    }

    /// Writes the highest state of each 3×3 of `fine` (3·`rows` rows of 3·`columns`) into
    /// `coarse`, `rows` rows of `columns` from index `start`: the three rows' highest first, 16
    /// bytes at a time, then each three of those.
    private static func reduceByThree(_ fine: UnsafeBufferPointer<UInt8>, rows: Int, columns: Int,
                                      into coarse: UnsafeMutableBufferPointer<UInt8>, from start: Int) {
        let width = 3 * columns
        guard width > 0, rows > 0, let source = fine.baseAddress, let output = coarse.baseAddress else { return }
        var highest = [UInt8](repeating: 0, count: width)
        highest.withUnsafeMutableBufferPointer { highest in
            let column = highest.baseAddress!
            for row in 0..<rows {
                let a = source + 3 * row * width, b = a + width, c = b + width
                var i = 0
                while i + 16 <= width {
                    let va = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    let vb = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    let vc = UnsafeRawPointer(c + i).loadUnaligned(as: SIMD16<UInt8>.self)
                    UnsafeMutableRawPointer(column + i).storeBytes(of: pointwiseMax(va, pointwiseMax(vb, vc)), as: SIMD16<UInt8>.self)
                    i += 16
                }
                while i < width { column[i] = max(a[i], max(b[i], c[i])); i += 1 }
                let target = output + start + row * columns
                for x in 0..<columns { target[x] = max(column[3 * x], max(column[3 * x + 1], column[3 * x + 2])) }
            }
        }
    }
}
