import Testing
@testable import HashlifeEngine

/// Both families keep their root in one frame (Golly's), whatever edits, loads and steps do to
/// it: a root of level L has its top-left at (−2^(L−1), 1 − 2^(L−1)).
@Suite struct RootFrameTests {
    static func expectGollyFrame(_ frame: RootFrame, _ comment: Comment) {
        let corner = RootFrame.corner(level: frame.level)
        #expect(frame.x == corner.x && frame.y == corner.y, comment)
    }

    /// Cells set far out on every side, a glider stepped away, then cleared: the same moves in
    /// both families, the frame checked after each.
    @Test(arguments: ["B3/S23", "23/3/3", "LifeHistory"])
    func everyRootSitsInGollysFrame(rule text: String) throws {
        let rule = try AnyRule.parse(text)
        let universe = rule.makeUniverse(memoryLimit: 64 << 20)
        func frame() -> RootFrame {
            if let two = universe as? Universe { return two.frame }
            return (universe as! MultiStateUniverse).frame
        }
        for (x, y) in [(0, 0), (-1, -1), (37, -5), (-300, 1000), (5, 1)] {
            universe.setState(1, atX: BigInt(x), y: BigInt(y))
            Self.expectGollyFrame(frame(), "after setting (\(x), \(y)) under \(text)")
            #expect(universe.state(atX: BigInt(x), y: BigInt(y)) == 1)
        }
        universe.load(cellStates: [(1, 0, 1), (2, 1, 1), (0, 2, 1), (1, 2, 1), (2, 2, 1)], originX: BigInt(-7), originY: BigInt(3))
        Self.expectGollyFrame(frame(), "after loading a glider under \(text)")
        #expect(universe.population == BigUInt(5))
        try universe.step(by: BigUInt(1000))
        Self.expectGollyFrame(frame(), "after 1000 generations under \(text)")
        universe.clear()
        Self.expectGollyFrame(frame(), "after clearing under \(text)")
    }

    /// The frame's alignment: every square of the tree below the root has its top-left at
    /// x ≡ 0 and y ≡ `alignmentY` modulo its side, so a multi-state write lands where it is asked.
    @Test func multiStateCellsLandWhereTheyAreSetOnEitherSideOfTheAlignment() throws {
        let universe = MultiStateUniverse(rule: try MultiStateRule("23/3/5"))
        let cells: [(Int, Int, UInt8)] = [(0, 0, 1), (0, 1, 2), (3, 4, 3), (4, 5, 4), (-1, -3, 2), (-4, -4, 1), (7, 8, 3)]
        for (x, y, state) in cells { universe.setState(state, atX: BigInt(x), y: BigInt(y)) }
        for (x, y, state) in cells { #expect(universe.state(atX: BigInt(x), y: BigInt(y)) == state, "cell (\(x), \(y))") }
        var listed: [String] = []
        universe.forEachCell(in: nil) { x, y, state in listed.append("\(x),\(y):\(state)") }
        #expect(Set(listed) == Set(cells.map { "\($0.0),\($0.1):\($0.2)" }))
        #expect(universe.population == BigUInt(cells.count))
    }
}
