import HashlifeEngine
import HashlifeInterface
import HashlifeFormats

extension InfoCommand {
    /// The most cells counted state by state: beyond it only the population is given.
    static let stateCountLimit = 10_000_000

    /// The description of a multi-state pattern: the two-state fields plus the rule's family and
    /// state count and the cells in each state.
    static func describe(_ universe: MultiStateUniverse, _ decoded: DecodedMultiStatePattern, path: String, json: Bool,
                         context: CommandContext) {
        let population = universe.population
        let box = universe.boundingBox
        var counts: [Int]? = nil
        if population <= BigUInt(UInt64(stateCountLimit)) {
            var tally = [Int](repeating: 0, count: universe.rule.stateCount)
            universe.forEachCell { _, _, state in tally[Int(state)] += 1 }
            counts = tally
        }
        let (name, author, comments) = decoded.pattern.metadata
        let family = switch universe.rule.family {
        case .generations: "Generations"
        case .history: "History"
        case .superRule: "Super"
        }
        let byState: JSONValue = counts.map { tally in
            .fields(tally.enumerated().dropFirst().filter { $0.element > 0 }.map { (String($0.offset), .int($0.element)) })
        } ?? .null
        let listed = counts.map { tally in
            let nonZero = tally.enumerated().dropFirst().filter { $0.element > 0 }.map { "\($0.offset): \($0.element)" }
            return nonZero.isEmpty ? "none" : nonZero.joined(separator: ", ")
        } ?? "not counted (more than \(stateCountLimit) cells)"
        let fields: [InfoReport.Field] = [
            .json("family", .string(family)),
            .both("states", .int(universe.rule.stateCount), "\(universe.rule.stateCount) (\(family))"),
            .both("generation", .string(universe.generation.description), universe.generation.description),
            .both("population", .string(population.description), population.description + " (cells not in state 0)"),
            InfoReport.Field(json: ("cells_by_state", byState), text: ("by state", listed)),
            .json("background", .int(0)),
        ]
        let report = InfoReport(path: path, format: decoded.format, compressed: decoded.compressed, name: name, author: author,
                                comments: comments, rule: universe.rule.description, fields: fields, box: box,
                                level: universe.rootLevel, treeNodes: universe.treeNodeCount, statistics: universe.statistics)
        context.standardOutput(json ? report.json : report.text)
    }
}
