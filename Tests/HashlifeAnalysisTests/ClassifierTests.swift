import Foundation
import Testing
@testable import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// A universe holding the shipped pattern `name`, its cells mapped by `transform`.
private func universe(_ name: String, _ transform: (Int, Int) -> (Int, Int) = { ($0, $1) }) -> Universe {
    let u = Universe(rule: .life)
    u.load(cells: Fixtures.document(name).cells.map { c in
        let (x, y) = transform(c.x, c.y)
        return (x: x, y: y)
    })
    return u
}

private func verdict(_ name: String, maxGeneration: BigUInt = 100_000) -> Verdict {
    classify(Fixtures.universe(name), maxGeneration: maxGeneration).verdict
}

@Suite struct ClassifierTests {
    @Test func stillLifes() {
        #expect(verdict("block.rle") == .still(generation: 0))
        #expect(verdict("beehive.rle") == .still(generation: 0))
    }

    @Test(arguments: [("blinker.rle", 2), ("toad.rle", 2), ("beacon.rle", 2), ("pulsar.rle", 3), ("pentadecathlon.rle", 15)])
    func oscillators(name: String, period: Int) {
        #expect(verdict(name) == .oscillator(generation: 0, period: period))
    }

    @Test func spaceships() {
        #expect(verdict("glider.rle") == .spaceship(generation: 0, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
        #expect(verdict("lwss.rle") == .spaceship(generation: 0, period: 4, dx: -2, dy: 0, speed: "c/2 orthogonal"))
        #expect(verdict("mwss.rle") == .spaceship(generation: 0, period: 4, dx: -2, dy: 0, speed: "c/2 orthogonal"))
        #expect(verdict("hwss.rle") == .spaceship(generation: 0, period: 4, dx: -2, dy: 0, speed: "c/2 orthogonal"))
    }

    @Test func spaceshipsInEveryDirection() {
        let turns: [((Int, Int) -> (Int, Int), Int, Int)] = [
            ({ ($0, $1) }, -2, 0),      // as shipped: west
            ({ (-$0, $1) }, 2, 0),      // reflected: east
            ({ ($1, $0) }, 0, -2),      // transposed: north
            ({ ($1, -$0) }, 0, 2),      // and reflected: south
        ]
        for (transform, dx, dy) in turns {
            let v = classify(universe("lwss.rle", transform), maxGeneration: 1000).verdict
            #expect(v == .spaceship(generation: 0, period: 4, dx: dx, dy: dy, speed: "c/2 orthogonal"))
        }
        let gliders: [((Int, Int) -> (Int, Int), Int, Int)] = [
            ({ ($0, $1) }, 1, 1), ({ (-$0, $1) }, -1, 1), ({ ($0, -$1) }, 1, -1), ({ (-$0, -$1) }, -1, -1),
        ]
        for (transform, dx, dy) in gliders {
            let v = classify(universe("glider.rle", transform), maxGeneration: 1000).verdict
            #expect(v == .spaceship(generation: 0, period: 4, dx: dx, dy: dy, speed: "c/4 diagonal"))
        }
    }

    @Test func diehardDiesAt130() {
        let result = classify(Fixtures.universe("diehard.rle"), maxGeneration: 1000)
        #expect(result.verdict == .extinct(generation: 130))
        #expect(result.population == 0)
    }

    @Test func rPentominoSettlesAt1103() {
        let result = classify(Fixtures.universe("r-pentomino.rle"), maxGeneration: 100_000)
        #expect(result.verdict == .settled(generation: 1103, period: 2, escaping: EscapingShips(gliders: 6)))
        #expect(result.population == 116)
        #expect(result.verdict.summary == "settled at generation 1103: period-2 ash, 6 gliders escaping")
    }

    @Test func acornSettlesAt5206() {
        let result = classify(Fixtures.universe("acorn.rle"), maxGeneration: 100_000)
        #expect(result.verdict == .settled(generation: 5206, period: 2, escaping: EscapingShips(gliders: 13)))
        #expect(result.population == 633)
    }

    @Test func gosperGunGrows() {
        let v = verdict("gosper-glider-gun.rle")
        guard case .growing(_, let period, let increment, let evidence) = v else {
            Issue.record("expected growing, got \(v)")
            return
        }
        #expect(period == 30)
        #expect(increment == 5)
        #expect(evidence.contains("every 30 generations"))
    }

    @Test func blinkerPufferGrows() {
        guard case .growing = verdict("blinker-puffer-1.rle") else {
            Issue.record("expected growing")
            return
        }
    }

    @Test func tooSmallALimitIsUndetermined() {
        let u = Fixtures.universe("r-pentomino.rle")
        let result = classify(u, maxGeneration: 100)
        #expect(result.verdict == .undetermined(generation: 100))
        #expect(result.verdict.summary == "undetermined up to generation 100")
    }

    @Test func aLookAheadShorterThanThePeriodIsUndetermined() throws {
        // The period must be seen within the look-ahead, however the test behind it finds it.
        #expect(verdict("pentadecathlon.rle", maxGeneration: 5) == .undetermined(generation: 5))
        #expect(verdict("pentadecathlon.rle", maxGeneration: 14) == .undetermined(generation: 14))
        #expect(verdict("pentadecathlon.rle", maxGeneration: 15) == .oscillator(generation: 0, period: 15))
        #expect(verdict("glider.rle", maxGeneration: 3) == .undetermined(generation: 3))
        #expect(verdict("glider.rle", maxGeneration: 4) == .spaceship(generation: 0, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
        // Settled at 1103 with period-2 ash: the ash's period ends at 1105.
        #expect(verdict("r-pentomino.rle", maxGeneration: 1104) == .undetermined(generation: 1104))
        #expect(verdict("r-pentomino.rle", maxGeneration: 1105) == .settled(generation: 1103, period: 2, escaping: EscapingShips(gliders: 6)))
        // On a finite grid too: a blinker on a torus repeats at generation 2, not 1.
        let torus = Universe(rule: try Rule("B3/S23:T10,10"))
        torus.load(cells: [(x: 0, y: 0), (x: 1, y: 0), (x: 2, y: 0)])
        #expect(classify(torus, maxGeneration: 1).verdict == .undetermined(generation: 1))
        #expect(classify(torus, maxGeneration: 2).verdict == .oscillator(generation: 0, period: 2))
    }

    @Test func leavesTheCallersUniverseAlone() {
        let u = Fixtures.universe("r-pentomino.rle")
        u.step(by: 10)
        let before = u.saveState()
        let cells = u.referenceCells
        let result = classify(u, maxGeneration: 100_000)
        #expect(result.verdict.generation == 1103)
        #expect(u.saveState() == before)
        #expect(u.referenceCells == cells)
        #expect(u.generation == 10)
    }

    @Test func emptyUniverseIsExtinctAtOnce() {
        #expect(classify(Universe(), maxGeneration: 10).verdict == .extinct(generation: 0))
    }

    @Test func oscillatorFromALaterGeneration() {
        // A blinker and a glider heading into... nothing: the glider escapes alone. A lone
        // pre-block (three cells of a block) becomes a block at generation 1.
        let u = Universe(rule: .life)
        u.load(cells: [(x: 0, y: 0), (x: 1, y: 0), (x: 0, y: 1)])
        #expect(classify(u, maxGeneration: 100).verdict == .still(generation: 1))
    }

    @Test func speeds() {
        #expect(spaceshipSpeed(dx: 1, dy: 1, period: 4) == "c/4 diagonal")
        #expect(spaceshipSpeed(dx: -2, dy: 0, period: 4) == "c/2 orthogonal")
        #expect(spaceshipSpeed(dx: 0, dy: 2, period: 5) == "2c/5 orthogonal")
        #expect(spaceshipSpeed(dx: 2, dy: 1, period: 6) == "(2,1)c/6 oblique")
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's oscillator corpus"))
    func longPeriodOscillatorFromTheCorpus() throws {
        let shared = try #require(Fixtures.shared)
        let path = shared + "/corpus/golly/Life/Oscillators/p138.rle"
        let decoded = try PatternCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))), fileName: path)
        let u = try Universe(document: decoded.document)
        let v = classify(u, maxGeneration: 100_000).verdict
        print("p138.rle: \(v.summary)")
        guard case .oscillator(_, let period) = v else {
            Issue.record("expected an oscillator, got \(v)")
            return
        }
        #expect(period == 138)
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: it holds Golly's oscillator corpus"))
    func periodBeyondTheDensePhaseIsFoundByJumps() throws {
        let shared = try #require(Fixtures.shared)
        // p138 beside the p88 queen bee turn: period lcm(138, 88) = 6072, from generation 136.
        var cells: [(x: Int, y: Int)] = []
        for (name, shift) in [("p138.rle", 0), ("queen-bee-turn.rle", 1000)] {
            let path = shared + "/corpus/golly/Life/Oscillators/" + name
            let decoded = try PatternCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))), fileName: path)
            try Universe(document: decoded.document).forEachLiveCell { x, y in cells.append((x.intValue! + shift, y.intValue!)) }
        }
        let u = Universe(rule: .life)
        u.load(cells: cells)
        #expect(classify(u, maxGeneration: 1_000_000).verdict == .oscillator(generation: 136, period: 6072))
    }

    @Test func watcherSeesOscillatorsAndSpaceships() {
        /// What a fresh watcher reports, stepping `pattern` by `stride` up to `times` times.
        func watch(_ pattern: String, stride: Int, times: Int) -> Verdict? {
            let watcher = ConvergenceWatcher()
            let universe = Fixtures.universe(pattern)
            for _ in 0..<times {
                universe.step(by: BigUInt(stride))
                if let verdict = watcher.observe(universe) { return verdict }
            }
            return nil
        }
        #expect(watch("pulsar.rle", stride: 2, times: 20) == .oscillator(generation: 2, period: 3))
        #expect(watch("glider.rle", stride: 3, times: 20) == .spaceship(generation: 3, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
        #expect(watch("diehard.rle", stride: 5, times: 100) == .extinct(generation: 130))
    }
}
