import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
import HashlifeEditing
import HashlifeTestSupport

extension MultiStateSamples {
    /// Every non-empty cell of the session's universe with its state, in reading order.
    static func cells(_ session: Session) -> [MultiStateCell] {
        let multi = session.universe
        guard let box = multi.boundingBox else { return [] }
        var out: [MultiStateCell] = []
        multi.forEachCell(in: box) { x, y, s in out.append(MultiStateCell(x: x.intValue!, y: y.intValue!, state: s)) }
        return out.sorted()
    }
}

@Suite struct SessionMultiStateTests {
    @Test func loadingAMultiStateFileHoldsItsStatesAndRule() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.starWars))
        #expect((session.universe.stateCount > 2))
        #expect(session.rule.description == "345/2/4")
        #expect(session.rule.stateCount == 4)
        let pattern = try MultiStateRLE.read(MultiStateSamples.starWars)
        #expect(MultiStateSamples.cells(session) == pattern.cells.sorted())
        #expect(session.universe.population == BigUInt(pattern.cells.count))
        #expect(session.state(x: BigInt(2), y: BigInt(1)) == 3)
    }

    @Test func stepsMatchTheReferenceEngineForAnyCountAndGotoGoesBack() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.starWars))
        var reference = MultiStateReference(try MultiStateRLE.read(MultiStateSamples.starWars))
        try session.step(BigUInt(1))
        try session.step(BigUInt(6))  // not a power of two
        for _ in 0..<7 { reference.step() }
        #expect(session.universe.generation == BigUInt(7))
        #expect(MultiStateSamples.cells(session) == reference.cells)
        try session.step(BigUInt(8))
        for _ in 0..<8 { reference.step() }
        #expect(MultiStateSamples.cells(session) == reference.cells)
        let at15 = MultiStateSamples.cells(session)
        try session.goto(BigUInt(3))
        #expect(session.universe.generation == BigUInt(3))
        var again = MultiStateReference(try MultiStateRLE.read(MultiStateSamples.starWars))
        for _ in 0..<3 { again.step() }
        #expect(MultiStateSamples.cells(session) == again.cells)
        try session.goto(BigUInt(15))
        #expect(MultiStateSamples.cells(session) == at15)
    }

    @Test func settingStatesIsUndoableAndOutOfRangeStatesAreRefused() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.starWars))
        let before = MultiStateSamples.cells(session)
        try session.setState(2, x: BigInt(10), y: BigInt(-3))
        try session.setState(3, x: BigInt(0), y: BigInt(0))
        #expect(session.state(x: BigInt(10), y: BigInt(-3)) == 2)
        #expect(session.state(x: .zero, y: .zero) == 3)
        #expect(throws: SessionError.self) { try session.setState(4, x: .zero, y: .zero) }
        do { try session.setState(4, x: .zero, y: .zero) } catch { #expect(error.kind == .argument) }
        try session.undo(2)
        #expect(MultiStateSamples.cells(session) == before)
        try session.redo()
        #expect(session.state(x: BigInt(10), y: BigInt(-3)) == 2)
        #expect(session.state(x: .zero, y: .zero) == 0)
    }

    @Test func clipsKeepStatesAndEachPasteModeTreatsThem() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.history))
        // Clip: the 3×2 corner holding states 1 and 0.
        session.select(CellRect(x: 0, y: 2, width: 3, height: 2))
        let clip = try session.copySelection()
        #expect(clip.width == 3 && clip.height == 2)
        #expect(Set(try clip.cells().map(\.state)) == [1, 2])
        // A target row of states 4, 0, 4 and an empty row; each paste starts from it.
        try session.setState(4, x: BigInt(20), y: .zero)
        try session.setState(4, x: BigInt(22), y: .zero)
        try session.saveSnapshot(named: "target")
        func target(_ mode: PasteMode) throws -> [UInt8] {
            try session.restoreSnapshot(named: "target")
            try session.paste(x: BigInt(20), y: .zero, mode: mode)
            return (0..<2).flatMap { dy in (20..<23).map { session.state(x: BigInt($0), y: BigInt(dy)) } }
        }
        // The clip: row 0 = 1 1 1, row 1 = 2 2 2.
        #expect(try target(.or) == [1, 1, 1, 2, 2, 2])
        #expect(try target(.copy) == [1, 1, 1, 2, 2, 2])
        #expect(try target(.xor) == [0, 1, 0, 2, 2, 2])
        #expect(try target(.and) == [4, 0, 4, 0, 0, 0])
        // `copy` writes state 0 too: a clip with empty cells empties the target's.
        session.select(CellRect(x: 0, y: 0, width: 2, height: 1))  // ".A"
        try session.copySelection()
        #expect(try {
            try session.setState(4, x: BigInt(20), y: .zero)
            try session.paste(x: BigInt(20), y: .zero, mode: .copy)
            return session.state(x: BigInt(20), y: .zero)
        }() == 0)
        // Cut empties the selection, as one undoable entry.
        session.select(CellRect(x: 0, y: 0, width: 5, height: 5))
        try session.cutSelection()
        #expect(session.universe.population(in: CellRect(x: 0, y: 0, width: 5, height: 5)) == .zero)
        try session.undo()
        #expect(session.state(x: BigInt(4), y: BigInt(4)) == 4)
    }

    @Test func aClipPastesOnlyUnderARuleWithAllItsStates() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.starWars))
        session.select(CellRect(x: 0, y: 0, width: 5, height: 4))
        try session.copySelection()
        // Brian's Brain has states 0 to 2; the clip has state 3. The clipboard survives the load.
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.brain, named: "brain.rle"))
        do {
            try session.paste(x: BigInt(10), y: .zero)
            Issue.record("a clip with state 3 was pasted under /2/3")
        } catch {
            #expect(error.kind == .clipboard)
        }
        // A clip of state 1 only pastes into a two-state universe as live cells.
        session.select(CellRect(x: 0, y: 0, width: 2, height: 1))
        try session.copySelection()
        try session.load(document: PatternDocument(cells: [PatternCell(x: 5, y: 5)]))
        #expect(!(session.universe.stateCount > 2))
        try session.paste(x: BigInt(-1), y: BigInt(-1))
        #expect(session.state(x: BigInt(-1), y: BigInt(-1)) == 1 && session.state(x: .zero, y: BigInt(-1)) == 1)
        #expect(session.universe.population == BigUInt(3))
        // A two-state clip pastes into a multi-state universe as state 1.
        session.select(CellRect(x: 5, y: 5, width: 1, height: 1))
        try session.copySelection()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.starWars))
        try session.paste(x: BigInt(30), y: BigInt(30))
        #expect(session.state(x: BigInt(30), y: BigInt(30)) == 1)
    }

    @Test func ruleChangesConvertBetweenKindsAndUndoComesBack() throws {
        let session = Session()
        session.setCell(x: .zero, y: .zero, alive: true)
        session.setCell(x: BigInt(1), y: .zero, alive: true)
        try session.setRule(try AnyRule.parse("345/2/4"))
        #expect((session.universe.stateCount > 2))
        #expect(MultiStateSamples.cells(session) == [MultiStateCell(x: 0, y: 0, state: 1), MultiStateCell(x: 1, y: 0, state: 1)])
        try session.setState(3, x: BigInt(2), y: .zero)
        // Fewer states than a cell's: refused, nothing changes.
        let life = try AnyRule.parse("B3/S23"), brain = try AnyRule.parse("/2/3")
        do {
            try session.setRule(life)
            Issue.record("a two-state rule was accepted over a cell in state 3")
        } catch {
            #expect(error.kind == .rule)
            #expect(error.message.contains("state 3"))
        }
        #expect(session.rule.description == "345/2/4")
        do {
            try session.setRule(brain)
            Issue.record("a 3-state rule was accepted over a cell in state 3")
        } catch {
            #expect(error.kind == .rule)
        }
        // Empty that cell: the two-state rule is accepted and the cells are alive again.
        try session.setState(0, x: BigInt(2), y: .zero)
        try session.setRule(AnyRule(Rule.life))
        #expect(!(session.universe.stateCount > 2))
        #expect(session.state(x: .zero, y: .zero) == 1 && session.state(x: BigInt(1), y: .zero) == 1)
        #expect(session.universe.population == BigUInt(2))
        // Undo crosses back to the multi-state universe, then to the two-state one.
        try session.undo()
        #expect((session.universe.stateCount > 2) && session.rule.description == "345/2/4")
        try session.undo(2)
        #expect(session.state(x: BigInt(2), y: .zero) == 0 && (session.universe.stateCount > 2))
        try session.undo()
        #expect(!(session.universe.stateCount > 2))
        #expect(session.universe.population == BigUInt(2))
        try session.redo()
        #expect((session.universe.stateCount > 2))
        #expect(session.universe.population == BigUInt(2))
    }

    @Test func savingWritesMultiStateRLEAndMacrocellThatReadBackTheSame() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.history))
        try session.step(BigUInt(5))
        let cells = MultiStateSamples.cells(session)
        let folder = ScratchFolder.make("multistate-save")
        for name in ["out.rle", "out.mc", "out.rle.gz"] {
            let path = folder + "/" + name
            try session.save(path: path)
            let again = Session()
            try again.load(path: path)
            #expect(again.universe.stateCount > 2, "\(name)")
            #expect(again.rule.description == "LifeHistory", "\(name)")
            #expect(MultiStateSamples.cells(again) == cells, "\(name)")
            if name == "out.mc" { #expect(again.universe.generation == BigUInt(5)) }
        }
        // Formats of two states refuse.
        do {
            try session.save(path: folder + "/out.cells")
            Issue.record("plaintext accepted a multi-state pattern")
        } catch {
            #expect(error.kind == .format)
        }
    }

    @Test func snapshotsAndTheResetPointKeepMultiStateStates() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.brain))
        let start = MultiStateSamples.cells(session)
        try session.saveSnapshot(named: "start")
        try session.step(BigUInt(10))
        #expect(MultiStateSamples.cells(session) != start)
        try session.restoreSnapshot(named: "start")
        #expect(MultiStateSamples.cells(session) == start)
        try session.step(BigUInt(3))
        #expect(session.reset())
        #expect(MultiStateSamples.cells(session) == start && session.universe.generation == .zero)
    }

    @Test func editingWorksWithStates() throws {
        let session = Session()
        try session.load(path: try MultiStateSamples.file(MultiStateSamples.starWars))
        let selection = CellRect(x: 0, y: 0, width: 5, height: 4)
        session.select(selection)
        // Rotations work with states.
        try session.transformSelection(.rotateClockwise)
        #expect(session.selection == CellRect(x: 0, y: 0, width: 4, height: 5))
        // (2, 1) in state 3 goes to (4 - 1 - 1, 2) = (2, 2).
        #expect(session.state(x: BigInt(2), y: BigInt(2)) == 3)
        // A copy keeps the states.
        #expect(try session.copySelection().highestState == 3)
        // A random fill in state 2 makes the cells a two-state fill of that seed makes alive.
        session.select(selection)
        try session.fillSelection(density: 0.5, seed: 1, state: 2)
        var filled: [SIMD3<Int>] = []
        session.universe.forEachCellOffset(in: selection) { dx, dy, state in filled.append(SIMD3(dx, dy, Int(state))) }
        let twoState = Universe()
        try twoState.fillRandomly(CellRect(x: 0, y: 0, width: 5, height: 4), density: 0.5, seed: 1)
        var alive: [SIMD3<Int>] = []
        twoState.forEachLiveCellOffset(in: CellRect(x: 0, y: 0, width: 5, height: 4)) { dx, dy in alive.append(SIMD3(dx, dy, 2)) }
        #expect(!filled.isEmpty && Set(filled) == Set(alive))
        #expect(throws: SessionError.self) { try session.fillSelection(density: 0.5, seed: 1, state: 4) }
        // A grid drops the cells off it, in every state; undo brings them back.
        let before = MultiStateSamples.cells(session)
        let dropped = try session.setGrid(Grid(topology: .torus, width: 4, height: 4))
        #expect(dropped > .zero)
        #expect(session.rule.description == "345/2/4:T4,4")
        try session.undo()
        #expect(MultiStateSamples.cells(session) == before)
    }
}

/// The shared multi-state corpus (`../shared/corpus/multistate`, absent on most machines)
/// through the session: loaded, taken to generation 100 by one `goto`, compared with bgolly's
/// state there, saved as Macrocell and read back the same.
@Suite struct SessionMultiStateCorpusTests {
    static var folder: String? { Fixtures.shared.map { $0 + "/corpus/multistate" } }

    static var files: [String] {
        guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.filter { $0.hasSuffix(".rle") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test(.enabled(if: folder != nil, "../shared is absent: the multi-state corpus is not available"), arguments: files)
    func gotoHundredMatchesBgollyAndSavesBack(_ name: String) throws {
        let folder = try #require(Self.folder)
        let session = Session()
        try session.load(path: "\(folder)/\(name).rle")
        #expect((session.universe.stateCount > 2), "\(name)")
        try session.goto(BigUInt(100))
        guard let rule = session.rule.as(MultiStateRule.self) else { Issue.record("\(name) is not multi-state"); return }
        let reached = MultiStatePattern(rule: rule, cells: MultiStateSamples.cells(session)).normalised
        let expected = try MultiStateRLE.read(String(contentsOfFile: "\(folder)/expected/\(name)@100.rle", encoding: .utf8)).normalised
        #expect(reached == expected, "\(name) at generation 100")
        let saved = ScratchFolder.make("corpus") + "/\(name).mc"
        try session.save(path: saved)
        let again = Session()
        try again.load(path: saved)
        #expect(MultiStateSamples.cells(again) == MultiStateSamples.cells(session), "\(name) saved and read back")
        #expect(again.universe.generation == BigUInt(100))
    }
}
