import HashlifeEngine

// Which rules apgcodes are defined for here: the codes take the simplest of eight orientations,
// which names one object only when the rule treats every orientation alike; and B0 rules
// (whose background blinks) and bounded grids (where objects wrap) are left out.

extension Apgcode {
    /// Why `rule` has no apgcodes here, or nil when it has them.
    public static func unsupportedReason(_ rule: Rule) -> String? { unsupportedReason(AnyRule(rule)) }

    /// Does `rule` give the same answer for a neighbourhood and its transpose and mirror image
    /// (and so for all eight orientations, which those two generate)?
    static func isSymmetric(_ rule: Rule) -> Bool {
        func permuted(_ n: Int, _ map: (Int, Int) -> (Int, Int)) -> Int {
            var result = 0
            for dy in -1...1 {
                for dx in -1...1 where n >> ((dy + 1) * 3 + dx + 1) & 1 == 1 {
                    let (x, y) = map(dx, dy)
                    result |= 1 << ((y + 1) * 3 + x + 1)
                }
            }
            return result
        }
        for n in 0..<512 {
            let state = rule.nextState(neighbourhood: n)
            if rule.nextState(neighbourhood: permuted(n) { ($1, $0) }) != state { return false }
            if rule.nextState(neighbourhood: permuted(n) { (-$0, $1) }) != state { return false }
        }
        return true
    }
}
