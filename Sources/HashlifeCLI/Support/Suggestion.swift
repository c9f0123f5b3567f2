/// "Did you mean …?" for a mistyped subcommand: the closest name by edit distance
/// (`ArgumentParser.editDistance`, as for options), when it is within 2 edits and shorter than
/// the typed word (so "zzz" suggests nothing).
enum Suggestion {
    static func closest(to typed: String, among candidates: [String]) -> String? {
        guard typed.count <= 64 else { return nil }
        let word = typed.lowercased()
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let d = ArgumentParser.editDistance(word, candidate)
            if d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        guard let best, best.distance <= 2, best.distance < word.count else { return nil }
        return best.name
    }
}
