import Testing
@testable import HashlifeAnalysis
import HashlifeEngine

/// One classifier and one convergence watcher for every family: the same verdicts from the
/// same cells, whatever the rule's family or number of states.
@Suite struct ClassifierFamiliesTests {
    /// A universe under `rule` holding `count` gliders in `state`, ten cells apart along a line
    /// across their path (so they never meet): one spaceship of 5 × `count` cells, moving
    /// (+1, +1) every 4 generations.
    static func gliderFleet(rule: String, state: UInt8, count: Int) throws -> any LifeUniverse {
        let universe = try AnyRule.parse(rule).makeUniverse()
        for i in 0..<count {
            for (x, y) in [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)] {
                universe.setState(state, atX: BigInt(10 * i + x), y: BigInt(-10 * i + y))
            }
        }
        return universe
    }

    /// Rules under which the glider flies, with the state its cells take: a two-state rule
    /// without the B3/S23 settled test, and a Super rule's trail-less state over it (whose
    /// live cells are classified alone, under B36/S23).
    static let fleets: [(rule: String, state: UInt8)] = [("B36/S23", 1), ("B36/S23Super", 13)]

    @Test(arguments: fleets)
    func aSpaceshipTooLargeForShapesIsFoundByItsFingerprint(_ rule: String, state: UInt8) throws {
        let fleet = try Self.gliderFleet(rule: rule, state: state, count: 120)
        #expect(fleet.population == BigUInt(600))
        #expect(600 > Classifier.shapePopulationLimit, "the fleet must be too large for the shapes")
        let classification = try classify(fleet, maxGeneration: BigUInt(20_000), control: nil)
        #expect(classification.verdict == .spaceship(generation: .zero, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"),
                "\(rule): \(classification.verdict)")
        #expect(classification.population == BigUInt(600))
        #expect(fleet.generation.isZero && fleet.population == BigUInt(600), "the universe ends as it began")
    }

    @Test(arguments: fleets)
    func aSmallSpaceshipIsFoundByItsShapeInEveryFamily(_ rule: String, state: UInt8) throws {
        let glider = try Self.gliderFleet(rule: rule, state: state, count: 1)
        let classification = try classify(glider, maxGeneration: BigUInt(1000), control: nil)
        #expect(classification.verdict == .spaceship(generation: .zero, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"),
                "\(rule): \(classification.verdict)")
    }

    /// A fleet of Brian's Brain ships, too large for the shapes, is found by the multi-state
    /// fingerprint: every state counted (Generations' dying states hold back births).
    @Test func aGenerationsFleetIsFoundByItsFingerprint() throws {
        let fleet = try AnyRule.parse("/2/3").makeUniverse()
        for i in 0..<150 {
            for (x, y, state) in [(0, 0, 1), (1, 0, 1), (0, 1, 2), (1, 1, 2)] as [(Int, Int, UInt8)] {
                fleet.setState(state, atX: BigInt(10 * i + x), y: BigInt(y))
            }
        }
        #expect(fleet.population == BigUInt(600) && 600 > Classifier.shapePopulationLimit)
        let classification = try classify(fleet, maxGeneration: BigUInt(20_000), control: nil)
        #expect(classification.verdict == .spaceship(generation: .zero, period: 1, dx: 0, dy: -1, speed: "c orthogonal"),
                "\(classification.verdict)")
        #expect(fleet.generation.isZero && fleet.population == BigUInt(600), "the universe ends as it began")
    }

    @Test func theWatcherStopsAMultiStateSpaceship() throws {
        // Brian's Brain's c/1 ship: two firing cells ahead of two refractory ones.
        let ship = try AnyRule.parse("/2/3").makeUniverse()
        for (x, y, state) in [(0, 0, 1), (1, 0, 1), (0, 1, 2), (1, 1, 2)] as [(Int, Int, UInt8)] {
            ship.setState(state, atX: BigInt(x), y: BigInt(y))
        }
        let watcher = ConvergenceWatcher()
        var verdict: Verdict?
        for _ in 0..<10 where verdict == nil {
            verdict = watcher.observe(ship)
            try ship.step(byPowerOfTwo: 0, control: nil)
        }
        #expect(verdict == .spaceship(generation: .zero, period: 1, dx: 0, dy: -1, speed: "c orthogonal"), "\(String(describing: verdict))")
    }

    @Test func theWatcherStopsAMultiStateOscillatorAtItsPeriod() throws {
        // A LifeSuper block and a blinker, in the trail-less state 13, far enough apart: the
        // whole pattern oscillates with period 2.
        let pattern = try AnyRule.parse("LifeSuper").makeUniverse()
        for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1), (10, 0), (11, 0), (12, 0)] {
            pattern.setState(13, atX: BigInt(x), y: BigInt(y))
        }
        let reference = try classify(pattern, maxGeneration: BigUInt(100), control: nil)
        let watcher = ConvergenceWatcher()
        var verdict: Verdict?
        for _ in 0..<20 where verdict == nil {
            verdict = watcher.observe(pattern)
            try pattern.step(byPowerOfTwo: 0, control: nil)
        }
        guard case .oscillator(_, let period) = reference.verdict else {
            Issue.record("classify: \(reference.verdict)")
            return
        }
        #expect(period == 2)
        #expect(verdict == reference.verdict, "\(String(describing: verdict))")
    }
    @Test(arguments: ["LifeHistory", "LifeSuper"])
    func theWatcherSaysDiedOutWhenOnlyTrailsAreLeft(rule: String) throws {
        // Two lone cells die at generation 1, leaving history cells behind (state 2), which
        // stand still from then on.
        let pattern = try AnyRule.parse(rule).makeUniverse()
        for (x, y) in [(0, 0), (5, 5)] { pattern.setState(1, atX: BigInt(x), y: BigInt(y)) }
        let reference = try classify(pattern, maxGeneration: BigUInt(100), control: nil)
        #expect(reference.verdict == .extinct(generation: BigUInt(1)), "classify: \(reference.verdict)")
        let watcher = ConvergenceWatcher()
        var verdict: Verdict?
        for _ in 0..<10 where verdict == nil {
            verdict = watcher.observe(pattern)
            try pattern.step(byPowerOfTwo: 0, control: nil)
        }
        #expect(!pattern.isEmpty, "the trail stays")
        #expect(verdict == reference.verdict, "\(String(describing: verdict))")
    }
}
