import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// The interpreter's `memory` and `stats` commands, the session's memory limit, and steps that do not
/// fit in it.
@Suite struct REPLMemoryTests {
    static let megabyte = 1 << 20
    static let memoryKeys: Set<String> = ["nodes", "bytes", "cache_bytes", "limit_bytes", "memo_hits", "memo_misses", "evictions",
                                          "collections", "collection_seconds"]
    static let badValue = "expected a whole number of megabytes (2^20 bytes) from 1 to 1048576"
    let glider = Fixtures.pattern("glider.rle")

    /// A session limited to `megabytes` holding a random soup.
    func soupSession(megabytes: Int, size: Int, seed: UInt64 = 5) -> Session {
        let session = Session(columns: 8, rows: 4, memoryLimit: megabytes * Self.megabyte)
        let cells = randomSoup(width: size, height: size, density: 0.375, seed: seed).map { PatternCell(x: $0.x, y: $0.y) }
        try! session.load(document: PatternDocument(cells: cells))
        return session
    }

    /// Every step keeps a generation, and kept generations are pinned; under a tight limit the
    /// session drops its oldest ones rather than fail the step.
    @Test func aLongHistoryGivesWayToTheLimit() throws {
        let session = soupSession(megabytes: 2, size: 128, seed: 11)
        let unlimited = Universe(rule: .life)
        unlimited.load(cells: randomSoup(width: 128, height: 128, density: 0.375, seed: 11).lazy.map { (x: $0.x, y: $0.y) })
        for _ in 0..<300 { try session.step(.one) }
        unlimited.step(by: 300)
        #expect(session.universe.generation == BigUInt(300))
        #expect(session.universe.population == unlimited.population)
        #expect(session.undoHistory.count < 300, "nothing was dropped: the limit never bit")
        // Going back still works: to a kept generation, or by re-running from the start.
        try session.goto(BigUInt(1))
        #expect(session.universe.generation == .one)
        let first = Universe(rule: .life)
        first.load(cells: randomSoup(width: 128, height: 128, density: 0.375, seed: 11).lazy.map { (x: $0.x, y: $0.y) })
        first.step(by: 1)
        #expect(session.universe.population == first.population, "re-running from the loaded soup gives its generation 1")
    }

    @Test func memoryShowsSetsAndRejectsInText() {
        let session = Session(columns: 8, rows: 4, memoryLimit: 16 * Self.megabyte)
        let output = transcript(["memory", "memory 64", "memory 0", "memory abc", "memory 1048577", "memory 1 2", "help memory"],
                                session: session)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].wholeMatch(of: /memory \d+(\.\d)? [KM]B in use of a 16 MB limit, \d+ nodes?, 0 evictions in 0 collections \(0\.000 s\)/) != nil, "\(lines[0])")
        #expect(lines[1].wholeMatch(of: /memory \d+(\.\d)? [KM]B in use of a 64 MB limit, \d+ nodes?, \d+ evictions? in \d+ collections? \(\d+\.\d{3} s\)/) != nil, "\(lines[1])")
        #expect(Array(lines[2...6]) == [
            "error: invalid MB: '0'; \(Self.badValue)",
            "error: invalid MB: 'abc'; \(Self.badValue)",
            "error: invalid MB: '1048577'; \(Self.badValue)",
            "error: usage: memory [MB|collect]",
            "usage: memory [MB|collect]",
        ])
        // The bad values left the limit as set.
        #expect(session.memoryLimit == 64 * Self.megabyte)
        #expect(session.universe.memoryLimit == 64 * Self.megabyte)
    }

    @Test func theLimitCarriesOverToLaterLoads() throws {
        let session = Session(columns: 8, rows: 4, memoryLimit: 16 * Self.megabyte)
        let objects = try jsonLines(transcript(["memory 3", "load \(glider)", "memory", "stats"], json: true, session: session))
        #expect(objects[2]["limit_bytes"] as? Int == 3 * Self.megabyte)
        #expect(objects[3]["limit_bytes"] as? Int == 3 * Self.megabyte)
        #expect(session.memoryLimit == 3 * Self.megabyte)
    }

    @Test func jsonAnswersCarryEveryCounterAndCollectSaysWhatItFreed() throws {
        // A soup stepped under 1 MB fills the store, so a forced collection has nodes to free.
        let session = soupSession(megabytes: 1, size: 256)
        let output = transcript(["step 1000", "stats", "memory collect", "stats", "memory", "memory 2", "memory x"],
                                json: true, session: session)
        let objects = try jsonLines(output)
        #expect(objects.count == 7)
        let (before, collected, after) = (objects[1], objects[2], objects[3])
        #expect(Set(before.keys) == Self.memoryKeys.union(["ok", "pinned_roots", "root_level"]))
        #expect(Set(collected.keys) == Self.memoryKeys.union(["ok", "freed_nodes"]))
        #expect(Set(objects[4].keys) == Self.memoryKeys.union(["ok"]))
        let int = { (object: [String: Any], key: String) -> Int in object[key] as? Int ?? -1 }
        #expect(int(before, "limit_bytes") == Self.megabyte)
        #expect(int(before, "collections") > 0, "the limit never bit")
        let freed = int(collected, "freed_nodes")
        #expect(freed > 0)
        #expect(freed == int(before, "nodes") - int(after, "nodes"))
        #expect(int(after, "evictions") - int(before, "evictions") == freed)
        #expect(int(after, "collections") == int(before, "collections") + 1)
        #expect(int(objects[5], "limit_bytes") == 2 * Self.megabyte)
        let error = try #require(objects[6]["error"] as? [String: Any])
        #expect(error["code"] as? String == "argument")
        #expect(error["message"] as? String == "invalid MB: 'x'; \(Self.badValue)")
        // Collecting changed no cell.
        let fresh = Universe(rule: .life, referenceCells: randomSoup(width: 256, height: 256, density: 0.375, seed: 5))
        fresh.step(by: BigUInt(1000))
        #expect(session.analyse { $0.liveReferenceCells } == fresh.referenceCells)
    }

    @Test func statsInTextNamesEveryCounter() throws {
        let session = soupSession(megabytes: 1, size: 200)
        let line = transcript(["step 1000", "stats"], session: session).split(separator: "\n").map(String.init)[1]
        let s = session.universe.statistics
        #expect(line == "nodes \(s.nodes), bytes \(s.bytes) of limit \(Self.megabyte), memo hits \(s.memoHits), memo misses \(s.memoMisses), "
                + "evictions \(s.evictions), collections \(s.collections) (\(s.collectionSecondsText) s), pinned roots \(s.pinnedRoots), root level \(s.rootLevel)")
        #expect(s.collections > 0)
    }

    @Test func stepsThatDoNotFitAnswerMemoryAndTheSessionGoesOn() throws {
        // 1024² of soup is about 22,000 distinct nodes: more than 1 MB holds.
        let session = soupSession(megabytes: 1, size: 1024)
        let population = session.universe.population
        let output = transcript(["step 8", "goto 4", "gen", "pop", "memory 64", "step 8", "gen"], json: true, session: session)
        let objects = try jsonLines(output)
        #expect(objects.count == 7)
        for index in [0, 1] {
            #expect(objects[index]["ok"] as? Bool == false)
            let error = try #require(objects[index]["error"] as? [String: Any])
            #expect(error["code"] as? String == "memory")
            let message = try #require(error["message"] as? String)
            #expect(message.hasPrefix("the memory limit of 1 MB is too small for this pattern at generation 0: it needs about "))
            #expect(message.hasSuffix(" MB (raise the limit with 'memory MB')"))
        }
        #expect(objects[2]["generation"] as? String == "0")
        #expect(objects[3]["population"] as? String == population.description)
        #expect(objects[5]["generation"] as? String == "8")
        let fresh = Universe(rule: .life, referenceCells: randomSoup(width: 1024, height: 1024, density: 0.375, seed: 5))
        fresh.step(by: BigUInt(8))
        #expect(objects[5]["population"] as? String == fresh.population.description)
    }

    @Test func classifyThatDoesNotFitAnswersMemory() throws {
        let session = soupSession(megabytes: 1, size: 1024)
        let objects = try jsonLines(transcript(["classify 10", "gen"], json: true, session: session))
        let error = try #require(objects[0]["error"] as? [String: Any])
        #expect(error["code"] as? String == "memory")
        #expect((error["message"] as? String)?.hasSuffix("(raise the limit with 'memory MB')") == true)
        #expect(objects[1]["generation"] as? String == "0")
    }

    /// After a deep jump the pattern alone can need more than a limit set afterwards: `memory 1`
    /// says so (in text and JSON) instead of showing bytes above the limit as if all were well.
    @Test func aLimitBelowTheCurrentPatternIsSaid() throws {
        let gun = Fixtures.pattern("gosper-glider-gun.rle")
        let text = transcript(["load \(gun)", "step 2^3000", "memory 1"], session: Session(columns: 8, rows: 4, memoryLimit: 64 * Self.megabyte))
        let line = try #require(text.split(separator: "\n").last.map(String.init))
        #expect(line.contains("of a 1 MB limit"), "\(line)")
        #expect(line.contains("over the limit: the pattern and the states kept need about"), "\(line)")
        let objects = try jsonLines(transcript(["load \(gun)", "step 2^3000", "memory", "memory 1"], json: true,
                                               session: Session(columns: 8, rows: 4, memoryLimit: 64 * Self.megabyte)))
        #expect(objects[2]["over_limit"] == nil)
        #expect(objects[3]["over_limit"] as? Bool == true)
        let needed = try #require(objects[3]["needed_bytes"] as? Int)
        let bytes = try #require(objects[3]["bytes"] as? Int)
        #expect(needed > Self.megabyte && bytes > Self.megabyte)
    }
}
