import HashlifeEngine

// The census of one soup, as apgsearch takes it: the soup of an id (`HashedSoup`) is run until
// the classifier says it has settled (periodic ash, with escaping gliders and other ships
// counted as objects of their own), then split into objects as `ObjectSeparation` does, each
// named by its apgcode. It is the pipeline of `hashlife identify --objects`, and it gives
// apgsearch's own per-soup census, apart from apgsearch's occasional boat counted as a glider
// (about one soup in 400; see `ObjectSeparation`).
//
// A soup without a verdict within `SoupSearcher.maximumGeneration` generations is separated
// where the look-ahead ends. Clusters that are not periodic on their own within
// `maximumPeriod` are counted under the names apgsearch gives what it cannot classify: a
// growing pattern (gun, puffer) once as `zz_LINEAR`, anything else not periodic as
// `PATHOLOGICAL`. apgsearch tells more kinds apart (`yl` codes, `zz_REPLICATOR`,
// `zz_EXPLOSIVE`), and counts the objects such a soup left besides; those are rarer than one
// C1 soup in a million for B3/S23, but symmetric soups meet them more often (one D2_+1 soup in
// 20,000 made two puffers).
//
// For B3/S23 apgsearch also counts a soup whose settled pattern is large: one with at least
// `megasizedPopulation` cells once it has settled adds `megasized_Nh`, N its population in
// hundreds, rounded down, besides its objects. Here that population includes every ship the
// soup sent out; apgsearch's leaves out the gliders it has deleted by then (those alone at
// the outermost edge of its pattern), so the two differ where those gliders take the count
// below a hundred. Symmetric soups reach such sizes (about one C4_4 soup in a thousand); C1
// soups hardly ever do. Likewise a B3/S23 soup that dies out at generation `messlessGeneration`
// or later is counted as `messless_Nh`, N its generation of death in hundreds.

/// Why a rule cannot be censused.
public struct SoupSearcherError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
}

/// Runs census soups one at a time. Not thread-safe: use one per thread (each holds its own
/// universe and nothing is shared between searchers).
public final class SoupSearcher {
    /// The longest a soup is run for a verdict.
    public static let maximumGeneration = 100_000
    /// The longest period an object may have (each cluster is run this long at most).
    public static let maximumPeriod = 10_000
    /// The longest window of generations whose cells join objects into clusters.
    static let maximumWindow = 4096
    /// The window when the period is not known (a multiple of every period up to 6, and 10,
    /// 12, 15, 20, 30).
    static let unknownPeriodWindow = 60
    /// The memory limit of a searcher's universe (bytes): soups stay far below it.
    public static let memoryLimit = 64 << 20
    /// The population from which a settled B3/S23 soup is counted as `megasized_Nh` too.
    public static let megasizedPopulation = 3000
    /// The generation of death from which a B3/S23 soup that dies out is counted as
    /// `messless_Nh`.
    public static let messlessGeneration = 500

    public let rule: Rule
    public let symmetry: SoupSymmetry

    /// A searcher for soups of `rule` with `symmetry`.
    /// - Throws: `SoupSearcherError` for a rule apgcodes are not made for (B0 rules, bounded
    ///   grids, rules that do not treat rotations and reflections alike).
    public init(rule: Rule, symmetry: SoupSymmetry) throws(SoupSearcherError) {
        if let reason = Apgcode.unsupportedReason(rule) { throw SoupSearcherError(description: reason) }
        self.rule = rule
        self.symmetry = symmetry
        plane = PlaneCensus(rule: rule)
    }

    /// The fast path, for outer-totalistic rules on processors with its kernels.
    private let plane: PlaneCensus?

    /// The census of soup `id` (a root and a decimal index): apgcode → count, as apgsearch
    /// counts them (`xs0_0`, the empty pattern, never appears). An empty soup, or one that dies
    /// out, has an empty census. Soups run on a `PlaneCensus` where it can take them, and
    /// otherwise on a Hashlife universe (`referenceCensus`); both give the same answer.
    public func census(soupID id: String) -> [String: Int] {
        census(ofCells: HashedSoup.cells(id: id, symmetry: symmetry))
    }

    /// The census of a soup made of `cells` (see `census(soupID:)`).
    func census(ofCells cells: [(x: Int, y: Int)]) -> [String: Int] {
        if let plane, let counts = plane.census(of: cells) {
            // A soup that died out late: its generation of death is the Hashlife path's to find.
            let lateDeath = rule == .life && plane.settledPopulation == 0 && plane.generation >= SoupSearcher.messlessGeneration
            if !lateDeath { return withSize(counts, population: plane.settledPopulation) }
        }
        return referenceCensus(cells)
    }

    /// The census of soup `id` on a Hashlife universe only (see `census(soupID:)`).
    public func referenceCensus(soupID id: String) -> [String: Int] {
        referenceCensus(HashedSoup.cells(id: id, symmetry: symmetry))
    }

    /// The census of a soup made of `cells` on a Hashlife universe only.
    func referenceCensus(_ cells: [(x: Int, y: Int)]) -> [String: Int] {
        let universe = Universe(rule: rule, memoryLimit: SoupSearcher.memoryLimit)
        universe.load(cells: cells)
        let (counts, population, death) = SoupSearcher.settledCensus(of: universe)
        return withSize(counts, population: population, death: death)
    }

    /// `counts` with `megasized_Nh` added for a B3/S23 soup whose settled pattern has
    /// `population` cells, when that is at least `megasizedPopulation`, and `messless_Nh` for
    /// one that dies out at generation `death`, when that is at least `messlessGeneration`.
    private func withSize(_ counts: [String: Int], population: Int, death: BigUInt? = nil) -> [String: Int] {
        guard rule == .life else { return counts }
        var counts = counts
        if population >= SoupSearcher.megasizedPopulation { counts["megasized_\(population / 100)h", default: 0] += 1 }
        if let death, death >= BigUInt(SoupSearcher.messlessGeneration) { counts["messless_\(death.quotientAndRemainder(dividingBy: 100).quotient)h", default: 0] += 1 }
        return counts
    }

    /// The census of what `universe` settles into (see the file's comment). The universe is
    /// stepped to where it settles.
    public static func census(of universe: Universe) -> [String: Int] { settledCensus(of: universe).counts }

    /// The census of what `universe` settles into, its population there, ships included (0
    /// when it dies out or cannot be separated), and the generation it dies out at, if it
    /// does. The universe is stepped to where it settles.
    static func settledCensus(of universe: Universe) -> (counts: [String: Int], population: Int, death: BigUInt?) {
        let limit = BigUInt(maximumGeneration)
        guard let classification = try? classify(universe, maxGeneration: limit, control: nil) else { return (["PATHOLOGICAL": 1], 0, nil) }
        let window: Int
        switch classification.verdict {
        case .extinct(let generation): return ([:], 0, generation)
        case .growing: return (["zz_LINEAR": 1], 0, nil)
        // No verdict: often ash with ships the classifier does not follow (two gliders side by
        // side), separated as `identify --objects` does at the end of the look-ahead.
        case .undetermined: window = unknownPeriodWindow
        case .still: window = 0
        case .oscillator(_, let p), .spaceship(_, let p, _, _, _), .settled(_, let p, _): window = min(p, maximumWindow)
        }
        do {
            try universe.step(by: classification.verdict.generation - universe.generation, control: nil)
            guard let objects = try ObjectSeparation.separate(universe, window: window, maxGeneration: BigUInt(maximumPeriod),
                                                              control: nil) else {
                return (["PATHOLOGICAL": 1], 0, nil)
            }
            var counts: [String: Int] = [:]
            var population = 0
            for object in objects {
                let code = object.object?.apgcode() ?? "PATHOLOGICAL"
                if code != "xs0_0" { counts[code, default: 0] += 1 }
                population += object.cells.count
            }
            return (counts, population, nil)
        } catch {
            return (["PATHOLOGICAL": 1], 0, nil)
        }
    }
}
