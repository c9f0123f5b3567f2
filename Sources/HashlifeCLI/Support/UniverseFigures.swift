import HashlifeEngine

extension LifeUniverse {
    /// The state (0 or 1) of the plane's empty cells now: 1 where a B0 rule makes it all alive
    /// (the cells are then those that differ from it).
    var currentBackground: Int { anyRule.background(atGeneration: generation) }
}
