import Testing
@testable import HashlifeAnalysis
import HashlifeEngine
import HashlifeTestSupport

/// The census's soup plane and its fast path, against the reference engine and the Hashlife
/// path they stand in for.
@Suite struct SoupPlaneTests {
    /// Every cell of the plane after each generation equals the naive engine's, for random
    /// soups of several rules (the skipping of unchanged blocks must never skip a change).
    @Test(arguments: ["B3/S23", "B36/S23", "B2/S", "B3678/S34678", "B35678/S5678"])
    func stepsLikeTheReferenceEngine(ruleText: String) throws {
        let rule = try Rule(ruleText)
        let plane = try #require(SoupPlane(birth: rule.birthCounts, survival: rule.survivalCounts))
        for seed in 1...3 as ClosedRange<UInt64> {
            let soup = randomSoup(width: 24, height: 24, density: 0.45, seed: seed)
            let origin = SoupPlane.side / 2 - 12
            plane.clear()
            plane.load(soup.map { (x: $0.x + origin, y: $0.y + origin) })
            var reference = ReferenceEngine(rule: rule, cells: soup.map { ReferenceCell(x: $0.x + origin, y: $0.y + origin) })
            for generation in 1...150 {
                let report = plane.step()
                reference.step()
                let cells = Set(plane.liveCells().map { ReferenceCell(x: Int($0 & 0xFFFF), y: Int($0 >> 16)) })
                #expect(cells == reference.cells, "\(ruleText), soup \(seed), generation \(generation)")
                if cells != reference.cells || report.nearEdge { break }
            }
        }
    }

    /// A killed cell is gone from the next generation on as if it had never been there.
    @Test func killingACellStepsOnExactly() throws {
        let rule = Rule.life
        let plane = try #require(SoupPlane(birth: rule.birthCounts, survival: rule.survivalCounts))
        let soup = randomSoup(width: 16, height: 16, density: 0.5, seed: 7).map { ReferenceCell(x: $0.x + 500, y: $0.y + 500) }
        plane.load(soup.map { (x: $0.x, y: $0.y) })
        var reference = ReferenceEngine(rule: rule, cells: soup)
        for _ in 0..<40 {
            _ = plane.step()
            reference.step()
        }
        let victim = try #require(reference.cells.sorted().first)
        plane.kill(victim.x, victim.y)
        reference = reference.setting(x: victim.x, y: victim.y, alive: false)
        for generation in 1...60 {
            _ = plane.step()
            reference.step()
            let cells = Set(plane.liveCells().map { ReferenceCell(x: Int($0 & 0xFFFF), y: Int($0 >> 16)) })
            #expect(cells == reference.cells, "generation \(generation) after the kill")
            if cells != reference.cells { break }
        }
    }

    /// The fast path's census of each soup equals the Hashlife path's, soup by soup (B3/S23
    /// and HighLife; these roots are not in the apgsearch reference data, whose soups the CLI
    /// tests check against apgsearch itself).
    @Test(arguments: [("B3/S23", "k_planeCheck", 160), ("B36/S23", "k_highlifeCheck", 40)])
    func censusEqualsTheHashlifePath(ruleText: String, root: String, soups: Int) throws {
        let rule = try Rule(ruleText)
        let searcher = try SoupSearcher(rule: rule, symmetry: .c1)
        let plane = try #require(PlaneCensus(rule: rule))
        var fast = 0
        for index in 0..<soups {
            let id = root + String(index)
            let reference = searcher.referenceCensus(soupID: id)
            if let counts = plane.census(of: HashedSoup.cells(id: id)) {
                fast += 1
                #expect(counts == reference, "soup \(id)")
            }
            #expect(searcher.census(soupID: id) == reference, "soup \(id)")
        }
        // Nearly every soup takes the fast path (or this test would check little).
        #expect(fast >= soups * 9 / 10)
    }

    /// The same for every symmetry: the plane takes the strips (up to 256 cells wide) and the
    /// 32×32 symmetric soups, and gives the Hashlife path's census for each, `megasized_Nh`
    /// included.
    @Test(arguments: SoupSymmetry.allCases)
    func symmetricCensusEqualsTheHashlifePath(symmetry: SoupSymmetry) throws {
        let searcher = try SoupSearcher(rule: .life, symmetry: symmetry)
        let plane = try #require(PlaneCensus(rule: .life))
        // The Hashlife path takes about 0.1–0.7 s a soup: a few soups per symmetry.
        let soups = 6
        var fast = 0
        for index in 0..<soups {
            let id = "k_planeSymmetry" + String(index)
            let reference = searcher.referenceCensus(soupID: id)
            if plane.census(of: HashedSoup.cells(id: id, symmetry: symmetry)) != nil { fast += 1 }
            #expect(searcher.census(soupID: id) == reference, "\(symmetry.rawValue) soup \(id)")
        }
        #expect(fast >= soups - 1, "\(symmetry.rawValue): \(fast) of \(soups) soups on the plane")
    }

    /// A block and a glider that destroy each other, the glider `distance` cells up and left
    /// of where it meets the block at generation 38.
    static func annihilation(distance: Int) -> [(x: Int, y: Int)] {
        [(0, 0), (1, 0), (0, 1), (1, 1)] + [(1, 0), (2, 1), (0, 2), (1, 2), (2, 2)].map { (x: $0.0 - distance, y: $0.1 - distance) }
    }

    /// apgsearch counts a B3/S23 soup that dies out at generation 500 or later as
    /// `messless_Nh` (N the generation in hundreds); one that dies earlier has an empty census.
    @Test func lateDeathsAreMesslessOnBothPaths() throws {
        let searcher = try SoupSearcher(rule: .life, symmetry: .c1)
        // 120 cells further away: 480 generations later, at generation 518.
        let late = Self.annihilation(distance: 132), early = Self.annihilation(distance: 12)
        #expect(searcher.census(ofCells: late) == ["messless_5h": 1])
        #expect(searcher.referenceCensus(late) == ["messless_5h": 1])
        #expect(searcher.census(ofCells: early).isEmpty)
        #expect(searcher.referenceCensus(early).isEmpty)
        // Around the bound: a cell further is four generations later (498, 502).
        #expect(searcher.census(ofCells: Self.annihilation(distance: 127)).isEmpty)
        #expect(searcher.census(ofCells: Self.annihilation(distance: 128)) == ["messless_5h": 1])
        // Other rules have no such code.
        let highLife = try SoupSearcher(rule: Rule("B36/S23"), symmetry: .c1)
        #expect(!(highLife.census(ofCells: late).keys.contains { $0.hasPrefix("messless") }))
    }
}
