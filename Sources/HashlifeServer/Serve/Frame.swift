// A frame: the viewport query of a rectangle at a scale, as compact binary (never gzipped).
//
// Layout (integers little-endian):
//   "HLF1"                      4 bytes, the format
//   bits per block              1 byte: 1 (two states: live or not) or 8 (the block's state)
//   factor                      1 byte: 1, or 3 for blocks of 3·2^level cells a side
//   reserved                    2 bytes, 0
//   columns, rows               2 × u32, blocks across and down
//   level                       u32: each block covers factor·2^level × factor·2^level cells
//   x, y, generation            each a u16 length and that many ASCII bytes: decimal digits
//                               with an optional '-' (the top-left cell, and the generation)
//   blocks                      row by row; with 1 bit a block, each row starts on a byte and
//                               its blocks fill bytes from the high bit down

import HashlifeEngine

/// A viewport query's answer as the page reads it.
public struct Frame: Equatable, Sendable {
    public var x: BigInt
    public var y: BigInt
    public var columns: Int
    public var rows: Int
    /// Each block covers `factor`·2^level cells a side.
    public var level: Int
    /// 1, or 3: each block then shows the highest state of 3×3 blocks of 2^level cells
    /// (`query(_:x:y:columns:rows:level:factor:)`), the zoom steps between powers of two.
    public var factor: Int
    public var generation: BigUInt
    /// 1 or 8.
    public var bitsPerBlock: Int
    /// Each block's state, row by row (0 or 1 with 1 bit a block).
    public var states: [UInt8]

    /// Most blocks in one frame (a 4K screen has 8.3 million pixels).
    public static let blockLimit = 4096 * 4096
    /// The largest level asked (a block of 2^100000 cells a side).
    public static let levelLimit = 100_000

    public init(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, generation: BigUInt, bitsPerBlock: Int, states: [UInt8],
                factor: Int = 1) {
        self.factor = factor
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
        self.level = level
        self.generation = generation
        self.bitsPerBlock = bitsPerBlock
        self.states = states
    }

    /// The frame of `universe` for `columns`×`rows` blocks of 2^`level` cells from (`x`, `y`):
    /// each block's state as the engine's viewport query (`blocks(of:)`) gives it. A frame on
    /// the engine's grid (`gridPhase`) is drawn in one walk of the tree
    /// (`LifeUniverse.gridBlockStates`); any other, or a family without a tree, is asked row by
    /// row (`rowByRowQuery`), with the same states.
    public static func query(_ universe: any LifeUniverse, x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int) -> Frame {
        var states = [UInt8](repeating: 0, count: columns * rows)
        if universe.gridBlockStates(x: x, y: y, columns: columns, rows: rows, level: level, into: &states) {
            return Frame(x: x, y: y, columns: columns, rows: rows, level: level, generation: universe.generation,
                         bitsPerBlock: universe.stateCount > 2 ? 8 : 1, states: states)
        }
        return rowByRowQuery(universe, x: x, y: y, columns: columns, rows: rows, level: level)
    }

    /// The frame `query` gives, asked row by row: the engine's viewport query (`blocks(of:)`)
    /// of the blocks the pattern's bounding box touches (whole blocks of the same grid; the
    /// others are empty). At 1:1 the live cells of that rectangle are listed instead
    /// (`forEachCellOffset`): the same states, faster than counting each cell's block. Any
    /// frame, on the grid or off it.
    public static func rowByRowQuery(_ universe: any LifeUniverse, x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int) -> Frame {
        var states = [UInt8](repeating: 0, count: columns * rows)
        if columns > 0, rows > 0, let box = universe.boundingBox, let part = blockRange(of: box, x: x, y: y, columns: columns, rows: rows, level: level) {
            if level == 0 {
                let rect = CellRect(x: x + BigInt(part.left), y: y + BigInt(part.top),
                                    width: BigUInt(part.right - part.left), height: BigUInt(part.bottom - part.top))
                states.withUnsafeMutableBufferPointer { buffer in
                    universe.forEachCellOffset(in: rect) { dx, dy, state in
                        buffer[(part.top + dy) * columns + part.left + dx] = state
                    }
                }
            } else {
                let zoom = BigUInt.one << level
                let viewport = Viewport(x: x + BigInt(part.left) * BigInt(zoom), y: y + BigInt(part.top) * BigInt(zoom),
                                        columns: part.right - part.left, rows: part.bottom - part.top, zoom: zoom)
                var blocks = universe.blocks(of: viewport)
                states.withUnsafeMutableBufferPointer { buffer in
                    for row in 0..<viewport.rows {
                        let values = blocks.row(row)
                        let base = (part.top + row) * columns + part.left
                        for i in 0..<values.count { buffer[base + i] = values[i] }
                    }
                }
            }
        }
        return Frame(x: x, y: y, columns: columns, rows: rows, level: level, generation: universe.generation,
                     bitsPerBlock: universe.stateCount > 2 ? 8 : 1, states: states)
    }

    /// Where the engine's tree puts its nodes' corners: every node of side 2^k has its
    /// top-left at x ≡ `phase.x`, y ≡ `phase.y` (mod 2^k). A frame whose top-left is there
    /// too has every block on one node, and the engine draws it in one walk of the tree
    /// (`LifeUniverse.gridBlockStates`); a frame off that grid is asked row by row, recounting
    /// the nodes each block row cuts, down to small ones (for a tree hundreds of levels deep,
    /// thousands of times slower). The universe says where its grid
    /// lies (`LifeUniverse.blockAlignment`), and the page asks its frames on it.
    public static func gridPhase(of universe: any LifeUniverse) -> (x: BigInt, y: BigInt) {
        (BigInt(universe.blockAlignment.x), BigInt(universe.blockAlignment.y))
    }

    /// The blocks (columns `left..<right`, rows `top..<bottom`) of the grid from (`x`, `y`) that
    /// `box` touches, within `columns`×`rows`; nil when none.
    static func blockRange(of box: CellRect, x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int)
        -> (left: Int, right: Int, top: Int, bottom: Int)? {
        let zoom = BigUInt.one << level
        func span(_ start: BigInt, _ length: BigUInt, _ origin: BigInt, _ count: Int) -> (Int, Int)? {
            let first = (start - origin).floorDivided(by: zoom).quotient
            let last = (start + BigInt(length) - BigInt(1) - origin).floorDivided(by: zoom).quotient
            guard last >= BigInt(0), first < BigInt(count) else { return nil }
            let lower = first < BigInt(0) ? 0 : first.intValue!
            let upper = last >= BigInt(count) ? count : last.intValue! + 1
            return (lower, upper)
        }
        guard let (left, right) = span(box.x, box.width, x, columns), let (top, bottom) = span(box.y, box.height, y, rows) else { return nil }
        return (left, right, top, bottom)
    }

    /// The frame in the binary layout above.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = Array("HLF1".utf8) + [UInt8(bitsPerBlock), UInt8(factor), 0, 0]
        func u32(_ value: Int) { for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) } }
        func text(_ value: String) {
            let utf8 = Array(value.utf8)
            bytes.append(UInt8(utf8.count & 0xFF))
            bytes.append(UInt8(utf8.count >> 8))
            bytes += utf8
        }
        u32(columns); u32(rows); u32(level)
        text(x.description); text(y.description); text(generation.description)
        if bitsPerBlock == 8 {
            bytes += states
        } else {
            let rowBytes = (columns + 7) / 8
            var packed = [UInt8](repeating: 0, count: rowBytes * rows)
            states.withUnsafeBytes { source in
                packed.withUnsafeMutableBufferPointer { target in
                    for row in 0..<rows {
                        let from = row * columns, to = row * rowBytes
                        var column = 0
                        // Eight states (each 0 or 1) at once: the multiplication gathers each
                        // byte's low bit, the first state's into the high bit.
                        while column + 8 <= columns {
                            let word = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: from + column, as: UInt64.self))
                            target[to + column >> 3] = UInt8(truncatingIfNeeded: (word &* 0x8040_2010_0804_0201) >> 56)
                            column += 8
                        }
                        var byte: UInt8 = 0
                        for c in column..<columns where source[from + c] != 0 { byte |= 0x80 >> UInt8(c - column) }
                        if column < columns { target[to + column >> 3] = byte }
                    }
                }
            }
            bytes += packed
        }
        return bytes
    }

    /// Reads a frame in the binary layout; nil when it is not one.
    public static func decode(_ bytes: [UInt8]) -> Frame? {
        guard bytes.count >= 20, Array(bytes[0..<4]) == Array("HLF1".utf8) else { return nil }
        let bits = Int(bytes[4])
        let factor = Int(bytes[5])
        guard bits == 1 || bits == 8, factor == 1 || factor == 3 else { return nil }
        var offset = 8
        func u32() -> Int? {
            guard offset + 4 <= bytes.count else { return nil }
            defer { offset += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        func text() -> String? {
            guard offset + 2 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
            offset += 2
            guard offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
        }
        guard let columns = u32(), let rows = u32(), let level = u32(), let xs = text(), let ys = text(), let gs = text(),
              let x = BigInt(decimal: Substring(xs)), let y = BigInt(decimal: Substring(ys)), let generation = BigUInt(decimal: Substring(gs)) else { return nil }
        var states: [UInt8] = []
        if bits == 8 {
            guard bytes.count - offset == columns * rows else { return nil }
            states = Array(bytes[offset...])
        } else {
            let rowBytes = (columns + 7) / 8
            guard bytes.count - offset == rowBytes * rows else { return nil }
            for row in 0..<rows {
                for column in 0..<columns {
                    states.append(bytes[offset + row * rowBytes + column >> 3] & (0x80 >> UInt8(column & 7)) != 0 ? 1 : 0)
                }
            }
        }
        return Frame(x: x, y: y, columns: columns, rows: rows, level: level, generation: generation, bitsPerBlock: bits, states: states,
                     factor: factor)
    }
}
