import HashlifeEngine

/// `classify`'s view of a loaded file: the analysis classifies each family's universe with
/// its own function, so the command asks which it has. Only `ClassifyCommand` uses it; every
/// other command holds `PatternFile.universe`.
enum ClassifiedUniverse {
    case twoState(Universe, PatternFile)
    case multiState(MultiStateUniverse, PatternFile)
}

extension PatternFiles {
    /// The file at `path` as `open` loads it, by family for `classify`.
    static func load(_ path: String, rule: AnyRule?, memoryLimit: Int, threads: Int) throws(CommandError) -> ClassifiedUniverse {
        let file = try open(path, rule: rule, memoryLimit: memoryLimit, threads: threads)
        if let universe = file.universe as? Universe { return .twoState(universe, file) }
        guard let universe = file.universe as? MultiStateUniverse else { preconditionFailure("a universe of no known family") }
        return .multiState(universe, file)
    }
}
