import Foundation
import Testing
import HashlifeEngine
import HashlifeFormats
@testable import HashlifeCommands
import HashlifeEditing
import HashlifeTestSupport

/// The interpreter's `threads` command and the session's thread count: shown, set, kept
/// for later loads, and never changing a result.
@Suite struct REPLThreadsTests {
    static let badValue = "expected a whole number of threads from 1 to 256"
    let glider = Fixtures.pattern("glider.rle")
    let acorn = Fixtures.pattern("acorn.rle")
    var processors: String { "\(Universe.availableProcessors) processor\(Universe.availableProcessors == 1 ? "" : "s") available" }

    @Test func theSessionGivesItsUniverseTheCountAndKeepsItForLaterLoads() throws {
        #expect(Session().threads == 1, "the library's default is the single-threaded engine")
        #expect(Session().universe.threads == 1)
        let session = Session(columns: 8, rows: 4, threads: 5)
        #expect(session.threads == 5 && session.universe.threads == 5)
        try session.load(path: glider)
        #expect(session.universe.threads == 5)
        session.threads = 2
        #expect(session.universe.threads == 2)
        try session.load(path: acorn, rule: AnyRule(Rule.life))
        #expect(session.universe.threads == 2)
        // Undo, goto and history keep the universe, so its count.
        try session.step(BigUInt(10))
        try session.goto(BigUInt(3))
        #expect(session.universe.threads == 2)
    }

    @Test func aFamilyWithoutThreadsSaysSoInOneSentence() throws {
        let session = Session(columns: 8, rows: 4, threads: 1)
        let output = transcript(["rule LifeHistory", "threads 3", "threads 1", "rule B3/S23", "threads 3"], session: session)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("threads 3 (\(processors); rule LifeHistory steps on one thread)"), "\(output)")
        #expect(lines.contains("threads 1 (\(processors))"), "\(output)")
        #expect(lines.last == "threads 3 (\(processors))", "\(output)")
        #expect(session.universe.threads == 3)
    }

    @Test func threadsShowsSetsAndRejectsInText() {
        let session = Session(columns: 8, rows: 4, threads: 2)
        let output = transcript(["threads", "threads 3", "threads 0", "threads abc", "threads 257", "threads -1", "threads 1 2",
                                 "THREADS 0004", "help threads"], session: session)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(9)) == [
            "threads 2 (\(processors))",
            "threads 3 (\(processors))",
            "error: invalid threads: '0'; \(Self.badValue)",
            "error: invalid threads: 'abc'; \(Self.badValue)",
            "error: invalid threads: '257'; \(Self.badValue)",
            "error: invalid threads: '-1'; \(Self.badValue)",
            "error: usage: threads [N]",
            "threads 4 (\(processors))",
            "usage: threads [N]",
        ], "\(output)")
        #expect(session.threads == 4 && session.universe.threads == 4)
    }

    @Test func threadsAnswersInJSONAndTheCountCarriesOverToLaterLoads() throws {
        let session = Session(columns: 8, rows: 4)
        let objects = try jsonLines(transcript(["threads", "threads 6", "load \(glider)", "threads", "threads x"], json: true, session: session))
        #expect(objects.count == 5)
        for (index, expected) in [(0, 1), (1, 6), (3, 6)] {
            #expect(Set(objects[index].keys) == ["ok", "threads", "processors"])
            #expect(objects[index]["ok"] as? Bool == true)
            #expect(objects[index]["threads"] as? Int == expected, "answer \(index)")
            #expect(objects[index]["processors"] as? Int == Universe.availableProcessors)
        }
        let error = try #require(objects[4]["error"] as? [String: Any])
        #expect(objects[4]["ok"] as? Bool == false)
        #expect(error["code"] as? String == "argument")
        #expect(error["message"] as? String == "invalid threads: 'x'; \(Self.badValue)")
        #expect(session.universe.threads == 6)
    }

    @Test func theHelpListsTheCommand() {
        let help = transcript(["help"])
        #expect(help.contains("threads [N]"), "\(help)")
    }

    @Test func resultsAreTheSameForOneAndFourThreads() throws {
        let script = ["load \(acorn)", "step 5206", "pop", "bounds", "classify", "step 2^40", "pop", "goto 1000", "pop", "view"]
        let one = transcript(["threads 1"] + script, json: true, columns: 20, rows: 10)
        let four = transcript(["threads 4"] + script, json: true, columns: 20, rows: 10)
        let (a, b) = (try jsonLines(one), try jsonLines(four))
        #expect(a.count == script.count + 1 && b.count == a.count)
        #expect(a[0]["threads"] as? Int == 1 && b[0]["threads"] as? Int == 4)
        // Every answer after the first, but for timings, is the same.
        let strip = { (line: Substring) in line.replacing(/"seconds":[0-9.e-]+/, with: "") }
        #expect(one.split(separator: "\n").dropFirst().map(strip) == four.split(separator: "\n").dropFirst().map(strip))
        #expect(a[3]["population"] as? String == "633")
    }
}
