import Testing
import HashlifeEngine
import HashlifeTestSupport

/// Published facts about famous patterns, from the shipped pattern files.
@Suite struct KnownResultsTests {
    @Test func rPentominoHas116CellsAtGeneration1103() {
        let universe = Fixtures.universe("r-pentomino.rle")
        universe.step(by: BigUInt(1103))
        #expect(universe.population == BigUInt(116))
    }

    @Test func acornHas633CellsAtGeneration5206() {
        let universe = Fixtures.universe("acorn.rle")
        universe.step(by: BigUInt(5206))
        #expect(universe.population == BigUInt(633))
    }

    @Test func diehardDiesAtGeneration130() {
        let universe = Fixtures.universe("diehard.rle")
        universe.step(by: BigUInt(129))
        #expect(universe.population > .zero)
        universe.step()
        #expect(universe.population == .zero)
        #expect(universe.boundingBox == nil)
    }

    /// The gun emits one 5-cell glider every 30 generations and the gliders never meet, so from
    /// some generation t0 on, population(t + 30) = population(t) + 5. The relation is checked
    /// on the reference engine over several periods; the formula then predicts far generations.
    struct GunFormula {
        let start: Int
        let base: [BigUInt]  // populations at start ..< start + 30

        /// population(t) for t ≥ start.
        func population(at t: BigUInt) -> BigUInt {
            let (periods, phase) = (t - BigUInt(start)).quotientAndRemainder(dividingBy: 30)
            return base[Int(phase)] + periods * BigUInt(5)
        }
    }

    static func gunFormula() -> GunFormula {
        var reference = ReferenceEngine(rule: .life, cells: Fixtures.referenceCells("gosper-glider-gun.rle"))
        var populations: [Int] = []
        for _ in 0..<400 {
            populations.append(reference.population)
            reference.step()
        }
        let start = 150
        for t in start..<(400 - 30) {
            #expect(populations[t + 30] == populations[t] + 5, "glider gun formula at generation \(t)")
        }
        return GunFormula(start: start, base: populations[start..<start + 30].map { BigUInt($0) })
    }

    @Test func gosperGunAgreesWithItsFormulaAtFarGenerations() throws {
        let formula = Self.gunFormula()
        // Small generations cross-check the engine against the formula first.
        for t in [200, 333, 1000] {
            let universe = Fixtures.universe("gosper-glider-gun.rle")
            universe.step(by: BigUInt(t))
            #expect(universe.population == formula.population(at: BigUInt(t)), "generation \(t)")
        }
        for text in ["10^6", "2^100", "10^100"] {
            let target = try BigUInt.parseCount(text)
            let universe = Fixtures.universe("gosper-glider-gun.rle")
            universe.step(by: target)
            #expect(universe.generation == target)
            #expect(universe.population == formula.population(at: target), "generation \(text)")
        }
    }

    /// Deep trees (levels above 62 and above the cached population levels): the population
    /// counted without caching, and a bounding box that is exactly the live cells' (every live
    /// cell inside it, none on a side it could lose).
    @Test func gunCountsAndBoundsInDeepTrees() throws {
        let formula = Self.gunFormula()
        for text in ["2^200", "2^300"] {
            let target = try BigUInt.parseCount(text)
            let universe = Fixtures.universe("gosper-glider-gun.rle")
            universe.step(by: target)
            let population = universe.population
            #expect(population == formula.population(at: target), "generation \(text)")
            let box = try #require(universe.boundingBox)
            #expect(universe.population(in: box) == population, "generation \(text): a cell outside \(box)")
            let one = BigUInt.one
            let trimmed = [
                CellRect(x: box.x + 1, y: box.y, width: box.width - one, height: box.height),
                CellRect(x: box.x, y: box.y + 1, width: box.width, height: box.height - one),
                CellRect(x: box.x, y: box.y, width: box.width - one, height: box.height),
                CellRect(x: box.x, y: box.y, width: box.width, height: box.height - one),
            ]
            for rect in trimmed { #expect(universe.population(in: rect) < population, "generation \(text): \(box) is not tight") }
        }
    }

    @Test func gliderTravelsOneCellDiagonallyEveryFourGenerations() throws {
        let universe = Fixtures.universe("glider.rle")
        let start = try #require(universe.boundingBox)
        universe.step(by: BigUInt(4 * 1000))
        let end = try #require(universe.boundingBox)
        #expect(end.x == start.x + 1000 && end.y == start.y + 1000)
        #expect(end.width == start.width && end.height == start.height)
        #expect(universe.population == BigUInt(5))
    }

    @Test func jumpsDeeperThanTheStackRunOnADeepStack() throws {
        // 2^20000 generations: a recursion 20,000 levels deep, beyond a default thread stack
        // (this crashed before steps and populations moved to a thread of their own).
        let universe = Fixtures.universe("glider.rle")
        let start = try #require(universe.boundingBox)
        let exponent = 20_000
        universe.step(by: BigUInt.powerOfTwo(exponent))
        #expect(universe.generation == BigUInt.powerOfTwo(exponent))
        #expect(universe.population == BigUInt(5))
        let box = try #require(Universe.withDeepStack { universe.boundingBox })
        let travelled = BigInt(BigUInt.powerOfTwo(exponent - 2))
        #expect(box.x == start.x + travelled && box.y == start.y + travelled)
    }

    @Test func gliderFarAwayCanBeReadAndEdited() throws {
        // 4·10^30 generations carry the glider 10^30 cells down and right.
        let universe = Fixtures.universe("glider.rle")
        let start = try #require(universe.boundingBox)
        let far = try BigUInt.parseCount("10^30")
        universe.step(by: far * BigUInt(4))
        let box = try #require(universe.boundingBox)
        #expect(box.x == start.x + BigInt(far) && box.y == start.y + BigInt(far))
        #expect(universe.population(in: box) == BigUInt(5))
        universe.toggleCell(x: box.x, y: box.y)
        #expect(universe.population == BigUInt(6) || universe.population == BigUInt(4))
        #expect(universe.cell(x: box.x, y: box.y) != Fixtures.universe("glider.rle").cell(x: start.x, y: start.y))
    }
}
