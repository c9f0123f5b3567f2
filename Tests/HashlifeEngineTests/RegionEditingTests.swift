import Dispatch
import Testing
@testable import HashlifeEngine
import HashlifeTestSupport

/// Region operations (clips, clearing, pasting, rotating, filling) against the reference
/// engine's cell-by-cell versions, on random soups and random rectangles: unaligned, larger
/// than the pattern, partly outside it, and far out in the plane.
@Suite struct RegionEditingTests {
    /// Where the soups are put: near the origin, past Int's range, far beyond it, negative.
    static let offsets: [(x: BigInt, y: BigInt)] = [
        (.zero, .zero),
        (try! BigInt(BigUInt.parseCount("10^30")) + 3, -(try! BigInt(BigUInt.parseCount("10^30"))) + 5),
        (BigInt(BigUInt.powerOfTwo(200)) - 1, BigInt(BigUInt.powerOfTwo(200)) + 7),
        (-BigInt(BigUInt.powerOfTwo(200)) + 11, BigInt(-12345)),
    ]

    /// A universe holding `cells` moved by `offset`.
    static func universe(_ cells: [ReferenceCell], at offset: (x: BigInt, y: BigInt)) -> Universe {
        let universe = Universe()
        universe.load(cells: cells.lazy.map { (x: $0.x, y: $0.y) }, originX: offset.x, originY: offset.y)
        return universe
    }

    /// The universe's live cells moved back by `offset` (they must then fit an Int).
    static func cells(_ universe: Universe, at offset: (x: BigInt, y: BigInt)) -> Set<ReferenceCell> {
        var cells = Set<ReferenceCell>()
        universe.forEachLiveCell { x, y in cells.insert(ReferenceCell(x: (x - offset.x).intValue!, y: (y - offset.y).intValue!)) }
        return cells
    }

    /// Expects two cell sets equal, reporting a few differing cells rather than both sets.
    static func expectSame(_ got: Set<ReferenceCell>, _ expected: Set<ReferenceCell>, _ context: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let extra = got.subtracting(expected), missing = expected.subtracting(got)
        let same = extra.isEmpty && missing.isEmpty
        #expect(same, "\(context): \(extra.count) extra, e.g. \(extra.sorted().prefix(3)); \(missing.count) missing, e.g. \(missing.sorted().prefix(3))",
                sourceLocation: sourceLocation)
    }

    static func cells(of clip: PatternClip, in universe: Universe) -> Set<ReferenceCell> {
        var cells = Set<ReferenceCell>()
        universe.forEachLiveCell(of: clip) { dx, dy in cells.insert(ReferenceCell(x: dx, y: dy)) }
        return cells
    }

    static func rect(_ x: Int, _ y: Int, _ w: Int, _ h: Int, at offset: (x: BigInt, y: BigInt)) -> CellRect {
        CellRect(x: offset.x + BigInt(x), y: offset.y + BigInt(y), width: BigUInt(w), height: BigUInt(h))
    }

    /// A random rectangle around a 40×30 soup at (0, 0): often unaligned, sometimes larger than
    /// the soup or beside it, sometimes empty.
    static func randomRect(_ rng: inout SplitMix64) -> (x: Int, y: Int, w: Int, h: Int) {
        (Int.random(in: -30...45, using: &rng), Int.random(in: -30...35, using: &rng),
         Int.random(in: 0...90, using: &rng), Int.random(in: 0...80, using: &rng))
    }

    static let soup = randomSoup(width: 40, height: 30, density: 0.4, seed: 1301)

    @Test(arguments: 0..<4)
    func clipsHoldTheRectanglesCells(offsetIndex: Int) {
        let offset = Self.offsets[offsetIndex]
        let universe = Self.universe(Self.soup, at: offset)
        let reference = ReferenceEngine(cells: Self.soup)
        var rng = SplitMix64(seed: 7 + UInt64(offsetIndex))
        for _ in 0..<40 {
            let (x, y, w, h) = Self.randomRect(&rng)
            let clip = universe.clip(of: Self.rect(x, y, w, h, at: offset))
            let expected = reference.clip(x: x, y: y, width: w, height: h)
            #expect(clip.width == BigUInt(w) && clip.height == BigUInt(h))
            #expect(clip.population == BigUInt(expected.count), "rect \(x),\(y),\(w),\(h)")
            Self.expectSame(Self.cells(of: clip, in: universe), expected, "rect \(x),\(y),\(w),\(h)")
        }
        Self.expectSame(Self.cells(universe, at: offset), reference.cells, "copying changed the universe")
        #expect(universe.invariantViolations().isEmpty)
    }

    @Test(arguments: 0..<4)
    func clearingInsideAndOutsideMatchesTheReference(offsetIndex: Int) {
        let offset = Self.offsets[offsetIndex]
        let reference = ReferenceEngine(cells: Self.soup)
        var rng = SplitMix64(seed: 17 + UInt64(offsetIndex))
        for round in 0..<30 {
            let (x, y, w, h) = Self.randomRect(&rng)
            let inside = round % 2 == 0
            let universe = Self.universe(Self.soup, at: offset)
            if inside {
                universe.clear(inside: Self.rect(x, y, w, h, at: offset))
            } else {
                universe.clear(outside: Self.rect(x, y, w, h, at: offset))
            }
            let expected = reference.clearing(inside: inside, x: x, y: y, width: w, height: h)
            Self.expectSame(Self.cells(universe, at: offset), expected.cells, "clear \(inside ? "inside" : "outside") \(x),\(y),\(w),\(h)")
            #expect(universe.invariantViolations().isEmpty)
            // Shrunk back: the root is no bigger than a universe loaded with the same cells.
            let fresh = Self.universe(Array(expected.cells), at: offset)
            #expect(universe.cellSetKey.level == fresh.cellSetKey.level || expected.cells.isEmpty)
        }
    }

    @Test(arguments: PasteMode.allCases)
    func pastingMatchesTheReferenceInEveryMode(mode: PasteMode) {
        let source = randomSoup(width: 30, height: 25, density: 0.5, seed: 1303)
        let target = randomSoup(width: 40, height: 30, density: 0.35, seed: 1304)
        var rng = SplitMix64(seed: 23)
        for round in 0..<24 {
            // Copy somewhere, paste somewhere else: far from where it came from, unaligned.
            let from = Self.offsets[round % 4], to = Self.offsets[(round / 4 + round) % 4]
            let sourceUniverse = Self.universe(source, at: from)
            let universe = Self.universe(target, at: to)
            let (x, y, w, h) = Self.randomRect(&rng)
            let px = Int.random(in: -40...40, using: &rng), py = Int.random(in: -40...40, using: &rng)
            let clip = universe.clip(of: Self.rect(x, y, w, h, at: from), in: sourceUniverse)
            universe.paste(clip, x: to.x + BigInt(px), y: to.y + BigInt(py), mode: mode)
            let copied = ReferenceEngine(cells: source).clip(x: x, y: y, width: w, height: h)
            let expected = ReferenceEngine(cells: target).pasting(copied, width: w, height: h, x: px, y: py, mode: mode)
            Self.expectSame(Self.cells(universe, at: to), expected.cells,
                    "\(mode) of \(x),\(y),\(w),\(h) at \(px),\(py), offsets \(round % 4) → \((round / 4 + round) % 4)")
            #expect(universe.invariantViolations().isEmpty)
        }
    }

    @Test func pastingWithinOneUniverseMovesAcrossHugeDistances() {
        let universe = Self.universe(Self.soup, at: Self.offsets[0])
        let reference = ReferenceEngine(cells: Self.soup)
        let clip = universe.clip(of: CellRect(x: 3, y: 2, width: 29, height: 21))
        let copied = reference.clip(x: 3, y: 2, width: 29, height: 21)
        let far = Self.offsets[2]
        universe.paste(clip, x: far.x, y: far.y, mode: .copy)
        universe.paste(clip, x: -far.x + 5, y: far.y - 1, mode: .xor)
        // Near cells unchanged, far copies exact.
        var near = Set<ReferenceCell>(), farCells = Set<ReferenceCell>(), farLeft = Set<ReferenceCell>()
        universe.forEachLiveCell { x, y in
            if let cx = x.intValue, let cy = y.intValue { near.insert(ReferenceCell(x: cx, y: cy)) }
            else if x.isNegative { farLeft.insert(ReferenceCell(x: (x + far.x - 5).intValue!, y: (y - far.y + 1).intValue!)) }
            else { farCells.insert(ReferenceCell(x: (x - far.x).intValue!, y: (y - far.y).intValue!)) }
        }
        Self.expectSame(near, reference.cells, "cells")
        Self.expectSame(farCells, copied, "cells")
        Self.expectSame(farLeft, copied, "cells")
        #expect(universe.population == BigUInt(reference.population + 2 * copied.count))
    }

    @Test(arguments: PatternTransform.allCases)
    func transformedClipsMatchTheReference(transform: PatternTransform) {
        let reference = ReferenceEngine(cells: Self.soup)
        var rng = SplitMix64(seed: 31)
        for round in 0..<20 {
            let offset = Self.offsets[round % 4]
            let universe = Self.universe(Self.soup, at: offset)
            let (x, y, w, h) = Self.randomRect(&rng)
            let turned = universe.transformed(universe.clip(of: Self.rect(x, y, w, h, at: offset)), transform)
            let expected = ReferenceEngine.transforming(reference.clip(x: x, y: y, width: w, height: h), width: w, height: h, transform)
            #expect(turned.width == BigUInt(transform.swapsSides ? h : w) && turned.height == BigUInt(transform.swapsSides ? w : h))
            Self.expectSame(Self.cells(of: turned, in: universe), expected, "\(transform) of \(x),\(y),\(w),\(h)")
            #expect(turned.population == BigUInt(expected.count))
        }
    }

    @Test(arguments: PatternTransform.allCases)
    func transformingInPlaceMatchesTheReference(transform: PatternTransform) {
        let reference = ReferenceEngine(cells: Self.soup)
        var rng = SplitMix64(seed: 37)
        for round in 0..<16 {
            let offset = Self.offsets[round % 4]
            let universe = Self.universe(Self.soup, at: offset)
            let (x, y, w, h) = Self.randomRect(&rng)
            let moved = universe.transform(Self.rect(x, y, w, h, at: offset), transform)
            let (nw, nh) = transform.swapsSides ? (h, w) : (w, h)
            #expect(moved == Self.rect(x, y, nw, nh, at: offset))
            let turned = ReferenceEngine.transforming(reference.clip(x: x, y: y, width: w, height: h), width: w, height: h, transform)
            let expected = reference.clearing(inside: true, x: x, y: y, width: w, height: h)
                .pasting(turned, width: nw, height: nh, x: x, y: y, mode: .copy)
            Self.expectSame(Self.cells(universe, at: offset), expected.cells, "\(transform) in place of \(x),\(y),\(w),\(h)")
            #expect(universe.invariantViolations().isEmpty)
        }
    }

    @Test func fourQuarterTurnsGiveBackTheSameNodes() {
        // Canonical nodes: the same cells are the same node, so four turns are the identity.
        let universe = Self.universe(Self.soup, at: Self.offsets[1])
        let clip = universe.clip(of: Self.rect(-3, 4, 37, 19, at: Self.offsets[1]))
        var turned = clip
        for _ in 0..<4 { turned = universe.transformed(turned, .rotateClockwise) }
        #expect(turned.node == clip.node && turned.left == clip.left && turned.top == clip.top)
        let back = universe.transformed(universe.transformed(clip, .rotateClockwise), .rotateCounterclockwise)
        #expect(back.node == clip.node)
        let flipped = universe.transformed(universe.transformed(clip, .flipHorizontal), .flipVertical)
        #expect(flipped.node == universe.transformed(clip, .rotate180).node)
    }

    @Test func leafSymmetriesMatchCellByCell() {
        var rng = SplitMix64(seed: 41)
        for _ in 0..<200 {
            let bits = rng.next()
            for transposes in [false, true] {
                for mirrorsX in [false, true] {
                    for mirrorsY in [false, true] {
                        let symmetry = SquareSymmetry(transposes: transposes, mirrorsX: mirrorsX, mirrorsY: mirrorsY)
                        var expected: UInt64 = 0
                        for y in 0..<8 {
                            for x in 0..<8 where bits >> UInt64(y * 8 + x) & 1 == 1 {
                                var (tx, ty) = transposes ? (y, x) : (x, y)
                                if mirrorsX { tx = 7 - tx }
                                if mirrorsY { ty = 7 - ty }
                                expected |= 1 << UInt64(ty * 8 + tx)
                            }
                        }
                        #expect(symmetry.leaf(bits) == expected, "\(symmetry)")
                    }
                }
            }
        }
    }

    @Test func rotatingAHugeHashConsedPatternCostsItsDistinctNodes() {
        // The Gosper gun at 2^30 holds about 10^7 gliders in a few thousand distinct nodes;
        // cell by cell this would not finish.
        let universe = Fixtures.universe("gosper-glider-gun.rle")
        universe.step(by: BigUInt.powerOfTwo(30))
        let box = universe.boundingBox!
        let population = universe.population
        let before = universe.statistics.nodes
        let moved = universe.transform(box, .rotateClockwise)
        #expect(universe.population == population)
        #expect(moved.width == box.height && moved.height == box.width)
        #expect(universe.boundingBox == moved)
        #expect(universe.statistics.nodes - before < 20 * universe.treeNodeCount)
        universe.transform(moved, .rotateCounterclockwise)
        #expect(universe.boundingBox == box)
        #expect(universe.population == population)
    }

    /// Runs `body` on another thread and waits at most `seconds` for it: an operation that is
    /// not memoized per node on a hash-consed pattern never finishes, and this turns that into
    /// a failure instead of a hang (the thread is left behind).
    static func finishes(within seconds: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            body()
            done.signal()
        }
        return done.wait(timeout: .now() + .seconds(seconds)) == .success
    }

    /// A filled rectangle of 2^100 × (2^99 + 5) cells has a few hundred distinct nodes: every
    /// operation memoized per node finishes at once, one that is not never does (4^97 leaves).
    @Test func hugeFilledRectanglesAreCopiedTurnedAndMovedByTheirDistinctNodes() {
        final class Work: @unchecked Sendable {
            let universe = Universe()
            var populations: [BigUInt] = []
            var turned: CellRect?
            var box: CellRect?
            var clipPopulation = BigUInt.zero
        }
        let work = Work()
        let (w, h) = (BigUInt.powerOfTwo(100), BigUInt.powerOfTwo(99) + 5)
        let rect = CellRect(x: BigInt(-12345), y: -BigInt(BigUInt.powerOfTwo(98)) + 3, width: w, height: h)
        // A window of it, unaligned, copied far away twice and combined.
        let part = CellRect(x: rect.x + 7, y: rect.y + BigInt(BigUInt.powerOfTwo(90)) + 1, width: h - 9, height: BigUInt.powerOfTwo(60) + 1)
        let far = BigInt(BigUInt.powerOfTwo(200)) + 3
        let finished = Self.finishes(within: 60) {
            let universe = work.universe
            universe.fill(rect)
            work.populations.append(universe.population)
            work.turned = universe.transform(rect, .rotateCounterclockwise)
            work.box = universe.boundingBox
            work.populations.append(universe.population)
            let clip = universe.clip(of: part)
            work.clipPopulation = clip.population
            universe.paste(clip, x: far, y: far)
            universe.paste(clip, x: far + 1, y: far + 1, mode: .xor)
            work.populations.append(universe.population)
        }
        #expect(finished, "a region operation took over a minute: not memoized per node")
        guard finished else { return }
        #expect(work.populations[0] == w * h && work.populations[1] == w * h)
        #expect(work.turned == CellRect(x: rect.x, y: rect.y, width: h, height: w))
        #expect(work.box == work.turned)
        #expect(work.clipPopulation == part.width * part.height)
        // The xor leaves two L-shaped borders: one row and one column of each copy.
        #expect(work.populations[2] == w * h + 2 * (part.width + part.height - 1))
        #expect(work.universe.invariantViolations().isEmpty)
    }

    @Test func fillingMatchesTheReference() {
        var rng = SplitMix64(seed: 43)
        for round in 0..<12 {
            let offset = Self.offsets[round % 4]
            let universe = Self.universe(Self.soup, at: offset)
            let (x, y, w, h) = Self.randomRect(&rng)
            universe.fill(Self.rect(x, y, w, h, at: offset))
            let expected = ReferenceEngine(cells: Self.soup).filling(x: x, y: y, width: w, height: h)
            Self.expectSame(Self.cells(universe, at: offset), expected.cells, "fill \(x),\(y),\(w),\(h)")
        }
        // A huge rectangle costs its levels, not its area.
        let universe = Universe()
        let side = BigUInt.powerOfTwo(150) + 3
        universe.fill(CellRect(x: -BigInt(side) + 1, y: .zero, width: side, height: side))
        #expect(universe.population == side * side)
        #expect(universe.boundingBox == CellRect(x: -BigInt(side) + 1, y: .zero, width: side, height: side))
    }

    @Test func randomFillIsTheSeededSoup() throws {
        for (index, offset) in Self.offsets.enumerated() {
            let universe = Self.universe(Self.soup, at: offset)
            let (w, h, density) = (37 + index, 29 - index, [0.2, 0.5, 0.375, 0.9][index])
            try universe.fillRandomly(Self.rect(5, -3, w, h, at: offset), density: density, seed: 99 + UInt64(index))
            let soup = Set(randomSoup(width: w, height: h, density: density, seed: 99 + UInt64(index)))
            let expected = ReferenceEngine(cells: Self.soup).pasting(soup, width: w, height: h, x: 5, y: -3, mode: .copy)
            Self.expectSame(Self.cells(universe, at: offset), expected.cells, "offset \(index)")
        }
        let universe = Universe()
        try universe.fillRandomly(CellRect(x: 0, y: 0, width: 20, height: 10), density: 1, seed: 1)
        #expect(universe.population == 200)
        try universe.fillRandomly(CellRect(x: 0, y: 0, width: 20, height: 10), density: 0, seed: 1)
        #expect(universe.isEmpty)
    }

    @Test func randomFillRefusesBadInputAndLeavesTheUniverse() {
        let universe = Self.universe(Self.soup, at: Self.offsets[0])
        let before = universe.saveState()
        for density in [-0.1, 1.5, Double.nan] {
            #expect(throws: RegionError.self) { try universe.fillRandomly(CellRect(x: 0, y: 0, width: 4, height: 4), density: density, seed: 1) }
        }
        #expect(throws: RegionError.tooManyCells(cells: BigUInt(1 << 40), maximum: Universe.maximumRandomFillCells)) {
            try universe.fillRandomly(CellRect(x: 0, y: 0, width: 1 << 20, height: 1 << 20), density: 0.5, seed: 1)
        }
        #expect(throws: RegionError.self) {
            try universe.fillRandomly(CellRect(x: BigInt.zero, y: BigInt.zero, width: BigUInt.powerOfTwo(70), height: BigUInt.one), density: 0.5, seed: 1)
        }
        #expect(universe.saveState() == before)
    }

    /// Clips kept across collections (a clipboard while the user edits and steps) stay
    /// exact, with collections keeping only what roots and pins reach.
    @Test func keptClipsSurviveCollectionsBetweenOperations() {
        let universe = Self.universe(Self.soup, at: Self.offsets[1])
        universe.store.collector.collectsToTheMinimum = true
        var reference = ReferenceEngine(cells: Self.soup)
        var rng = SplitMix64(seed: 47)
        var clipboard: [(clip: PatternClip, cells: Set<ReferenceCell>, w: Int, h: Int)] = []
        for round in 0..<30 {
            let (x, y, w, h) = Self.randomRect(&rng)
            switch round % 3 {
            case 0:
                clipboard.append((universe.clip(of: Self.rect(x, y, w, h, at: Self.offsets[1])), reference.clip(x: x, y: y, width: w, height: h), w, h))
            case 1:
                let kept = clipboard[Int.random(in: 0..<clipboard.count, using: &rng)]
                let mode = PasteMode.allCases[round % 4]
                universe.paste(kept.clip, x: Self.offsets[1].x + BigInt(x), y: Self.offsets[1].y + BigInt(y), mode: mode)
                reference = reference.pasting(kept.cells, width: kept.w, height: kept.h, x: x, y: y, mode: mode)
            default:
                universe.step()
                reference.step()
            }
            universe.collect()
            Self.expectSame(Self.cells(universe, at: Self.offsets[1]), reference.cells, "round \(round)")
            for kept in clipboard { Self.expectSame(Self.cells(of: kept.clip, in: universe), kept.cells, "kept clip, round \(round)") }
            #expect(universe.invariantViolations().isEmpty)
        }
    }

    @Test func clipsFromCellsAndOtherUniversesAndTheirPins() {
        let universe = Universe(memoryLimit: MemoryLimit.minimumBytes)
        let glider = [(x: 1, y: 0), (x: 2, y: 1), (x: 0, y: 2), (x: 1, y: 2), (x: 2, y: 2), (x: 9, y: 9)]
        let clip = universe.clip(cells: glider, width: 3, height: 3)
        #expect(clip.population == 5 && clip.width == 3 && clip.height == 3)
        #expect(Self.cells(of: clip, in: universe) == Set(glider.prefix(5).map { ReferenceCell(x: $0.x, y: $0.y) }))
        // Pinned: collections keep the clip's nodes while it lives.
        universe.store.collector.collectsToTheMinimum = true
        for i in 0..<3000 { universe.setCell(x: i, y: i % 7) }
        universe.clear()
        universe.collect()
        universe.paste(clip, x: 100, y: -100)
        #expect(Self.cells(universe, at: (BigInt(100), BigInt(-100))) == Set(glider.prefix(5).map { ReferenceCell(x: $0.x, y: $0.y) }))
        #expect(universe.invariantViolations().isEmpty)
        // Imported into another universe: the same cells.
        let other = Universe()
        #expect(universe.owns(clip) && !other.owns(clip))
        let imported = other.importing(clip, from: universe)
        #expect(other.owns(imported))
        other.paste(imported, x: -7, y: 3, mode: .copy)
        #expect(Self.cells(other, at: (BigInt(-7), BigInt(3))) == Set(glider.prefix(5).map { ReferenceCell(x: $0.x, y: $0.y) }))
    }
}
