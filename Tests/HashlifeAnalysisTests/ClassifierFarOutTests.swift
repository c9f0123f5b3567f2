import Testing
@testable import HashlifeAnalysis
import HashlifeEngine
import HashlifeTestSupport

/// 2^100 and 10^100: generations, coordinates and populations far past 64 bits.
private let far: [(name: String, value: BigUInt)] = [("2^100", .powerOfTwo(100)), ("10^100", .power(10, 100))]

/// The shipped pattern `name` advanced `generations`: that is the universe's starting state.
private func advanced(_ name: String, by generations: BigUInt) -> Universe {
    let u = Fixtures.universe(name)
    u.step(by: generations)
    #expect(u.generation == generations)
    return u
}

/// A universe holding the shipped pattern `name` with its top-left cell moved to (`x`, `y`).
private func placed(_ name: String, x: BigInt, y: BigInt, into u: Universe = Universe(rule: .life)) -> Universe {
    var cells: [(x: Int, y: Int)] = []
    u.forEachLiveCell { cx, cy in cells.append((x: cx.intValue!, y: cy.intValue!)) }
    let far = Fixtures.document(name).cells.map { (x: $0.x, y: $0.y) }
    if cells.isEmpty {
        u.load(cells: far, originX: x, originY: y)
    } else {
        for c in far { u.setCell(x: x + c.x, y: y + c.y) }
    }
    return u
}

@Suite struct ClassifierFarOutTests {
    @Test(arguments: far)
    func acornSettlesFromAFarGeneration(_ far: (name: String, value: BigUInt)) {
        let result = classify(advanced("acorn.rle", by: far.value), maxGeneration: 100_000)
        #expect(result.verdict == .settled(generation: far.value, period: 2, escaping: EscapingShips(gliders: 13)), "acorn at \(far.name)")
        #expect(result.population == 633)
    }

    @Test(arguments: far)
    func gunGrowsFromAFarGeneration(_ far: (name: String, value: BigUInt)) {
        let u = advanced("gosper-glider-gun.rle", by: far.value)
        let population = u.population
        #expect(population.uint64Value == nil, "the population passes 64 bits")
        let result = classify(u, maxGeneration: 100_000)
        guard case .growing(let generation, let period, let increment, let evidence) = result.verdict else {
            Issue.record("gun at \(far.name): expected growing, got \(result.verdict)")
            return
        }
        #expect(period == 30)
        #expect(increment == 5)
        #expect(generation > far.value)
        #expect(result.population == advanced("gosper-glider-gun.rle", by: generation).population)
        #expect(evidence.contains("every 30 generations"))
        #expect(evidence.contains(result.population.description))
    }

    @Test(arguments: far)
    func oscillatorFarAwayAndFarOn(_ far: (name: String, value: BigUInt)) {
        let offset = BigInt(far.value)
        let u = placed("pulsar.rle", x: offset, y: -offset)
        u.step(by: far.value)
        let population = u.population
        let result = classify(u, maxGeneration: 1000)
        #expect(result.verdict == .oscillator(generation: far.value, period: 3))
        #expect(result.population == population)
    }

    @Test(arguments: far)
    func spaceshipsFarAwayAndFarOn(_ far: (name: String, value: BigUInt)) {
        let offset = BigInt(far.value)
        let glider = placed("glider.rle", x: offset, y: offset)
        #expect(classify(glider, maxGeneration: 1000).verdict == .spaceship(generation: 0, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
        let lwss = placed("lwss.rle", x: -offset, y: offset)
        lwss.step(by: far.value)
        #expect(classify(lwss, maxGeneration: 1000).verdict == .spaceship(generation: far.value, period: 4, dx: -2, dy: 0, speed: "c/2 orthogonal"))
        // Through the jump phase: found after the dense phase's 512 generations.
        let late = placed("glider.rle", x: offset, y: -offset)
        let result = classify(late, maxGeneration: 100_000)
        #expect(result.verdict == .spaceship(generation: 0, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
    }

    @Test(arguments: far)
    func settledAshAndAFarOscillator(_ far: (name: String, value: BigUInt)) {
        // Acorn's ash and gliders plus a blinker far away, off every glider's path: the ash is
        // period 2 as a whole, and the blinker does not count as an escaping spaceship.
        let u = Fixtures.universe("acorn.rle")
        let blinker = [(x: 0, y: 0), (x: 1, y: 0), (x: 2, y: 0)]
        for c in blinker { u.setCell(x: BigInt(far.value) + c.x, y: BigInt(3) + c.y) }
        let result = classify(u, maxGeneration: 100_000)
        #expect(result.verdict == .settled(generation: 5206, period: 2, escaping: EscapingShips(gliders: 13)))
        #expect(result.population == 636)
    }

    @Test func watcherSeesAFarSpaceship() {
        let offset = BigInt(BigUInt.power(10, 100))
        let u = placed("glider.rle", x: -offset, y: offset)
        let watcher = ConvergenceWatcher()
        var verdict: Verdict?
        for _ in 0..<20 where verdict == nil {
            u.step(by: 3)
            verdict = watcher.observe(u)
        }
        #expect(verdict == .spaceship(generation: 3, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
    }

    @Test func farApartBoxesNeverMeetExactly() {
        // A glider 2^80 cells to the left of a block, heading away; then heading towards it.
        let d = BigInt(BigUInt.powerOfTwo(80))
        let block = BigBox(x0: .zero, y0: .zero, x1: BigInt(1), y1: BigInt(1))
        let glider = BigBox(x0: -d, y0: .zero, x1: -d + 2, y1: BigInt(2))
        let still = Velocity(dx: 0, dy: 0, period: 1)
        #expect(!Classifier.mayMeet(glider, Velocity(dx: -1, dy: 1, period: 4), block, still))
        #expect(Classifier.mayMeet(glider, Velocity(dx: 1, dy: 0, period: 4), block, still))
        // Heading right and down at c/4: it passes 2^78 rows below the block.
        #expect(!Classifier.mayMeet(glider, Velocity(dx: 1, dy: 1, period: 4), block, still))
    }
}
