// A frame: the viewport query of a rectangle at a scale, as compact binary (never gzipped).
//
// Layout (integers little-endian):
//   "HLF1"                      4 bytes, the format
//   bits per block              1 byte: 1 (two states: live or not) or 8 (the block's state)
//   reserved                    3 bytes, 0
//   columns, rows               2 × u32, blocks across and down
//   level                       u32: each block covers 2^level × 2^level cells
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
    /// Each block covers 2^level cells a side.
    public var level: Int
    public var generation: BigUInt
    /// 1 or 8.
    public var bitsPerBlock: Int
    /// Each block's state, row by row (0 or 1 with 1 bit a block).
    public var states: [UInt8]

    /// Most blocks in one frame (a 4K screen has 8.3 million pixels).
    public static let blockLimit = 4096 * 4096
    /// The largest level asked (a block of 2^100000 cells a side).
    public static let levelLimit = 100_000

    public init(x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int, generation: BigUInt, bitsPerBlock: Int, states: [UInt8]) {
        self.x = x
        self.y = y
        self.columns = columns
        self.rows = rows
        self.level = level
        self.generation = generation
        self.bitsPerBlock = bitsPerBlock
        self.states = states
    }

    /// The frame of `universe` for `columns`×`rows` blocks of 2^`level` cells from (`x`, `y`).
    public static func query(_ universe: any LifeUniverse, x: BigInt, y: BigInt, columns: Int, rows: Int, level: Int) -> Frame {
        let viewport = Viewport(x: x, y: y, columns: columns, rows: rows, zoom: BigUInt.one << level)
        var blocks = universe.blocks(of: viewport)
        var states: [UInt8] = []
        states.reserveCapacity(columns * rows)
        for row in 0..<rows { states.append(contentsOf: blocks.row(row)) }
        return Frame(x: x, y: y, columns: columns, rows: rows, level: level, generation: universe.generation,
                     bitsPerBlock: universe.stateCount > 2 ? 8 : 1, states: states)
    }

    /// The frame in the binary layout above.
    public var encoded: [UInt8] {
        var bytes: [UInt8] = Array("HLF1".utf8) + [UInt8(bitsPerBlock), 0, 0, 0]
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
            var i = 0
            for row in 0..<rows {
                let base = row * rowBytes
                for column in 0..<columns {
                    if states[i] != 0 { packed[base + column >> 3] |= 0x80 >> UInt8(column & 7) }
                    i += 1
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
        guard bits == 1 || bits == 8 else { return nil }
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
        return Frame(x: x, y: y, columns: columns, rows: rows, level: level, generation: generation, bitsPerBlock: bits, states: states)
    }
}
