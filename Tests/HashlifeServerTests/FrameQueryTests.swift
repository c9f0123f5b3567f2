import Testing
@testable import HashlifeServer
import HashlifeEditing
import HashlifeEngine
import HashlifeFormats

/// Frames on the engine's grid come from one walk of the tree (`gridBlockStates`); every
/// frame must hold the states the row-by-row query gives, on the grid or off it.
struct FrameQueryTests {
    /// A soup of `rule` in a 300×200 rectangle from (−40, −25), run `generations` (to spread
    /// higher states in multi-state families).
    func soup(_ rule: String, seed: UInt64, generations: Int) throws -> any LifeUniverse {
        let universe = try AnyRule.parse(rule).makeUniverse()
        try universe.fillRandomly(CellRect(x: BigInt(-40), y: BigInt(-25), width: BigUInt(300), height: BigUInt(200)),
                                  density: 0.4, seed: seed, state: 1, mode: .or)
        try universe.step(by: BigUInt(generations))
        return universe
    }

    /// The Gosper gun run `generations`.
    func gun(_ generations: BigUInt) throws -> any LifeUniverse {
        let session = Session()
        let gun = try #require(ShapeLibrary(folder: nil).pattern(named: "gosper-glider-gun") as LoadedPattern?)
        try session.load(gun, label: "gun")
        try session.goto(generations)
        return session.universe
    }

    /// Checks that the frame of `columns`×`rows` blocks of 2^`level` cells whose top-left block
    /// is `dx`, `dy` blocks from the grid cell at or before (`x`, `y`) comes from the one walk and
    /// equals the row-by-row frame; returns the frame.
    @discardableResult
    func expectOnGridFrame(_ universe: any LifeUniverse, near x: BigInt, _ y: BigInt, dx: Int, dy: Int,
                           columns: Int, rows: Int, level: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Frame {
        let side = BigUInt.one << level
        let phase = Frame.gridPhase(of: universe)
        let left = ((x - phase.x).floorDivided(by: side).quotient + BigInt(dx)) * BigInt(side) + phase.x
        let top = ((y - phase.y).floorDivided(by: side).quotient + BigInt(dy)) * BigInt(side) + phase.y
        var states = [UInt8](repeating: 0, count: columns * rows)
        let walked = universe.gridBlockStates(x: left, y: top, columns: columns, rows: rows, level: level, into: &states)
        #expect(walked, "level \(level) at \(left), \(top) is on the grid", sourceLocation: sourceLocation)
        let slow = Frame.rowByRowQuery(universe, x: left, y: top, columns: columns, rows: rows, level: level)
        let fast = Frame.query(universe, x: left, y: top, columns: columns, rows: rows, level: level)
        // The first block that differs, not the whole arrays.
        let differing = slow.states.indices.first { states.indices.contains($0) && states[$0] != slow.states[$0] }
        #expect(states.count == slow.states.count && differing == nil,
                "level \(level) at \(left), \(top): block \(differing.map { "(\($0 % columns), \($0 / columns)) is \(states[$0]), not \(slow.states[$0])" } ?? "count")",
                sourceLocation: sourceLocation)
        #expect(fast == slow, "level \(level) at \(left), \(top): the frame", sourceLocation: sourceLocation)
        return fast
    }

    @Test(arguments: [("B3/S23", UInt64(1)), ("B36/S23", UInt64(2)), ("LifeHistory", UInt64(3)), ("345/2/4", UInt64(4))])
    func framesOfSoupsOnTheGridEqualTheRowByRowFrames(rule: String, seed: UInt64) throws {
        let universe = try soup(rule, seed: seed, generations: 37)
        let box = try #require(universe.boundingBox)
        var shown = 0
        for level in [0, 1, 2, 3, 4, 5, 7] {
            // Inside the pattern, across its top-left corner, past its bottom-right corner,
            // and wider than the whole of it, in sizes that are not multiples of a leaf.
            for (dx, dy, columns, rows) in [(3, 5, 37, 23), (-9, -4, 61, 19), (0, 0, 8, 8), (-20, -30, 333, 241)] {
                let frame = expectOnGridFrame(universe, near: box.x, box.y, dx: dx, dy: dy, columns: columns, rows: rows, level: level)
                if frame.states.contains(where: { $0 != 0 }) { shown += 1 }
            }
            let right = box.x + BigInt(box.width), bottom = box.y + BigInt(box.height)
            expectOnGridFrame(universe, near: right, bottom, dx: -5, dy: -3, columns: 29, rows: 17, level: level)
            // Entirely outside the pattern.
            let empty = expectOnGridFrame(universe, near: right, bottom, dx: 40, dy: 2, columns: 13, rows: 11, level: level)
            #expect(!empty.states.contains(where: { $0 != 0 }))
        }
        #expect(shown >= 20, "frames that show cells: \(shown)")
        if universe.stateCount > 2 {
            let frame = expectOnGridFrame(universe, near: box.x, box.y, dx: 0, dy: 0, columns: 300, rows: 200, level: 0)
            #expect(frame.bitsPerBlock == 8 && (frame.states.max() ?? 0) > 1, "higher states shown")
        }
    }

    @Test func framesOfTheGunFarOnEqualTheRowByRowFrames() throws {
        let universe = try gun(BigUInt.power(BigUInt(10), 40))
        #expect(universe.rootLevel > 100)
        let box = try #require(universe.boundingBox)
        var fit = 0
        while (box.width >> fit) >= BigUInt(190) || (box.height >> fit) >= BigUInt(100) { fit += 1 }
        for level in [fit, fit - 1, fit - 5, fit + 3] {
            let frame = expectOnGridFrame(universe, near: box.x, box.y, dx: -7, dy: -3, columns: 211, rows: 117, level: level)
            #expect(frame.states.contains(1), "level \(level) shows the stream")
        }
        // At 1:1 and 1:4 around each corner of the bounds: the gun lies at one end of the
        // stream's diagonal and the farthest glider at the other.
        let right = box.x + BigInt(box.width) - BigInt(1), bottom = box.y + BigInt(box.height) - BigInt(1)
        for level in [0, 2] {
            var shown = 0
            for (x, y) in [(box.x, box.y), (right, box.y), (box.x, bottom), (right, bottom)] {
                let frame = expectOnGridFrame(universe, near: x, y, dx: -30, dy: -20, columns: 97, rows: 71, level: level)
                if frame.states.contains(1) { shown += 1 }
            }
            #expect(shown == 2, "level \(level): corners with cells")
        }
        let across = expectOnGridFrame(universe, near: box.x, box.y, dx: -100, dy: -60, columns: 150, rows: 90, level: fit)
        #expect(across.states.contains(1))
    }

    @Test(arguments: ["B3/S23", "LifeHistory"])
    func framesOffTheGridFallBackToTheRowByRowFrames(rule: String) throws {
        let universe = try soup(rule, seed: 9, generations: 11)
        let phase = Frame.gridPhase(of: universe)
        for (level, dx, dy) in [(1, 1, 0), (2, 0, 3), (3, 5, 7), (4, -1, -1)] {
            let x = phase.x + BigInt(dx) - BigInt(10 << level), y = phase.y + BigInt(dy) - BigInt(7 << level)
            var states = [UInt8](repeating: 0, count: 50 * 40)
            #expect(!universe.gridBlockStates(x: x, y: y, columns: 50, rows: 40, level: level, into: &states), "level \(level) off the grid")
            #expect(!states.contains(where: { $0 != 0 }), "nothing written")
            let frame = Frame.query(universe, x: x, y: y, columns: 50, rows: 40, level: level)
            var blocks = universe.blocks(of: Viewport(x: x, y: y, columns: 50, rows: 40, zoom: BigUInt.one << level))
            var expected: [UInt8] = []
            for row in 0..<40 { expected += blocks.row(row) }
            #expect(frame.states == expected, "level \(level)")
            #expect(frame.states.contains(where: { $0 != 0 }), "level \(level) shows cells")
        }
        // Blocks as large as the root: the walk declines, the frame is still right.
        let level = universe.rootLevel
        let side = BigInt(BigUInt.one << level)
        let x = phase.x - side, y = phase.y - side
        var states = [UInt8](repeating: 0, count: 16)
        #expect(!universe.gridBlockStates(x: x, y: y, columns: 4, rows: 4, level: level, into: &states))
        let frame = Frame.query(universe, x: x, y: y, columns: 4, rows: 4, level: level)
        #expect(frame == Frame.rowByRowQuery(universe, x: x, y: y, columns: 4, rows: 4, level: level))
        #expect(frame.states.contains(where: { $0 != 0 }))
    }

    @Test func framesOfAnEmptyUniverseAreEmpty() throws {
        let universe = try AnyRule.parse("LifeHistory").makeUniverse()
        var states = [UInt8](repeating: 0, count: 6)
        #expect(universe.gridBlockStates(x: BigInt(0), y: BigInt(1), columns: 3, rows: 2, level: 1, into: &states))
        #expect(states == [0, 0, 0, 0, 0, 0])
        #expect(Frame.query(universe, x: BigInt(0), y: BigInt(1), columns: 3, rows: 2, level: 1).bitsPerBlock == 8)
    }
}
