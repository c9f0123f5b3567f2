import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Level-6 and level-7 misses stepped directly as 64×64 and 128×128 squares (what soups get
/// once their hit rate is low), forced on, against the reference engine.
@Suite struct Square64Tests {
    static let rules = ["B3/S23", "B36/S23", "B3678/S34678", "B03/S23"]

    /// Every generation and jump with the direct squares forced on: the 64×64 ones alone
    /// (`usesSquare128` false), or with the 128×128 ones (`usesSquare128`, vector kernels only).
    @Test(arguments: rules, [false, true])
    func everyGenerationAndEveryJumpMatchTheReference(rule text: String, square128: Bool) throws {
        let rule = try Rule(text)
        for (size, seed) in [(64, UInt64(61)), (100, 62)] {
            let cells = randomSoup(width: size, height: size, density: 0.4, seed: seed)
            var reference = ReferenceEngine(rule: rule, cells: cells)
            let universe = Universe(rule: rule, referenceCells: cells)
            universe.store.stepping.forcesSquare64 = true
            universe.store.stepping.usesSquare128 = square128
            // Single generations (partial steps of one generation at every level) ...
            for generation in 1...40 {
                universe.step()
                reference.step()
                #expect(universe.referenceCells == reference.cells, "rule \(text), \(size)², generation \(generation)")
                if universe.referenceCells != reference.cells { return }
            }
            // ... then jumps of 2, 4, 8, 16 (level 6's full step), 32 (level 7's) and beyond.
            for k in 1...7 {
                universe.step(byPowerOfTwo: k)
                reference.step(1 << k)
                #expect(universe.referenceCells == reference.cells, "rule \(text), \(size)², jump 2^\(k)")
            }
            let (steps64, steps128) = (universe.store.stepping.square64Steps, universe.store.stepping.square128Steps)
            if square128 && VectorKernels.available != .none {
                #expect(steps128 > 0, "the 128×128 path was not taken")
            } else {
                #expect(steps64 > 0, "the 64×64 path was not taken")
                #expect(steps128 == 0, "the 128×128 path was taken")
            }
            #expect(universe.invariantViolations().isEmpty)
        }
    }

    /// The direct squares on every vector kernel the processor runs and on the scalar words
    /// make the same cells: a soup's jumps, with the direct squares forced on (the 128×128 ones
    /// on the vector kernels, and the 64×64 ones on every kernel).
    @Test(.enabled(if: VectorKernels.available != .none, "this processor has neither AVX2 nor AVX-512: the engine uses the scalar words"),
          arguments: ["B3/S23", "B36/S23", "B03/S23"])
    func vectorAndScalarSquaresAgree(rule text: String) throws {
        let rule = try Rule(text)
        let cells = randomSoup(width: 300, height: 300, density: 0.45, seed: 64)
        let kernels = VectorKernels.allCases.filter { $0.rawValue <= VectorKernels.available.rawValue }
        let choices = kernels.flatMap { kernels in [false, true].map { (kernels, $0) } }.filter { $0.0 != .none || !$0.1 }
        let universes = choices.map { kernels, square128 in
            let universe = Universe(rule: rule, referenceCells: cells)
            universe.store.stepping.vectorKernels = kernels
            universe.store.stepping.forcesSquare64 = true
            universe.store.stepping.usesSquare128 = square128
            return universe
        }
        for k in [3, 4, 5, 9] {
            for universe in universes { universe.step(byPowerOfTwo: k) }
            for (universe, choice) in zip(universes, choices).dropFirst() {
                #expect(universe.referenceCells == universes[0].referenceCells,
                        "\(text): \(choice.0)\(choice.1 ? " with 128×128 squares" : "") against the scalar words, jump 2^\(k)")
            }
        }
        for (universe, choice) in zip(universes, choices) {
            let steps = choice.1 ? universe.store.stepping.square128Steps : universe.store.stepping.square64Steps
            #expect(steps > 0, "\(choice.0), 128×128 squares \(choice.1): the direct path was not taken")
        }
    }

    @Test func theHitRateChoosesThePath() {
        // A dense soup has a low hit rate: once measured, level-6 misses step directly.
        let soup = Universe(rule: .life, referenceCells: randomSoup(width: 512, height: 512, density: 0.375, seed: 63))
        soup.step(by: BigUInt(1024))
        let (soupDirect, soupSteps) = (soup.store.stepping.stepsSquare64, soup.store.stepping.square64Steps)
        #expect(soupDirect)
        #expect(soupSteps > 0)
        #expect(soup.store.stepping.square128Steps > 0 || VectorKernels.available == .none)
        // A glider gun repeats: it keeps the recursion.
        let gun = Fixtures.universe("gosper-glider-gun.rle")
        gun.step(by: BigUInt.powerOfTwo(1000))
        let (gunMisses, gunDirect, gunSteps) = (gun.store.stepping.memoMisses, gun.store.stepping.stepsSquare64, gun.store.stepping.square64Steps)
        #expect(gunMisses > StepState.reuseWindow)
        #expect(!gunDirect)
        #expect(gunSteps == 0)
        #expect(gun.store.stepping.square128Steps == 0)
    }
}
