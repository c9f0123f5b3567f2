import Testing
import HashlifeEngine
import HashlifeTestSupport

/// Golly's von Neumann rules (JvN29, Nobili32, Hutton32): names, the compiled tables against
/// the definitions (the engine against the naive stepper: JvNSteppingTests).
@Suite struct JvNTests {
    @Test(arguments: [("JvN29", "JvN29"), ("jvn-29", "JvN29"), ("JvN-32", "Nobili32"), ("nobili32", "Nobili32"),
                      ("modJvN-32", "Hutton32"), ("Hutton32:T100,80", "Hutton32:T100,80")])
    func namesAreGollys(_ text: String, _ canonical: String) throws {
        guard let rule = try AnyRule.parse(text).as(MultiStateRule.self) else { Issue.record("\(text) is not multi-state"); return }
        #expect(rule.description == canonical)
        #expect(rule.stateCount == (canonical.hasPrefix("JvN") ? 29 : 32))
        #expect(rule.neighbourhood == .vonNeumann)
    }

    /// The engine's transition (tables for JvN29 and Nobili32) against the definition, on every
    /// state with one neighbour in every state on every side, and on random neighbourhoods.
    @Test(arguments: JvNVariant.allCases)
    func theTransitionsFollowTheDefinitions(_ variant: JvNVariant) throws {
        let rule = MultiStateRule(jvn: variant)
        let states = variant.stateCount
        func both(_ c: UInt8, _ n: UInt8, _ e: UInt8, _ s: UInt8, _ w: UInt8) -> Bool {
            rule.next((0, n, 0, w, c, e, 0, s, 0)) == variant.next(c, n: n, e: e, s: s, w: w)
        }
        var differing = 0
        for c in 0..<states {
            for x in 0..<states {
                let (c, x) = (UInt8(c), UInt8(x))
                if !both(c, x, 0, 0, 0) || !both(c, 0, x, 0, 0) || !both(c, 0, 0, x, 0) || !both(c, 0, 0, 0, x) { differing += 1 }
            }
        }
        var random = SplitMix64(seed: UInt64(states))
        for _ in 0..<100_000 {
            let v = (0..<5).map { _ in UInt8(random.next() % UInt64(states)) }
            if !both(v[0], v[1], v[2], v[3], v[4]) { differing += 1 }
        }
        #expect(differing == 0)
        // The ground stays ground among ground cells; an excited ordinary arrow sensitizes the
        // ground cell it points at (state 13 points east: the cell east of it becomes 1).
        #expect(variant.next(0, n: 0, e: 0, s: 0, w: 0) == 0)
        #expect(variant.next(0, n: 0, e: 0, s: 0, w: 13) == 1)
    }
}
