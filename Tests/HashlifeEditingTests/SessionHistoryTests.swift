import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeTestSupport

/// The session's one history of edits and steps: undo, redo, going back in time, snapshots.
@Suite struct SessionHistoryTests {
    /// A session holding the shipped glider.
    func gliderSession() throws -> Session {
        let session = Session(columns: 20, rows: 10)
        try session.load(path: Fixtures.pattern("glider.rle"))
        return session
    }

    /// The cells of `universe` in a window around the origin, as a set.
    func cells(_ universe: any LifeUniverse, size: Int = 120) -> Set<[Int]> {
        var found = Set<[Int]>()
        for y in -10..<size { for x in -10..<size where universe.state(atX: BigInt(x), y: BigInt(y)) != 0 { found.insert([x, y]) } }
        return found
    }

    /// The glider alone at `generation`, computed afresh.
    func gliderAlone(at generation: Int) -> Set<[Int]> {
        let universe = Fixtures.universe("glider.rle")
        universe.step(by: BigUInt(generation))
        return cells(universe)
    }

    /// A block (still) at (100, 100), plus the glider alone at `generation`.
    func gliderAndBlock(at generation: Int) -> Set<[Int]> {
        gliderAlone(at: generation).union([[100, 100], [101, 100], [100, 101], [101, 101]])
    }

    func addBlock(_ session: Session) {
        for (x, y) in [(100, 100), (101, 100), (100, 101), (101, 101)] { session.setCell(x: BigInt(x), y: BigInt(y), alive: true) }
    }

    @Test func gotoBackKeepsEditsMadeBeforeTheTargetAndDropsLaterOnes() throws {
        let session = try gliderSession()
        try session.step(BigUInt(4))
        addBlock(session)                       // an edit at generation 4
        try session.step(BigUInt(4))            // generation 8
        try session.goto(BigUInt(6))
        #expect(cells(session.universe) == gliderAndBlock(at: 6), "the edit at 4 is kept going back to 6")
        try session.goto(BigUInt(2))
        #expect(cells(session.universe) == gliderAlone(at: 2), "going back before the edit undoes it")
        // A new line of changes from generation 2: no edit on it, so nothing reappears.
        try session.step(BigUInt(10))
        #expect(cells(session.universe) == gliderAlone(at: 12))
        try session.goto(BigUInt(7))
        #expect(cells(session.universe) == gliderAlone(at: 7), "the newest line of changes is the one searched")
    }

    @Test func undoAndRedoCoverEditsAndSteps() throws {
        let session = try gliderSession()
        var seen: [(BigUInt, Set<[Int]>)] = [(session.universe.generation, cells(session.universe))]
        try session.step(BigUInt(3)); seen.append((session.universe.generation, cells(session.universe)))
        addBlock(session); seen.append((session.universe.generation, cells(session.universe)))
        try session.step(BigUInt(5)); seen.append((session.universe.generation, cells(session.universe)))
        session.toggleCell(x: BigInt(100), y: BigInt(100)); seen.append((session.universe.generation, cells(session.universe)))
        session.clear(); seen.append((session.universe.generation, cells(session.universe)))
        #expect(session.undoHistory.count == 8, "two steps, four sets, a toggle and a clear: \(session.undoHistory.map(\.description))")
        // Undo everything, one entry at a time, checking each state on the way back.
        var states: [(BigUInt, Set<[Int]>)] = []
        while !session.undoHistory.isEmpty {
            try session.undo()
            states.append((session.universe.generation, cells(session.universe)))
        }
        #expect(states.last!.0 == seen.first!.0 && states.last!.1 == seen.first!.1, "undoing everything returns to the loaded glider")
        #expect(states.contains { $0.0 == seen[2].0 && $0.1 == seen[2].1 }, "the state after the block was added is passed on the way back")
        #expect(throws: SessionError.self) { try session.undo() }
        try session.redo(100)
        #expect(session.universe.generation == seen.last!.0 && cells(session.universe) == seen.last!.1)
        #expect(throws: SessionError.self) { try session.redo() }
        // A new change after an undo clears what could be redone.
        try session.undo(2)
        session.setCell(x: BigInt(5), y: BigInt(5), alive: true)
        #expect(session.redoHistory.isEmpty)
    }

    @Test func aChangeThatChangesNothingIsNotRecorded() throws {
        let session = try gliderSession()
        session.setCell(x: BigInt(50), y: BigInt(50), alive: false)
        try session.step(.zero)
        #expect(session.undoHistory.isEmpty)
    }

    @Test func theOldestEntriesGoFirstAtTheLimit() throws {
        let session = try gliderSession()
        session.historyLimit = 5
        for i in 0..<10 { session.toggleCell(x: BigInt(200 + i), y: .zero) }
        #expect(session.undoHistory.count == 5)
        #expect(session.undoHistory.first?.description == "cell (205, 0) born")
        try session.undo(10)
        #expect(session.universe.population == BigUInt(10), "the five oldest toggles can no longer be undone")
    }

    @Test func historySurvivesCollections() throws {
        let session = Session(columns: 20, rows: 10, memoryLimit: 1 << 20)
        let soup = randomSoup(width: 64, height: 64, density: 0.4, seed: 3).map { PatternCell(x: $0.x, y: $0.y) }
        try session.load(document: PatternDocument(cells: soup))
        var reference = ReferenceEngine(cells: randomSoup(width: 64, height: 64, density: 0.4, seed: 3))
        var populations: [BigUInt] = [session.universe.population]
        for _ in 0..<20 {
            try session.step(BigUInt(7))
            populations.append(session.universe.population)
            _ = session.collect()
        }
        reference.step(140)
        #expect(session.universe.population == BigUInt(reference.population))
        for expected in populations.reversed().dropFirst() {
            try session.undo()
            _ = session.collect()
            #expect(session.universe.population == expected)
        }
    }

    @Test func snapshotsSaveRestoreAsAnUndoableChangeAndDelete() throws {
        let session = try gliderSession()
        let first = try session.saveSnapshot()
        #expect(first.snapshot.name == "snapshot-1" && !first.replaced)
        try session.step(BigUInt(12))
        try session.saveSnapshot(named: "twelve")
        try session.step(BigUInt(12))
        try session.restoreSnapshot(named: "snapshot-1")
        #expect(session.universe.generation == .zero && cells(session.universe) == gliderAlone(at: 0))
        try session.undo()
        #expect(session.universe.generation == BigUInt(24), "restoring a snapshot is undoable")
        try session.deleteSnapshot(named: "twelve")
        #expect(throws: SessionError.self) { try session.restoreSnapshot(named: "twelve") }
        #expect(session.snapshots.map(\.name) == ["snapshot-1"])
        let replaced = try session.saveSnapshot(named: "snapshot-1")
        #expect(replaced.replaced && replaced.snapshot.generation == BigUInt(24))
    }
}
