import Foundation
import Testing
@testable import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// The cells of an RLE body (no header needed).
private func cells(_ rle: String) throws -> [CellPosition] {
    try RLEReader.read("x = 0, y = 0\n" + rle).cells.map { CellPosition(x: $0.x, y: $0.y) }
}

/// The object that `cells` is (under B3/S23), found by the classifier.
private func object(_ cells: [CellPosition], rule: Rule = .life) throws -> PeriodicObject? {
    let universe = Universe(rule: rule)
    universe.load(cells: cells.map { (x: $0.x, y: $0.y) })
    return try PeriodicObject.find(in: universe, maxGeneration: 1000).object
}

/// The apgcode of the object an RLE body draws.
private func apgcode(_ rle: String, limits: ApgcodeLimits = .lifelibPattern) throws -> String? {
    try object(cells(rle))?.apgcode(limits: limits)
}

/// `cells` turned by one of the eight symmetries of the square (0 the identity).
private func turned(_ cells: [CellPosition], _ symmetry: Int) -> [CellPosition] {
    cells.map { c in
        var (x, y) = (c.x, c.y)
        if symmetry & 1 != 0 { x = -x }
        if symmetry & 2 != 0 { y = -y }
        if symmetry & 4 != 0 { (x, y) = (y, x) }
        return CellPosition(x: x, y: y)
    }
}

@Suite struct ApgcodeTests {
    /// Well-known objects drawn in one phase and orientation, with their usual names.
    static let wellKnown: [(name: String, rle: String)] = [
        ("block", "2o$2o!"), ("tub", "bo$obo$bo!"), ("boat", "2o$obo$bo!"), ("ship", "2o$obo$b2o!"),
        ("beehive", "b2o$o2bo$b2o!"), ("barge", "bo$obo$bobo$2bo!"), ("aircraft carrier", "2o$o2bo$2b2o!"),
        ("snake", "2obo$ob2o!"), ("loaf", "b2o$o2bo$bobo$2bo!"), ("long boat", "2o$obo$bobo$2bo!"),
        ("eater 1", "2o$obo$2bo$2b2o!"), ("pond", "b2o$o2bo$o2bo$b2o!"), ("long ship", "2o$obo$bobo$2b2o!"),
        ("long barge", "bo$obo$bobo$2bobo$3bo!"), ("mango", "b2o$o2bo$bo2bo$2b2o!"), ("canoe", "3b2o$4bo$3bo$obo$2o!"),
        ("shillelagh", "2o$o2b2o$b2obo!"), ("bi-block", "2ob2o$2ob2o!"), ("hat", "2bo$bobo$bobo$2ob2o!"),
        ("ship-tie", "2o$obo$b2o$3b2o$3bobo$4b2o!"),
        ("blinker", "3o!"), ("toad", "b3o$3o!"), ("beacon", "2o$2o$2b2o$2b2o!"), ("clock", "2bo$obo$bobo$bo!"),
        ("pulsar", "2b3o3b3o2$o4bobo4bo$o4bobo4bo$o4bobo4bo$2b3o3b3o2$2b3o3b3o$o4bobo4bo$o4bobo4bo$o4bobo4bo2$2b3o3b3o!"),
        ("caterer", "2bo$o3b4o$o3bo$o$3bo$b2o!"), ("mold", "3b2o$2bo2bo$o2bobo$4bo$ob2o$bo!"),
        ("octagon 2", "3b2o$2bo2bo$bo4bo$o6bo$o6bo$bo4bo$2bo2bo$3b2o!"), ("figure eight", "3o$3o$3o$3b3o$3b3o$3b3o!"),
        ("pentadecathlon", "2bo4bo$2ob4ob2o$2bo4bo!"),
        ("queen bee shuttle", "9bo$7bobo$6bobo$2o3bo2bo11b2o$2o4bobo11b2o$7bobo$9bo!"),
        ("twin bees shuttle", "17b2o$2o15bobo7b2o$2o17bo7b2o$17b3o4$17b3o$2o17bo$2o15bobo$17b2o!"),
        ("glider", "bo$2bo$3o!"), ("LWSS", "bo2bo$o$o3bo$4o!"),
    ]

    @Test func wellKnownObjectsHaveTheirNamesInEveryOrientation() throws {
        for (name, rle) in Self.wellKnown {
            let drawn = try cells(rle)
            var codes = Set<String>()
            for symmetry in 0..<8 {
                let code = try #require(try object(turned(drawn, symmetry))?.apgcode(), "\(name)")
                codes.insert(code)
            }
            #expect(codes.count == 1, "\(name): \(codes)")
            #expect(codes.first.flatMap(Apgcode.name(of:)) == name, "\(name): \(codes)")
        }
        // Every name in the table is drawn above, so each of its codes is checked.
        #expect(Set(Apgcode.lifeNames.values).subtracting(Self.wellKnown.map(\.name)) == ["MWSS", "HWSS"])
    }

    @Test func prefixesSayStillOscillatorOrSpaceshipAndCountOrPeriod() throws {
        #expect(try apgcode("2o$2o!") == "xs4_33")
        #expect(try apgcode("3o!") == "xp2_7")
        #expect(try apgcode("bo$2bo$3o!") == "xq4_153")
        #expect(Apgcode.code(phases: [[]]) == "xs0_0")
        // Empty columns inside a code and blank strips between strips ("zz").
        #expect(try apgcode("9bo$7bobo$6bobo$2o3bo2bo11b2o$2o4bobo11b2o$7bobo$9bo!") == "xp30_w33z8kqrqk8zzzw33")
    }

    @Test(.enabled(if: Fixtures.shared != nil, "needs ../shared/census (python-lifelib's apgcodes of objects)"))
    func everyReferenceObjectHasLifelibsCode() throws {
        let text = try String(contentsOfFile: Fixtures.shared! + "/census/objects-visible.tsv", encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }
        #expect(rows.count >= 14)
        var matches = 0
        for fields in rows {
            let code = try apgcode(fields[1])
            #expect(code == fields[2], "\(fields[0])")
            if code == fields[2] { matches += 1 }
        }
        #expect(matches == rows.count)
    }

    @Test func shippedPatternsHaveTheirNames() throws {
        let expected = [
            "block.rle": "block", "beehive.rle": "beehive", "loaf.rle": "loaf", "boat.rle": "boat", "tub.rle": "tub",
            "blinker.rle": "blinker", "toad.rle": "toad", "beacon.rle": "beacon", "pulsar.rle": "pulsar",
            "pentadecathlon.rle": "pentadecathlon", "glider.rle": "glider", "lwss.rle": "LWSS", "mwss.rle": "MWSS", "hwss.rle": "HWSS",
        ]
        for (file, name) in expected {
            let found = try PeriodicObject.find(in: Fixtures.universe(file), maxGeneration: 1000).object
            #expect(found.map { $0.apgcode() }.flatMap(Apgcode.name(of:)) == name, "\(file)")
        }
    }

    @Test func blankColumnRunsAreShortened() {
        // Two cells in a row with n blank columns between them, read as they stand.
        func code(gap n: Int) -> String {
            let cells = [CellPosition(x: 0, y: 0), CellPosition(x: n + 1, y: 0)]
            return String(decoding: Apgcode.stripCode(cells, width: n + 2, height: 1, orientation: .identity, bound: .max)!, as: UTF8.self)
        }
        #expect(code(gap: 0) == "11")
        #expect(code(gap: 1) == "101")
        #expect(code(gap: 2) == "1w1")
        #expect(code(gap: 3) == "1x1")
        #expect(code(gap: 4) == "1y01")
        #expect(code(gap: 13) == "1y91")
        #expect(code(gap: 14) == "1ya1")
        #expect(code(gap: 39) == "1yz1")
        #expect(code(gap: 40) == "1yz01")
        #expect(code(gap: 42) == "1yzx1")
        #expect(code(gap: 79) == "1yzyz01")
        // Rows: bit k of a digit is row k of its strip; the sixth row starts a new strip.
        let column = (0..<6).map { CellPosition(x: 0, y: $0) }
        #expect(Apgcode.stripCode(column, width: 1, height: 6, orientation: .identity, bound: .max) == Array("vz1".utf8))
        // Blank columns at a strip's end are not written, and a blank strip leaves "zz".
        let corners = [CellPosition(x: 0, y: 0), CellPosition(x: 3, y: 11)]
        #expect(Apgcode.stripCode(corners, width: 4, height: 12, orientation: .identity, bound: .max) == Array("1zzx2".utf8))
        #expect(Apgcode.stripCode(corners, width: 4, height: 12, orientation: .identity, bound: 4) == nil)
    }

    @Test func codesDoNotDependOnOrientationPositionOrPhaseOrder() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let size = 1 + Int(generator.next() % 12), count = 1 + Int(generator.next() % 20)
            let phase = (0..<count).map { _ in CellPosition(x: Int(generator.next() % UInt64(size)), y: Int(generator.next() % UInt64(size))) }
            let code = Apgcode.phaseCode(phase)
            #expect(code != nil)
            for symmetry in 1..<8 {
                let moved = turned(phase, symmetry).map { CellPosition(x: $0.x + 1000, y: $0.y - 77) }
                #expect(Apgcode.phaseCode(moved) == code)
            }
            let other = turned(phase, 5)
            #expect(Apgcode.code(phases: [phase, other]) == Apgcode.code(phases: [other, phase]))
        }
    }

    @Test func theSimplestCodeIsTheShortestThenTheFirstInByteOrder() {
        #expect(Apgcode.isSimpler(Array("zz".utf8), than: Array("000".utf8)))
        #expect(Apgcode.isSimpler(Array("33".utf8), than: Array("3a".utf8)))
        #expect(!Apgcode.isSimpler(Array("3a".utf8), than: Array("33".utf8)))
        // A blinker's vertical phase reads "7" one way; its horizontal phase "111" or "7".
        let vertical = [CellPosition(x: 0, y: 0), CellPosition(x: 0, y: 1), CellPosition(x: 0, y: 2)]
        #expect(Apgcode.phaseCode(vertical) == "7")
    }

    @Test func oversizedObjectsGetOvCodesUnderApgsearchsLimits() throws {
        // Four blocks at the corners of a 200×200 box: (202 × 202) cells of box and margin
        // exceed apgsearch's 40,000, not python-lifelib's limit.
        var corners: [CellPosition] = []
        for (x, y) in [(0, 0), (198, 0), (0, 198), (198, 198)] {
            corners += [CellPosition(x: x, y: y), CellPosition(x: x + 1, y: y), CellPosition(x: x, y: y + 1), CellPosition(x: x + 1, y: y + 1)]
        }
        #expect(Apgcode.code(phases: [corners], limits: .apgsearch) == "ov_s16")
        #expect(Apgcode.code(phases: [corners]).hasPrefix("xs16_33y"))
        // A 190×190 field of blocks is small enough in area but its code runs past 1,280
        // characters.
        var field: [CellPosition] = []
        for bx in stride(from: 0, to: 189, by: 3) {
            for by in stride(from: 0, to: 189, by: 3) {
                field += [CellPosition(x: bx, y: by), CellPosition(x: bx + 1, y: by), CellPosition(x: bx, y: by + 1), CellPosition(x: bx + 1, y: by + 1)]
            }
        }
        #expect(Apgcode.code(phases: [field], limits: .apgsearch) == "ov_s\(field.count)")
        #expect(Apgcode.code(phases: [field]).count > 1280)
        // Oscillators and spaceships keep their period.
        let blinkers = [[CellPosition(x: 0, y: 0), CellPosition(x: 1, y: 0), CellPosition(x: 2, y: 0), CellPosition(x: 300, y: 300)],
                        [CellPosition(x: 1, y: -1), CellPosition(x: 1, y: 0), CellPosition(x: 1, y: 1), CellPosition(x: 300, y: 300)]]
        #expect(Apgcode.code(phases: blinkers, limits: .apgsearch) == "ov_p2")
        #expect(Apgcode.code(phases: blinkers, dx: 1, limits: .apgsearch) == "ov_q2")
    }

    @Test func rulesThatDoNotTreatOrientationsAlikeHaveNoCodes() throws {
        #expect(Apgcode.unsupportedReason(.life) == nil)
        #expect(Apgcode.unsupportedReason(try Rule("B36/S23")) == nil)
        #expect(Apgcode.unsupportedReason(try Rule("B2-a/S12")) == nil)
        #expect(Apgcode.unsupportedReason(try Rule("B0123478/S34678"))?.contains("B0") == true)
        #expect(Apgcode.unsupportedReason(try Rule("W110")) != nil)
        #expect(Apgcode.unsupportedReason(try Rule("B3/S23:T20,20"))?.contains("grid") == true)
    }
}
