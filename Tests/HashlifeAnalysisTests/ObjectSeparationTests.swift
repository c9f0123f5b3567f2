import Testing
@testable import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The apgcodes of the objects `rle` is separated into, sorted.
private func separatedCodes(_ rle: String, window: Int = 2) throws -> [String] {
    let universe = Universe(rule: .life)
    universe.load(cells: try RLEReader.read("x = 0, y = 0\n" + rle).cells.map { (x: $0.x, y: $0.y) })
    let objects = try #require(try ObjectSeparation.separate(universe, window: window, maxGeneration: 1000))
    return objects.map { $0.object?.apgcode() ?? "not periodic" }.sorted()
}

@Suite struct ObjectSeparationTests {
    @Test func wellKnownObjectsStayWholeExceptPseudoStillLifes() throws {
        for (name, rle) in ApgcodeTests.wellKnown {
            let codes = try separatedCodes(rle, window: 46)
            if name == "bi-block" {
                #expect(codes == ["xs4_33", "xs4_33"])
            } else {
                #expect(codes.count == 1 && codes.first.flatMap(Apgcode.name(of:)) == name, "\(name): \(codes)")
            }
        }
    }

    @Test func objectsApartAreSeparateAndCellsKeepThePatternsFrame() throws {
        let universe = Universe(rule: .life)
        // A block at (10, 10) and a glider far away, and a pre-block that is not periodic.
        let cells: [(x: Int, y: Int)] = [(10, 10), (11, 10), (10, 11), (11, 11), (41, 40), (42, 41), (40, 42), (41, 42), (42, 42),
                                         (80, 10), (81, 10), (80, 11)]
        universe.load(cells: cells)
        let objects = try #require(try ObjectSeparation.separate(universe, window: 4, maxGeneration: 100))
        #expect(objects.map { $0.object?.apgcode() } == ["xs4_33", nil, "xq4_153"])
        #expect(objects.map(\.corner) == [CellPosition(x: 0, y: 0), CellPosition(x: 70, y: 0), CellPosition(x: 30, y: 30)])
        #expect(objects[1].cells.count == 3)
        #expect(try ObjectSeparation.separate(Universe(rule: .life), window: 0, maxGeneration: 10)?.isEmpty == true)
    }

    @Test func touchingObjectsAreSplitBySpaceTimeSeparation() throws {
        // Traffic light: four blinkers around a centre.
        #expect(try separatedCodes("4bo$4bo$4bo2$3o3b3o2$4bo$4bo$4bo!") == ["xp2_7", "xp2_7", "xp2_7", "xp2_7"])
        // Two blocks corner to corner, two cells apart: one cluster, two objects.
        #expect(try separatedCodes("2o$2o2$3b2o$3b2o!") == ["xs4_33", "xs4_33"])
        // A blinker beside a block, close enough that they interact, is one oscillator.
        let close = try separatedCodes("2o$2o2$3o!")
        #expect(close.count == 1)
    }

    @Test func theZoneOfInfluenceHasCornersOnlyForDiagonalBirths() throws {
        #expect(ObjectSeparation.zoneOfInfluence(.life).count == 20)
        #expect(ObjectSeparation.zoneOfInfluence(try Rule("B2/S")).count == 24)
    }

    @Test func successorAgreesWithTheEngine() throws {
        var generator = SplitMix64(seed: 11)
        for rule in [Rule.life, try Rule("B36/S23"), try Rule("B2-a/S12")] {
            for _ in 0..<20 {
                let cells = Set((0..<30).map { _ in CellPosition(x: Int(generator.next() % 9), y: Int(generator.next() % 9)) })
                let universe = Universe(rule: rule)
                universe.load(cells: cells.map { (x: $0.x, y: $0.y) })
                universe.step()
                let expected = Set(universe.referenceCells.map { CellPosition(x: $0.x, y: $0.y) })
                #expect(ObjectSeparation.successor(cells, rule: rule) == expected)
            }
        }
    }

    @Test func disjointSetsCountAndGroup() {
        var sets = DisjointSets(6)
        sets.merge(4, 1)
        sets.merge(1, 5)
        sets.merge(2, 2)
        #expect(sets.count == 4)
        #expect(sets.groups() == [[0], [1, 4, 5], [2], [3]])
    }
}
