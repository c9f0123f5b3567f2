import Foundation
import Testing
@testable import HashlifeCLI
import HashlifeEngine
import HashlifeFormats
import HashlifeTestSupport

/// Rule files on the command line: where rule names are looked up (`--rules`, HASHLIFE_RULES,
/// the pattern's folder), the fallback for files without transitions, rules inside patterns,
/// `.rule` files read as rules, and the shipped WireWorld circuit.
@Suite struct RuleFileCommandTests {
    /// A rule of our own: "Spread" (3 states, von Neumann): an empty cell beside a 1 becomes 1,
    /// a 1 becomes 2, a 2 becomes 0.
    static let spread = """
        @RULE Spread
        @TABLE
        n_states:3
        neighborhood:vonNeumann
        symmetries:rotate4
        var a={0,1,2}
        var b={0,1,2}
        var c={0,1,2}
        var d={0,1,2}
        0,1,a,b,c,1
        1,a,b,c,d,2
        2,a,b,c,d,0
        @COLORS
        1 255 0 0
        """
    static let seed = "x = 1, y = 1, rule = Spread\nA!\n"

    func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A folder holding Spread.rule, and a pattern naming it in another folder.
    func setUp() throws -> (rules: String, pattern: String) {
        let rules = ScratchFolder.make("rules"), patterns = ScratchFolder.make("patterns")
        try write(Self.spread, to: rules + "/Spread.rule")
        try write(Self.seed, to: patterns + "/seed.rle")
        return (rules, patterns + "/seed.rle")
    }

    func run(_ arguments: [String], environment: [String: String]) -> (status: Int32, out: String, err: String) {
        let captured = Captured()
        var context = captured.context
        context.environment = environment
        let status = HashlifeCommand.run(arguments, context: context)
        return (status, captured.standardOutput, captured.standardError)
    }

    @Test func rulesFolderIsSearchedAndAMissingRuleNamesEveryFolder() throws {
        let (rules, pattern) = try setUp()
        // A diamond ring of 1s with 2s inside: 4·g cells at generation g ≥ 1, plus 4·(g−1).
        let found = hashlife("run", pattern, "--gen", "10", "--rules", rules)
        #expect(found.status == 0, "\(found.err)")
        #expect(found.out == "10: 76\n")
        let missing = hashlife("run", pattern, "--gen", "10")
        #expect(missing.status == 1)
        #expect(missing.err.contains("rule \"Spread\" not found: no built-in rule and no \"Spread.rule\" with a @TABLE or @TREE in "), "\(missing.err)")
        #expect(missing.err.contains((pattern as NSString).deletingLastPathComponent), "the pattern's folder is listed: \(missing.err)")
        #expect(missing.err.contains("/usr/share/golly/Rules"), "\(missing.err)")
    }

    @Test func rulesMustBeAFolder() throws {
        let (_, pattern) = try setUp()
        let result = hashlife("run", pattern, "--gen", "1", "--rules", pattern)
        #expect(result.status == 64)
        #expect(result.err.contains("is not a folder; did you mean --rule?"), "\(result.err)")
    }

    @Test func hashlifeRulesListsFolders() throws {
        let (rules, pattern) = try setUp()
        let result = run(["run", pattern, "--gen", "3"], environment: ["HASHLIFE_RULES": "/nonexistent:" + rules])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "3: 20\n")
    }

    @Test func xdgDataHomeRulesFolderIsSearched() throws {
        let (rules, pattern) = try setUp()
        let data = ScratchFolder.make("xdg")
        try FileManager.default.createDirectory(atPath: data + "/hashlife/rules", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: rules + "/Spread.rule", toPath: data + "/hashlife/rules/Spread.rule")
        let result = run(["run", pattern, "--gen", "3"], environment: ["XDG_DATA_HOME": data])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "3: 20\n")
    }

    @Test func theRuleOptionTakesARuleFileName() throws {
        let (rules, _) = try setUp()
        let glider = Fixtures.pattern("glider.rle")
        let result = hashlife("run", glider, "--gen", "0", "--rule", "Spread", "--rules", rules, "--json")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("\"rule\":\"Spread\"") && result.out.contains("\"states\":3"), "\(result.out)")
    }

    @Test func aFileWithoutTransitionsTakesThemFromTheNextFolder() throws {
        let (rules, pattern) = try setUp()
        let colours = ScratchFolder.make("colours")
        try write("@RULE Spread\n@COLORS\n1 0 255 0\n", to: colours + "/Spread.rule")
        let rule = try RuleFolders(explicit: [colours, rules]).resolve("Spread")
        #expect(rule.stateCount == 3)
        #expect(rule.ruleFile?.file.colors[1] == RuleColor(red: 0, green: 255, blue: 0), "the first file's colours")
        #expect(hashlife("run", pattern, "--gen", "10", "--rules", colours, "--rules", rules).out == "10: 76\n")
        let alone = hashlife("run", pattern, "--gen", "10", "--rules", colours)
        #expect(alone.status == 1)
        #expect(alone.err.contains("has no @TABLE or @TREE"), "\(alone.err)")
    }

    @Test func namesAreMatchedAsGollyMatchesThem() throws {
        #expect(RuleFolders.fileName(for: "WireWorld:P60,60") == "WireWorld.rule")
        #expect(RuleFolders.fileName(for: "a/b\\c") == "a_b_c.rule")
        let (rules, _) = try setUp()
        #expect(throws: RuleFolders.LookupError.self) { try RuleFolders(explicit: [rules]).resolve("spread") }
        let bounded = try RuleFolders(explicit: [rules]).resolve("Spread:T20,10")
        #expect(bounded.description == "Spread:T20,10")
    }

    @Test func aRuleAfterThePatternIsUsed() throws {
        let folder = ScratchFolder.make("embedded")
        try write(Self.seed + "\n" + Self.spread + "\n", to: folder + "/with-rule.rle")
        let result = hashlife("run", folder + "/with-rule.rle", "--gen", "10")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "10: 76\n")
    }

    @Test func aRuleFileIsReadAsARule() throws {
        let (rules, _) = try setUp()
        let info = hashlife("info", rules + "/Spread.rule")
        #expect(info.status == 0, "\(info.err)")
        #expect(info.out.contains("rule:        Spread") && info.out.contains("states:      3 (RuleLoader)"), "\(info.out)")
        let bad = ScratchFolder.make("bad-rule") + "/Bad.rule"
        try write("@RULE Bad\n@TABLE\nn_states:3\nneighborhood:Margolus\n", to: bad)
        let error = hashlife("run", bad, "--gen", "1")
        #expect(error.status == 1)
        #expect(error.err.contains("Bad.rule:4") && error.err.contains("unsupported neighborhood \"Margolus\""), "\(error.err)")
    }

    @Test func everyCommandThatReadsAPatternTakesRules() {
        for command in ["run", "info", "view", "animate", "plot", "convert", "classify", "identify", "play", "repl", "board"] {
            let spec = HashlifeCommand.subcommands.first { $0.spec.name == command }?.spec
            #expect(spec?.options.contains { $0.primaryName == "--rules" && $0.isRepeatable } == true, "\(command) takes --rules")
        }
    }

    /// The shipped circuit: a clock whose rule file sits beside it.
    @Test func shippedWireWorldClockRunsWithItsOwnRuleFile() {
        let clock = Fixtures.repositoryRoot + "/patterns/wireworld/clock.rle"
        let info = hashlife("info", clock)
        #expect(info.out.contains("state names: 0 empty, 1 electron head, 2 electron tail, 3 conductor"), "\(info.out)")
        let result = hashlife("run", clock, "--gen", "1000")
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "1000: 25\n")
        let view = hashlife("view", clock, "--gen", "30")
        #expect(view.out.contains("C..CCCCBACCCCBACCCCBACC"), "a signal every six cells: \(view.out)")
    }

    /// Our WireWorld.rule, written from the rule's definition, steps as Golly's does.
    @Test(.enabled(if: Fixtures.shared != nil, "../shared is absent: Golly's WireWorld.rule is not available"))
    func ourWireWorldMatchesGollys() throws {
        let ours = try RuleFolders(explicit: [Fixtures.repositoryRoot + "/patterns/wireworld"]).resolve("WireWorld")
        let gollys = try RuleFolders(explicit: [Fixtures.shared! + "/corpus/golly-rules"]).resolve("WireWorld")
        // Every neighbourhood of the four states.
        var differing = 0
        for index in 0..<(1 << 18) {
            let b = (0..<9).map { UInt8(index >> (2 * $0) & 3) }
            let block = (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8])
            if ours.next(block) != gollys.next(block) { differing += 1 }
        }
        #expect(differing == 0)
    }
}
