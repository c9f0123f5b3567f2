import Testing
import HashlifeAnalysis
import HashlifeEngine
import HashlifeTestSupport

/// The oscillator of a shipped pattern file, found by the classifier.
private func oscillator(_ file: String) throws -> PeriodicObject {
    try #require(try PeriodicObject.find(in: Fixtures.universe(file), maxGeneration: 1000).object)
}

@Suite struct OscillatorStatisticsTests {
    @Test(arguments: [
        // file, period, heat, rotor, stator, volatility
        ("blinker.rle", 2, 4.0, 4, 1, 0.8),
        ("beacon.rle", 2, 2.0, 2, 6, 0.25),
        ("pulsar.rle", 3, 128.0 / 3, 64, 24, 64.0 / 88),
        ("pentadecathlon.rle", 15, 22.4, 80, 0, 1.0),
    ])
    func knownOscillators(file: String, period: Int, heat: Double, rotor: Int, stator: Int, volatility: Double) throws {
        let object = try oscillator(file)
        #expect(object.kind == .oscillator && object.period == period)
        let statistics = try #require(object.statistics)
        #expect(abs(statistics.heat - heat) < 1e-9)
        #expect(statistics.rotor == rotor && statistics.stator == stator)
        #expect(abs(statistics.volatility - volatility) < 1e-9)
        // Prime periods: every rotor cell has the full period.
        if period == 2 || period == 3 { #expect(abs(statistics.strictVolatility - volatility) < 1e-9) }
    }

    @Test func strictVolatilityCountsOnlyCellsOfTheFullPeriod() throws {
        // Period 4: cell a blinks with period 2, cell b with period 4, cell c never changes.
        let a = CellPosition(x: 0, y: 0), b = CellPosition(x: 1, y: 0), c = CellPosition(x: 2, y: 0)
        let statistics = OscillatorStatistics(phases: [[a, b, c], [c], [a, c], [c]])
        #expect(statistics.rotor == 2 && statistics.stator == 1)
        #expect(abs(statistics.volatility - 2.0 / 3) < 1e-9)
        #expect(abs(statistics.strictVolatility - 1.0 / 3) < 1e-9)
        // Changes: 2 (a, b die), 1 (a born), 1 (a dies), 2 (a, b born), over 4 generations.
        #expect(abs(statistics.heat - 1.5) < 1e-9)
        // Every cell of the pentadecathlon has period 15 (none repeats after 3 or 5).
        #expect(try oscillator("pentadecathlon.rle").statistics?.strictVolatility == 1)
    }

    @Test func stillLifesAndSpaceships() throws {
        let block = try oscillator("block.rle")
        #expect(block.kind == .still)
        #expect(block.statistics == OscillatorStatistics(phases: [block.phases[0]]))
        #expect(block.statistics?.rotor == 0 && block.statistics?.stator == 4 && block.statistics?.heat == 0)
        #expect(block.statistics?.volatility == 0)
        let glider = try oscillator("glider.rle")
        #expect(glider.kind == .spaceship && glider.statistics == nil && glider.speed == "c/4 diagonal")
    }

    @Test func populationRangeAndBoundingBoxOverThePeriod() throws {
        let pentadecathlon = try oscillator("pentadecathlon.rle")
        #expect(pentadecathlon.populationRange == 12...40)
        let box = try #require(pentadecathlon.boundingBox)
        #expect((box.width, box.height) == (16, 9) || (box.width, box.height) == (9, 16))
        let pulsar = try oscillator("pulsar.rle")
        #expect(pulsar.populationRange == 48...72)
        #expect(pulsar.boundingBox.map { ($0.width, $0.height) } ?? (0, 0) == (15, 15))
        let blinker = try oscillator("blinker.rle")
        #expect(blinker.populationRange == 3...3)
        #expect(blinker.boundingBox.map { ($0.width, $0.height) } ?? (0, 0) == (3, 3))
    }
}
