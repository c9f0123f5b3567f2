import Foundation
import Testing
@testable import HashlifeAnalysis
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// A multi-state universe of the RLE `text`.
private func universe(_ text: String) throws -> MultiStateUniverse {
    MultiStateUniverse(pattern: try MultiStateRLE.read(text))
}

/// The multi-state rule `text` names.
private func multiRule(_ text: String) throws -> MultiStateRule {
    let parsed = try AnyRule.parse(text)
    guard let rule = parsed.as(MultiStateRule.self) else {
        Issue.record("\(text) is a two-state rule")
        throw CancellationError()
    }
    return rule
}

/// `identify` and `classify` under Generations, History and Super rules: under Generations the
/// whole pattern's period and displacement and the live cells' apgcode; under History and Super
/// the live cells alone, unless a killer is there.
@Suite struct MultiStateIdentifyTests {
    @Test func liveStatesAreGollys() throws {
        let generations = try multiRule("345/2/4")
        #expect((0...3).map { generations.isLive(UInt8($0)) } == [false, true, false, false])
        let history = try multiRule("LifeHistory")
        #expect((0...6).map { history.isLive(UInt8($0)) } == [false, true, false, true, false, true, false])
        let superRule = try multiRule("LifeSuper")
        #expect((0...25).filter { superRule.isLive(UInt8($0)) } == Array(stride(from: 1, through: 25, by: 2)))
    }

    @Test func generationsSpaceshipIsCodedByItsLiveCells() throws {
        // Brian's Brain's c/1 ship: two firing cells ahead of two refractory ones.
        let ship = try universe("x = 2, y = 2, rule = /2/3\n2A$2B!\n")
        let found = try identify(ship, selection: nil, maxPeriod: BigUInt(100), control: nil)
        let object = try #require(found.object)
        #expect(object.kind == .spaceship && object.period == 1 && (object.dx, object.dy) == (0, -1))
        #expect(object.apgcode() == "xq1_3")
        #expect(found.objects == 1)
        #expect(ship.generation.isZero && ship.population == BigUInt(4))
    }

    @Test func generationsOscillatorHasTheWholePatternsPeriod() throws {
        // A Star Wars (345/2/4) oscillator of period 12 from generation 7, its six live cells
        // turning among dying ones.
        let text = "x = 4, y = 4, rule = 345/2/4\nA2.A$4A$2A$4A!\n"
        let found = try identify(try universe(text), selection: nil, maxPeriod: BigUInt(1000), control: nil)
        let reference = try #require(Self.repeatBySingleSteps(try universe(text), limit: 1000))
        #expect(found.classification.verdict == .oscillator(generation: BigUInt(reference.first), period: reference.period))
        let object = try #require(found.object)
        #expect(object.kind == .oscillator && object.period == 12)
        #expect(object.apgcode() == "xp12_27a" && object.populationRange == 6...6)
    }

    @Test func historyBlinkerIsABlinkerFromTheStart() throws {
        // Its live cells blink from generation 0, whatever trail they lay.
        let blinker = try universe("x = 3, y = 1, rule = LifeHistory\n3A!\n")
        let found = try identify(blinker, selection: nil, maxPeriod: BigUInt(100), control: nil)
        let object = try #require(found.object)
        #expect(found.classification.verdict == .oscillator(generation: .zero, period: 2))
        #expect(object.apgcode() == "xp2_7" && object.populationRange == 3...3)
        #expect(Apgcode.namesObjects(under: blinker.anyRule))
        #expect(!Apgcode.namesObjects(under: AnyRule(try multiRule("23/3/3"))))
    }

    @Test func historyGliderIsAGliderWhateverItsTrail() throws {
        // Golly shows the glider's history trail lengthening every generation; its live cells
        // are a glider's, and identify and classify answer for them.
        let text = "x = 3, y = 3, rule = LifeHistory\n.A$2.A$3A!\n"
        let glider = try universe(text)
        let found = try identify(glider, selection: nil, maxPeriod: BigUInt(10_000), control: nil)
        let object = try #require(found.object, "\(found.classification.verdict)")
        #expect(object.apgcode() == "xq4_153" && object.period == 4 && found.objects == 1)
        #expect(found.classification.verdict == .spaceship(generation: .zero, period: 4, dx: 1, dy: 1, speed: "c/4 diagonal"))
        #expect(try classify(glider, maxGeneration: BigUInt(1000), control: nil).verdict == found.classification.verdict)
        // The live cells are those the reference stepper leaves: after 40 generations, a
        // glider moved (10, 10), its trail beside it.
        var reference = MultiStateReference(try MultiStateRLE.read(text))
        for _ in 0..<40 { reference.step() }
        let live = reference.cells.filter { $0.state & 1 == 1 }.map { "\($0.x - 10),\($0.y - 10)" }
        #expect(live == ["1,0", "2,1", "0,2", "1,2", "2,2"])
        #expect(reference.population > 5)
        // A killer (state 6) far off its lane: the whole pattern is looked at again, and its
        // trail grows.
        let guarded = try universe("x = 3, y = 23, rule = LifeHistory\n.A$2.A$3A20$F!\n")
        let grows = try classify(guarded, maxGeneration: BigUInt(10_000), control: nil)
        guard case .growing(_, let period, let increment, _) = grows.verdict else { Issue.record("\(grows.verdict)"); return }
        #expect(period == 1 && increment == .one)
        // The same glider in Super's state 13, which leaves no trail, is a glider.
        let bare = try universe("x = 3, y = 3, rule = LifeSuper\n.M$2.M$3M!\n")
        let ship = try #require(try identify(bare, selection: nil, maxPeriod: BigUInt(100), control: nil).object)
        #expect(ship.apgcode() == "xq4_153" && ship.period == 4)
    }

    @Test func selectionIsIdentifiedAlone() throws {
        // A LifeSuper block (state 13) and a glider far away: the selection holds the block.
        let pair = try universe("x = 42, y = 42, rule = LifeSuper\n2M$2M38$40.M$41.M$39.3M!\n")
        let rect = CellRect(x: .zero, y: .zero, width: BigUInt(4), height: BigUInt(4))
        let block = try identify(pair, selection: rect, maxPeriod: BigUInt(100), control: nil)
        #expect(block.object?.apgcode() == "xs4_33")
        #expect(pair.population == BigUInt(9))
    }

    @Test func objectsOfAMultiStatePatternAreItsGroups() throws {
        // Two LifeHistory blinkers far apart (with their trails), one object each.
        let pair = try universe("x = 23, y = 1, rule = LifeHistory\n3A17.3A!\n")
        let found = try identify(pair, selection: nil, maxPeriod: BigUInt(100), control: nil)
        #expect(found.objects == 2)
        let listing = try listObjects(pair, maxPeriod: BigUInt(100), control: nil)
        let objects = try #require(listing.objects)
        #expect(objects.map { $0.object?.apgcode() } == ["xp2_7", "xp2_7"])
        #expect(listing.generation == .zero)
    }

    @Test func pseudoStillLifesSplitWhereLiveCellsFollowTheTwoStateRule() throws {
        // A bi-block: History's and Super's live cells follow B3/S23, so it is two blocks, as
        // in Life; a Generations rule's dying states hold back births, so its cluster is one
        // object there.
        for rule in ["LifeHistory", "LifeSuper"] {
            let pair = try universe("x = 5, y = 2, rule = \(rule)\n2ob2o$2ob2o!\n")
            #expect(try identify(pair, selection: nil, maxPeriod: BigUInt(100), control: nil).objects == 2, "\(rule)")
            let objects = try #require(try listObjects(pair, maxPeriod: BigUInt(100), control: nil).objects)
            #expect(objects.map { $0.object?.apgcode() } == ["xs4_33", "xs4_33"], "\(rule)")
            #expect(objects.map(\.corner) == [CellPosition(x: 0, y: 0), CellPosition(x: 3, y: 0)], "\(rule)")
        }
        let dying = try universe("x = 5, y = 2, rule = 23/3/3\n2ob2o$2ob2o!\n")
        let found = try identify(dying, selection: nil, maxPeriod: BigUInt(100), control: nil)
        #expect(found.objects == 1)
        #expect(found.object?.apgcode() == "xs8_rr")
        let whole = try #require(try listObjects(dying, maxPeriod: BigUInt(100), control: nil).objects)
        #expect(whole.map { $0.object?.apgcode() } == ["xs8_rr"] && whole.first?.cells.count == 8)
    }

    @Test func unsupportedMultiStateRulesSayWhy() throws {
        let torus = try universe("x = 3, y = 1, rule = LifeHistory:T20,20\n3A!\n")
        #expect(throws: IdentifyError.self) { try identify(torus, selection: nil, maxPeriod: BigUInt(10), control: nil) }
        #expect(Apgcode.unsupportedReason(torus.anyRule)?.contains("bounded grid") == true)
        let hexagonal = AnyRule(try multiRule("2/2/3H"))
        #expect(Apgcode.unsupportedReason(hexagonal)?.contains("rotated and reflected") == true)
        #expect(Apgcode.unsupportedReason(AnyRule(try multiRule("/2/3"))) == nil)
    }

    // MARK: Classification with jumps

    /// The first generation and period at which `universe` repeats, found by stepping one
    /// generation at a time and comparing every state (the reference for the jumps).
    static func repeatBySingleSteps(_ universe: MultiStateUniverse, limit: Int) -> (first: Int, period: Int)? {
        var seen: [[MultiStateCell]: Int] = [:]
        for t in 0...limit {
            let cells = universe.statePattern.normalised
            if let first = seen[cells] { return (first, t - first) }
            seen[cells] = t
            universe.step()
        }
        return nil
    }

    @Test func lateSettlingPatternIsClassifiedByJumpsAsBySingleSteps() throws {
        // A LifeSuper glider (state 13, no trail) meets an eater 1 far away, long after the
        // one-generation-at-a-time look: the eater is a still life from then on.
        let text = "x = 404, y = 404, rule = LifeSuper\n.M$2.M$3M398$400.2M$400.M.M$402.M$402.2M!\n"
        let pattern = try universe(text)
        let started = Date()
        let classification = try classify(pattern, maxGeneration: BigUInt(100_000), control: nil)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(pattern.generation.isZero && pattern.population == BigUInt(12))
        let reference = try #require(Self.repeatBySingleSteps(try universe(text), limit: 4000))
        #expect(reference.first > Classifier.denseGenerations)
        #expect(classification.verdict == .still(generation: BigUInt(reference.first)), "\(classification.verdict)")
        #expect(reference.period == 1)
        #expect(classification.population == BigUInt(7))
    }

    @Test func historyGunGrowsAsLifesGun() throws {
        // Its live cells are Life's gun: a glider (five cells) every 30 generations, as the
        // two-state classifier says of the gun under B3/S23.
        let text = try String(contentsOfFile: Fixtures.pattern("gosper-glider-gun.rle"), encoding: .utf8)
        let gun = try universe(text.replacingOccurrences(of: "rule = B3/S23", with: "rule = LifeHistory"))
        let classification = try classify(gun, maxGeneration: BigUInt(100_000), control: nil)
        guard case .growing(_, let period, let increment, _) = classification.verdict else { Issue.record("\(classification.verdict)"); return }
        #expect(period == 30 && increment == BigUInt(5))
        let life = try classify(try Universe(document: RLEReader.read(text)), maxGeneration: BigUInt(100_000), control: nil)
        #expect(classification == life)
    }

    @Test func lateOscillatorIsFoundByJumpsAsBySingleSteps() throws {
        // A LifeSuper glider (state 13) strikes an eater 1 off its lane long after the dense
        // look, leaving a period-2 oscillator.
        let text = "x = 400, y = 404, rule = LifeSuper\n.M$2.M$3M398$396.2M$396.M.M$398.M$398.2M!\n"
        let classification = try classify(try universe(text), maxGeneration: BigUInt(100_000), control: nil)
        let reference = try #require(Self.repeatBySingleSteps(try universe(text), limit: 4000))
        #expect(reference.first > Classifier.denseGenerations && reference.period == 2)
        #expect(classification.verdict == .oscillator(generation: BigUInt(reference.first), period: reference.period), "\(classification.verdict)")
    }

    // MARK: Golly's files

    static var goldenFiles: String? { Fixtures.shared.map { $0 + "/corpus/golly" } }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: Golly's pattern files are not available"))
    func gollysSnakeOscillatorsAreSeparated() throws {
        let text = try String(contentsOfFile: Self.goldenFiles! + "/Generations/snake-square-oscillators.rle", encoding: .utf8)
        let snake = MultiStateUniverse(pattern: try MultiStateRLE.read(text))
        let listing = try listObjects(snake, maxPeriod: BigUInt(10_000), control: nil)
        let objects = try #require(listing.objects)
        // The file's small squares are period-1, 12 and 24 objects; some larger groups do
        // not repeat within the look-ahead.
        let codes = objects.compactMap { $0.object?.apgcode() }
        #expect(codes.contains("xs1_1") && codes.contains("xp12_104") && codes.contains("xp24_401xhz2x2"), "\(codes)")
        #expect(objects.count == 187)
    }

    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: Golly's pattern files are not available"))
    func gollysSteeplechaseIsAPeriod20Oscillator() throws {
        // "p20 from the Star Wars Fun collection", as the file says.
        let text = try String(contentsOfFile: Self.goldenFiles! + "/Generations/steeplechase.rle", encoding: .utf8)
        let found = try identify(MultiStateUniverse(pattern: try MultiStateRLE.read(text)), selection: nil, maxPeriod: BigUInt(10_000), control: nil)
        let object = try #require(found.object, "\(found.classification.verdict.summary)")
        #expect(object.kind == .oscillator && object.period == 20)
        #expect(found.classification.verdict.generation == BigUInt(187))
        #expect(object.apgcode().hasPrefix("xp20_"))
    }
}
