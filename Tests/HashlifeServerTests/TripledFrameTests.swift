import Testing
@testable import HashlifeServer
import HashlifeEngine

/// Frames of blocks 3·2^level cells a side (the page's half zoom steps zoomed out) must hold
/// what the engine's viewport query answers for that zoom: each block's highest state.
struct TripledFrameTests {
    func soup(_ rule: String, seed: UInt64) throws -> any LifeUniverse {
        let universe = try AnyRule.parse(rule).makeUniverse()
        try universe.fillRandomly(CellRect(x: BigInt(-70), y: BigInt(-45), width: BigUInt(400), height: BigUInt(260)),
                                  density: 0.35, seed: seed, state: 1, mode: .or)
        try universe.step(by: BigUInt(29))
        return universe
    }

    /// The viewport query's states, row by row.
    func expected(_ universe: any LifeUniverse, x: BigInt, y: BigInt, columns: Int, rows: Int, zoom: BigUInt) -> [UInt8] {
        var blocks = universe.blocks(of: Viewport(x: x, y: y, columns: columns, rows: rows, zoom: zoom))
        var states: [UInt8] = []
        for row in 0..<rows { states += blocks.row(row) }
        return states
    }

    @Test(arguments: ["B3/S23", "LifeHistory", "345/2/4"])
    func tripledFramesEqualTheViewportQueryAtThreeTimesAPowerOfTwo(rule: String) throws {
        let universe = try soup(rule, seed: 5)
        let phase = Frame.gridPhase(of: universe)
        var shown = 0
        for level in [0, 1, 2, 4] {
            let side = BigInt(3) << level
            // On the engine's grid (as the page asks), across the pattern's corner, and off it.
            for (dx, dy, columns, rows) in [(-5, -3, 41, 29), (2, 1, 17, 150), (0, 0, 1, 1), (-40, -30, 97, 65)] {
                let x = phase.x + BigInt(dx) * side - BigInt(70), y = phase.y + BigInt(dy) * side - BigInt(45)
                let frame = Frame.query(universe, x: x, y: y, columns: columns, rows: rows, level: level, factor: 3)
                let states = expected(universe, x: x, y: y, columns: columns, rows: rows, zoom: BigUInt(3) << level)
                #expect(frame.states == states, "level \(level), \(columns)×\(rows) from (\(x), \(y))")
                #expect(frame.factor == 3 && frame.level == level && frame.columns == columns && frame.rows == rows)
                if states.contains(where: { $0 != 0 }) { shown += 1 }
            }
        }
        #expect(shown >= 12, "frames that show cells: \(shown)")
        if universe.stateCount > 2 {
            let frame = Frame.query(universe, x: BigInt(-70), y: BigInt(-45), columns: 140, rows: 90, level: 0, factor: 3)
            #expect(frame.bitsPerBlock == 8 && (frame.states.max() ?? 0) > 1, "higher states shown")
        }
    }

    @Test func framesTallerThanOneBandEqualTheViewportQuery() throws {
        let universe = try soup("B3/S23", seed: 8)
        // 1,200 columns make bands of 97 rows: 150 rows need two, the second a part.
        let columns = 1200, rows = 150
        #expect(Frame.tripledBlocksPerBand / (9 * columns) < rows)
        let frame = Frame.query(universe, x: BigInt(-1800), y: BigInt(-150), columns: columns, rows: rows, level: 0, factor: 3)
        #expect(frame.states == expected(universe, x: BigInt(-1800), y: BigInt(-150), columns: columns, rows: rows, zoom: BigUInt(3)))
        #expect(frame.states.contains(1))
    }

    @Test func theFactorTravelsInTheBinaryLayout() throws {
        let universe = try soup("B3/S23", seed: 2)
        let frame = Frame.query(universe, x: BigInt(-9), y: BigInt(-3), columns: 30, rows: 20, level: 1, factor: 3)
        let bytes = frame.encoded
        #expect(bytes[5] == 3)
        #expect(Frame.decode(bytes) == frame)
        var other = bytes
        other[5] = 2
        #expect(Frame.decode(other) == nil, "a factor other than 1 or 3 is not a frame")
        #expect(Frame.query(universe, x: BigInt(0), y: BigInt(1), columns: 4, rows: 4, level: 2).encoded[5] == 1)
    }
}
