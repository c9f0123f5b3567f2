import HashlifeEngine

/// A saved board: a pattern with its identity, its origin and its current state.
///
/// States are stored as the quadtree (gzip-compressed Macrocell), never as a cell list, so a
/// board of 10^9 live cells costs what its tree costs. Generations and populations are exact.
public struct Board: Equatable, Sendable {
    public var id: BoardID
    public var name: String
    /// The rule's canonical text (`B3/S23`, Hensel notation, …).
    public var rule: String
    /// Milliseconds since 1970-01-01 UTC.
    public var created: Int64
    public var updated: Int64
    /// Author and comments kept from the source file (`#O`, `#C`).
    public var author: String?
    public var comments: [String]
    /// The pattern the board was created from (compressed Macrocell).
    public var origin: [UInt8]
    /// The current state (compressed Macrocell, with its generation).
    public var state: [UInt8]
    public var generation: BigUInt
    public var population: BigUInt
    /// The live cells' bounding box; nil when nothing is alive.
    public var bounds: CellRect?
    /// The last `final` verdict, if any.
    public var verdict: StoredVerdict?

    public init(id: BoardID, name: String, rule: String, created: Int64, updated: Int64, author: String?, comments: [String],
                origin: [UInt8], state: [UInt8], generation: BigUInt, population: BigUInt, bounds: CellRect?, verdict: StoredVerdict?) {
        self.id = id
        self.name = name
        self.rule = rule
        self.created = created
        self.updated = updated
        self.author = author
        self.comments = comments
        self.origin = origin
        self.state = state
        self.generation = generation
        self.population = population
        self.bounds = bounds
        self.verdict = verdict
    }

    /// What `list` shows, without the states.
    public var summary: BoardSummary {
        BoardSummary(id: id, name: name, rule: rule, generation: generation, population: population, updated: updated)
    }
}

/// A classifier verdict as stored: its name, its one-line summary and the JSON `classify
/// --json` prints for it.
public struct StoredVerdict: Equatable, Sendable {
    public var name: String
    public var summary: String
    public var json: String
    /// The limit the search used.
    public var maxGeneration: BigUInt

    public init(name: String, summary: String, json: String, maxGeneration: BigUInt) {
        self.name = name
        self.summary = summary
        self.json = json
        self.maxGeneration = maxGeneration
    }
}

/// One row of `board list`.
public struct BoardSummary: Equatable, Sendable {
    public var id: BoardID
    public var name: String
    public var rule: String
    public var generation: BigUInt
    public var population: BigUInt
    public var updated: Int64
}

/// One point of a board's population history.
public struct PopulationSample: Equatable, Sendable {
    public var generation: BigUInt
    public var population: BigUInt

    public init(generation: BigUInt, population: BigUInt) {
        self.generation = generation
        self.population = population
    }
}
